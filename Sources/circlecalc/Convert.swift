import CalculatorCore
import CalculatorFiles
import CalculatorLayout
import CalculatorRates
import CalculatorRender
import X11Frontend

/// `--convert 'VALUE FROM to TO'`: prints the result as the display shows it, exit status 0;
/// one line on stderr and exit status 2 for a conversion that cannot be made.
func convert(_ text: String, numbers: NumberLocale = .c) -> Int32 {
  let stored = storedRates()
  do throws(ConversionError) {
    let conversion = try Conversion(parsing: text, rates: try? stored.get(), numbers: numbers)
    print(numbers.localized(NumberFormat.string(try conversion.result())))
    return 0
  } catch .noRates {
    // No rates at all, or a stored file that is not rates: either way, an update mends it.
    if case .failure(let problem) = stored, problem != .missing {
      printError("circlecalc: " + tr("%s; run circlecalc --update-rates").filling(problem))
    } else {
      printError("circlecalc: \(ConversionError.noRates)")
    }
  } catch {
    printError("circlecalc: \(error)")
  }
  return 2
}

/// `--units 'FROM to TO'`: the two units of the Convert lines, with the caption a currency
/// has; nil, after one line on stderr, when they cannot be converted between (exit status 2).
func convertUnits(_ text: String) -> ConvertUnits? {
  let stored = storedRates()
  let rates = try? stored.get()
  do throws(ConversionError) {
    let (from, to) = try Conversion.units(parsing: text, rates: rates)
    return ConvertUnits(
      from: from, to: to,
      caption: from.category == .currency ? ConvertUnits.ratesCaption(rates, update: .idle) : nil)
  } catch .noRates {
    if case .failure(let problem) = stored, problem != .missing {
      printError("circlecalc: " + tr("%s; run circlecalc --update-rates").filling(problem))
    } else {
      printError("circlecalc: \(ConversionError.noRates)")
    }
  } catch {
    printError("circlecalc: " + tr("%s in --units").filling(error))
  }
  return nil
}

/// `--update-rates [URL]`: prints the date of the rates stored, exit status 0; one line on
/// stderr and exit status 1 when the download, the file or storing it fails, the stored rates
/// then left as they were.
///
/// Without URL, from `$CIRCLECALC_RATES_URL` or the ECB.
func updateRates(from url: String?) -> Int32 {
  guard let timeout = RatesDownload.timeoutFromEnvironment else {
    printError(
      "circlecalc: "
        + tr("invalid %s: expected whole seconds from 1 to 600").filling(
          RatesDownload.timeoutVariable))
    return 2
  }
  guard let address = url ?? RatesDownload.addressFromEnvironment else {
    printError(
      "circlecalc: "
        + tr("invalid %s: expected http:// or https://").filling(RatesDownload.addressVariable))
    return 2
  }
  let download = RatesDownload(url: address, timeout: timeout)
  guard let file = RatesFile.standard else {
    printError("circlecalc: " + tr("cannot update the rates: %s").filling(RatesError.noCacheFolder))
    return 1
  }
  do {
    print(try RatesUpdate.run(download, into: file).caption)
    return 0
  } catch {
    let kept = (try? file.load()).map { tr("the rates of %s are kept").filling($0.date) }
    printError(
      "circlecalc: "
        + tr("cannot update the rates from %s: %s; %s").filling(
          quoted(download.url, limit: 200), error, kept ?? tr("no rates are stored")))
    return 1
  }
}

/// The stored rates, or why there are none.
func storedRates() -> Result<CurrencyRates, RatesError> {
  guard let file = RatesFile.standard else { return .failure(.noCacheFolder) }
  return Result { () throws(RatesError) in try file.load() }
}

/// `--list-units`: each category's name on a line, then one line per unit, indented: its
/// symbol, its name, and its other spellings in parentheses.
///
///     length
///       m       metre
///       µm      micrometre (also um, μm)
///     …
///     currency (rates of 2026-11-27, ECB)
///       EUR     euro
///       USD     US dollar
func unitListing() -> String {
  let stored = storedRates()
  var text = ""
  for category in UnitCategory.allCases {
    var heading = category.rawValue
    if category == .currency {
      switch stored {
      case .success(let rates): heading += " (rates of \(rates.date), ECB)"
      case .failure(.missing): heading += " (no rates yet: run circlecalc --update-rates)"
      case .failure: heading += " (the stored rates are unreadable: run circlecalc --update-rates)"
      }
    }
    text += heading + "\n"
    for unit in UnitTable.units(in: category, rates: try? stored.get()) {
      let padding = String(repeating: " ", count: max(1, 8 - unit.symbol.count))
      let also = unit.aliases.isEmpty ? "" : " (also \(unit.aliases.joined(separator: ", ")))"
      text += "  \(unit.symbol)\(padding)\(unit.name)\(also)\n"
    }
  }
  return text
}
