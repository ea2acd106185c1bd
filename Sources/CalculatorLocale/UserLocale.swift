import CGettext

#if canImport(Glibc)
  import Glibc
#endif

/// The user's locale, taken once at start from the environment through the C library
/// (docs/SPEC.md section 13): `LC_ALL`, `LC_NUMERIC`, `LC_MESSAGES`, `LANG`.
public enum UserLocale {
  /// The gettext text domain: catalogs are `LL/LC_MESSAGES/circlecalc.mo`.
  public static let textDomain = "circlecalc"

  /// Sets the locale's numbers and messages from the environment, reads how it writes
  /// numbers, points gettext at the catalogs and puts `LC_NUMERIC` back to C, so the C
  /// library's number functions (MPFR's reading of a decimal) keep the C form; returns the
  /// numbers' form and, for a locale that is not installed, the one line to print (the program
  /// then stays English, in the C form).
  ///
  /// The catalogs are looked for beside the executable (`locale/` in the build folder), then
  /// in `share/locale` beside its folder (`PREFIX/bin/circlecalc` → `PREFIX/share/locale`).
  public static func adopt() -> (numbers: NumberLocale, warning: String?) {
    // The two categories the program uses, not LC_ALL: mapping the others' files (LC_COLLATE's
    // 2.5 MB, LC_CTYPE's 350 KB) cost 0.4 MiB of RSS for nothing (docs/SPEC.md section 13).
    guard setlocale(LC_NUMERIC, "") != nil, setlocale(LC_MESSAGES, "") != nil else {
      setlocale(LC_NUMERIC, "C")
      setlocale(LC_MESSAGES, "C")
      return (.c, notInstalledWarning())
    }
    let numbers = NumberLocale.current()
    setlocale(LC_NUMERIC, "C")
    if !isC(category: LC_MESSAGES), let folder = catalogFolder() {
      bindtextdomain(textDomain, folder)
      bind_textdomain_codeset(textDomain, "UTF-8")
      textdomain(textDomain)
      Translation.isOn = true
      fontLanguage = messagesLanguage()
    }
    return (numbers, nil)
  }

  /// The language the texts are in, as fontconfig names languages (`ko`, `ja`, `zh-cn`), so a
  /// fallback font draws Han in that language's forms; nil in the C locale.
  nonisolated(unsafe) public private(set) static var fontLanguage: String?

  /// The first language gettext tries: `LANGUAGE`'s first, else `LC_MESSAGES`' (`zh_CN.UTF-8`
  /// → `zh-cn`).
  private static func messagesLanguage() -> String? {
    let listed = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
    let name =
      listed.split(separator: ":").first.map(String.init)
      ?? setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? ""
    let language = name.prefix { $0 != "." && $0 != "@" }
    guard !language.isEmpty else { return nil }
    return String(language.lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// Whether a category is in the C or POSIX locale (`C`, `C.UTF-8`, `POSIX`).
  static func isC(category: Int32) -> Bool {
    guard let name = setlocale(category, nil) else { return true }
    let text = String(cString: name)
    return text == "C" || text == "POSIX" || text.hasPrefix("C.")
  }

  /// `circlecalc: locale 'xx_YY.UTF-8' is not installed; English and the C number form`.
  private static func notInstalledWarning() -> String {
    let variables = ["LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LANG"]
    let name =
      variables.lazy.compactMap { (variable: String) -> String? in
        getenv(variable).map { String(cString: $0) }
      }.first { !$0.isEmpty } ?? ""
    return "circlecalc: locale '\(name.prefix(60))' is not installed; English and the C number"
      + " form are used"
  }

  /// The folder holding `LL/LC_MESSAGES/circlecalc.mo`: `locale` beside the executable when it
  /// is there (the build folder), else `../share/locale` from the executable's folder.
  private static func catalogFolder() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    let folder = String(path[..<slash])
    var status = stat()
    let beside = folder + "/locale"
    if stat(beside, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return beside }
    guard let parent = folder.lastIndex(of: "/") else { return nil }
    return String(folder[..<parent]) + "/share/locale"
  }
}

extension NumberLocale {
  /// How the C library's current `LC_NUMERIC` writes numbers (`localeconv`): the C form in the
  /// C and POSIX locales, whatever they say (they group nothing; the C form groups by three).
  public static func current() -> NumberLocale {
    guard !UserLocale.isC(category: LC_NUMERIC), let conventions = localeconv() else { return .c }
    let decimal = text(conventions.pointee.decimal_point)
    let separator = text(conventions.pointee.thousands_sep)
    var sizes: [Int] = []
    if let grouping = conventions.pointee.grouping {
      // One byte a group from the right; 0 ends the list and the last size repeats (CHAR_MAX,
      // no grouping further left, is in no glibc locale: it ends the list the same way).
      var index = 0
      while grouping[index] != 0 && grouping[index] != CChar(CHAR_MAX) && sizes.count < 8 {
        sizes.append(Int(grouping[index]))
        index += 1
      }
    }
    return NumberLocale(
      decimalSeparator: decimal, groupingSeparator: separator, groupSizes: sizes)
  }

  /// A separator as the locale gives it: UTF-8, or Latin-1 in an 8-bit locale.
  private static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
      UInt8(bitPattern: $0)
    }
    if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
