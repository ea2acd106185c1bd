import CGettext

#if canImport(Glibc)
  import Glibc
#endif

// Every text a user reads or hears goes through these two functions (docs/SPEC.md section
// 13.4), and `make po` extracts their literals with xgettext: its C parser reads Swift's
// plain string literals, so a marked text is one `"…"` literal, never interpolated; values go
// in through `%s` and `%d` (`filling(_:)`), which translators may reorder (`%2$s`).

/// `text` in the user's language: glibc's gettext in the `circlecalc` domain, the English
/// text itself in the C locale or without a catalog.
public func tr(_ text: String) -> String {
  guard Translation.isOn else { return text }
  // gettext answers an untranslated text with the pointer it was given, valid only in here.
  return text.withCString { msgid in
    guard let translated = dgettext(UserLocale.textDomain, msgid), translated != msgid else {
      return text
    }
    return String(cString: translated)
  }
}

/// The form of `singular` or `plural` for `count` in the user's language (ngettext: Polish and
/// Russian have three forms, Korean one): `trPlural("%d calculation", "%d calculations", 3)`.
public func trPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
  let english = count == 1 ? singular : plural
  guard Translation.isOn else { return english }
  return singular.withCString { one in
    plural.withCString { many in
      guard
        let translated = dngettext(
          UserLocale.textDomain, one, many, Translation.pluralCount(count)),
        translated != one, translated != many
      else { return english }
      return String(cString: translated)
    }
  }
}

/// Whether a catalog is in use, and the conversions around gettext's C strings.
public enum Translation {
  /// Set once at start by `UserLocale.adopt()` when messages are not in the C locale: until
  /// then, and in the C locale, the texts are the English ones without a call into the C
  /// library.
  nonisolated(unsafe) public internal(set) static var isOn = false

  /// A count as ngettext takes it (an unsigned long), keeping what plural rules look at (its
  /// last two digits, whether it is 1): past a million, a million plus its remainder.
  static func pluralCount(_ count: Int) -> UInt {
    let magnitude = count.magnitude
    return magnitude < 1_000_000 ? UInt(magnitude) : 1_000_000 + UInt(magnitude % 1_000_000)
  }
}

extension String {
  /// The text with its `%s` and `%d` filled in order by `arguments`, or `%1$s`, `%2$d` by
  /// position (a translation may reorder them); `%%` is `%`:
  /// `"cannot write %s: %s".filling(path, reason)`.
  public func filling(_ arguments: Any...) -> String {
    var result = ""
    var next = 0
    var scalars = unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "%", let following = scalars.first else {
        result.unicodeScalars.append(scalar)
        continue
      }
      if following == "%" {
        result.append("%")
        scalars.removeFirst()
        continue
      }
      // `%N$` picks argument N; then the conversion, `s` or `d`.
      var position: Int?
      let digits = scalars.prefix { ("0"..."9").contains($0) }
      if !digits.isEmpty, scalars.dropFirst(digits.count).first == "$" {
        position = Int(String(String.UnicodeScalarView(digits)))
        scalars.removeFirst(digits.count + 1)
      }
      guard let conversion = scalars.first, conversion == "s" || conversion == "d" else {
        result.append("%")
        continue
      }
      scalars.removeFirst()
      let index = position.map { $0 - 1 } ?? next
      next = index + 1
      if arguments.indices.contains(index) { result += String(describing: arguments[index]) }
    }
    return result
  }
}
