/// CalculatorRates: the currency rates of the Convert mode (docs/SPEC.md section 10.3), beside
/// the front end: the ECB's daily file downloaded with libcurl (`RatesDownload`), read strictly
/// (`ECBRates`, on `XMLReader`), stored atomically in the cache folder (`RatesFile`). Start
/// reading at `RatesUpdate.run`; the window runs it in a child process (`RatesUpdateProcess`).
import CalculatorCore

/// One update of the stored rates.
public enum RatesUpdate {
  /// Downloads the file, checks that it holds the ECB's daily rates, stores it, returns them.
  ///
  /// Blocks for up to the download's timeout. On any failure the stored file is left as
  /// it was, byte for byte.
  public static func run(_ download: RatesDownload, into file: RatesFile) throws(RatesError)
    -> CurrencyRates
  {
    let bytes = try download.fetch()
    let rates = try ECBRates.parse(bytes)
    try file.store(bytes)
    return rates
  }
}
