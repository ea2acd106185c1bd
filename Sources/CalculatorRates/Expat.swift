import CExpat

/// The XML of a rates file, read by expat (Debian libexpat1), as strictly as the rates need.
///
/// Well-formed XML (one root, every element closed in order) in UTF-8, whatever its declaration
/// says, with the five predefined entities and character references. A DOCTYPE stops the reading
/// where it starts, before a declaration in it is read, so no other entity is ever defined: the
/// rates never have one. Each start and end tag goes to the caller, which checks what it means.
/// A parser is made only when rates are read; nothing of expat runs before.
enum Expat {
  /// A tag as read.
  enum Tag {
    /// `<name a='1'>` or `<name a='1'/>` (the latter followed by its `end`), its attribute
    /// values with their references replaced.
    case start(name: String, attributes: [String: String])
    /// `</name>`.
    case end(name: String)
  }

  /// Reads `bytes`, calling `visit` for each tag in order; throws `.invalid` naming the first
  /// thing that is not well-formed XML, or what `visit` throws.
  static func read(_ bytes: [UInt8], _ visit: (Tag) throws(RatesError) -> Void)
    throws(RatesError)
  {
    guard !bytes.isEmpty else { throw .invalid("the file is empty") }
    guard bytes.count <= Int(Int32.max), let parser = XML_ParserCreate("UTF-8") else {
      throw .invalid("expat cannot read it (out of memory)")
    }
    defer { XML_ParserFree(parser) }
    try withoutActuallyEscaping(visit) { (visit) throws(RatesError) in
      let reading = Reading(parser: parser, visit: visit)
      let status = withExtendedLifetime(reading) {
        XML_SetUserData(parser, Unmanaged.passUnretained(reading).toOpaque())
        XML_SetElementHandler(
          parser, { data, name, attributes in Reading.of(data).start(name, attributes) },
          { data, name in Reading.of(data).end(name) })
        XML_SetStartDoctypeDeclHandler(
          parser, { data, _, _, _, _ in Reading.of(data).stop(Expat.declaration) })
        return bytes.withUnsafeBytes {
          XML_Parse(parser, $0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32($0.count), 1)
        }
      }
      guard status == XML_STATUS_OK else {
        throw reading.failure ?? Expat.error(of: parser, in: bytes, open: reading.open)
      }
    }
  }

  /// A DOCTYPE, or a declaration after the root element.
  static let declaration = RatesError.invalid("a DOCTYPE or declaration, which rates never have")

  /// The state of one reading, which expat's handlers reach through its user data.
  private final class Reading {
    let parser: OpaquePointer
    let visit: (Tag) throws(RatesError) -> Void
    /// The names of the open elements, the innermost last.
    var open: [String] = []
    /// What stopped the reading: a DOCTYPE, or what `visit` threw.
    var failure: RatesError?

    init(parser: OpaquePointer, visit: @escaping (Tag) throws(RatesError) -> Void) {
      self.parser = parser
      self.visit = visit
    }

    static func of(_ data: UnsafeMutableRawPointer?) -> Reading {
      // The user data is always set before the first handler can run.
      Unmanaged<Reading>.fromOpaque(data.unsafelyUnwrapped).takeUnretainedValue()
    }

    func start(
      _ name: UnsafePointer<CChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) {
      guard failure == nil, let name else { return }
      var values: [String: String] = [:]
      var pair = attributes
      while let key = pair?[0], let value = pair?[1] {
        values[String(cString: key)] = String(cString: value)
        pair = pair.map { $0 + 2 }
      }
      let element = String(cString: name)
      open.append(element)
      report(.start(name: element, attributes: values))
    }

    func end(_ name: UnsafePointer<CChar>?) {
      guard failure == nil, let name else { return }
      open.removeLast()
      report(.end(name: String(cString: name)))
    }

    func report(_ tag: Tag) {
      do throws(RatesError) { try visit(tag) } catch { stop(error) }
    }

    func stop(_ error: RatesError) {
      guard failure == nil else { return }
      failure = error
      XML_StopParser(parser, 0)
    }
  }

  /// Expat's error in the words of the rates' errors: what was cut short, the tag or entity at
  /// fault; expat's own words with the line and column for the rest.
  private static func error(of parser: OpaquePointer, in bytes: [UInt8], open: [String])
    -> RatesError
  {
    let code = XML_GetErrorCode(parser)
    let index = Int(XML_GetCurrentByteIndex(parser))
    let at = (0...bytes.count).contains(index) ? bytes[index...] : []
    let afterRoot = code == XML_ERROR_JUNK_AFTER_DOC_ELEMENT
    if afterRoot || (open.isEmpty && (code == XML_ERROR_INVALID_TOKEN || code == XML_ERROR_SYNTAX)),
      let outside = outsideTheRoot(bytes, at: index, afterRoot: afterRoot)
    {
      return outside
    }
    switch code {
    case XML_ERROR_NO_ELEMENTS, XML_ERROR_UNCLOSED_TOKEN, XML_ERROR_PARTIAL_CHAR,
      XML_ERROR_UNCLOSED_CDATA_SECTION:
      if let innermost = open.last { return .invalid("it ends inside <\(innermost)> (cut short?)") }
      if code == XML_ERROR_NO_ELEMENTS { return .invalid("no element") }
      return .invalid("it ends inside \(construct(at)) (cut short?)")
    case XML_ERROR_TAG_MISMATCH:
      return .invalid("</\(name(at))> closes " + (open.last.map { "<\($0)>" } ?? "nothing"))
    case XML_ERROR_DUPLICATE_ATTRIBUTE:
      let tag = bytes[..<index].lastIndex(of: UInt8(ascii: "<")).map { bytes[($0 + 1)...] }
      return .invalid("<\(name(tag ?? []))> has two \(name(at)) attributes")
    case XML_ERROR_UNDEFINED_ENTITY:
      return .invalid("an unknown entity &\(unknownEntity(at));")
    default:
      let words = XML_ErrorString(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
      let line = XML_GetCurrentLineNumber(parser)
      let column = XML_GetCurrentColumnNumber(parser) + 1
      return .invalid("\(words) at line \(line), column \(column)")
    }
  }

  /// What is wrong at `index`, outside the root element (after it when `afterRoot`): text,
  /// CDATA, a declaration, a second root; nil inside a tag or where expat's own words say it
  /// better (a misspelt processing instruction).
  private static func outsideTheRoot(_ bytes: [UInt8], at index: Int, afterRoot: Bool)
    -> RatesError?
  {
    guard (0..<bytes.count).contains(index) else { return nil }
    // Since the last markup: text (`rates<a/>` fails at the `<` after it), or a tag begun.
    let start = bytes[..<index].lastIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? 0
    let before = bytes[start..<index]
    guard !before.contains(UInt8(ascii: "<")) else { return nil }
    let at = bytes[index...]
    if before.contains(where: { ![9, 10, 13, 32].contains($0) }) || at.first != UInt8(ascii: "<") {
      return .invalid("text outside the root element")
    }
    if at.starts(with: "<![CDATA[".utf8) { return .invalid("CDATA outside the root element") }
    if at.starts(with: "<!".utf8), !at.starts(with: "<!--".utf8) { return declaration }
    if afterRoot, !at.starts(with: "<?".utf8) {
      return .invalid("a second root element <\(name(at.dropFirst()))>")
    }
    return nil
  }

  /// What starts at `bytes`: the construct a file cut short ends inside.
  private static func construct(_ bytes: ArraySlice<UInt8>) -> String {
    if bytes.starts(with: "<?".utf8) { return "a processing instruction" }
    if bytes.starts(with: "<!--".utf8) { return "a comment" }
    if bytes.starts(with: "<!".utf8) { return "a declaration" }
    if bytes.starts(with: "<".utf8) { return "the tag <\(name(bytes.dropFirst()))" }
    return "a reference"
  }

  /// The XML name `bytes` start with: up to a space, `/`, `>`, `=` or `;`.
  private static func name(_ bytes: ArraySlice<UInt8>) -> String {
    let ends: Set<UInt8> = [9, 10, 13, 32, UInt8(ascii: "/"), UInt8(ascii: ">"), 61, 59]
    return String(decoding: bytes.prefix { !ends.contains($0) }.prefix(64), as: UTF8.self)
  }

  /// The first reference in `bytes` that is not to one of the five predefined entities or to a
  /// character: `euro` in `&lt;&euro;`.
  private static func unknownEntity(_ bytes: ArraySlice<UInt8>) -> String {
    let predefined = ["amp", "lt", "gt", "quot", "apos"]
    var rest = bytes
    while let ampersand = rest.firstIndex(of: UInt8(ascii: "&")) {
      let entity = name(rest[(ampersand + 1)...])
      if !predefined.contains(entity), !entity.hasPrefix("#") { return entity }
      rest = rest[(ampersand + 1)...]
    }
    return ""
  }
}
