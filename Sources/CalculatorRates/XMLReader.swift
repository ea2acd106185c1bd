/// A strict reader of the XML a rates file is written in.
///
/// Elements, attributes, text, comments, processing instructions and CDATA, well-formed (one
/// root, every element closed in order), in UTF-8. A DOCTYPE (and so any entity but the five
/// predefined ones) is refused, as the rates never have one. It hands each start and end tag
/// to the caller, which checks what they mean.
enum XMLReader {
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
    var scanner = Scanner(bytes: bytes)
    _ = scanner.skip("\u{FEFF}")  // a byte order mark
    var open: [String] = []
    var rootSeen = false
    while !scanner.isAtEnd {
      if scanner.skip("<?") {
        try scanner.skip(past: "?>", what: "a processing instruction")
      } else if scanner.skip("<!--") {
        try scanner.skip(past: "-->", what: "a comment")
      } else if scanner.skip("<![CDATA[") {
        guard !open.isEmpty else { throw .invalid("CDATA outside the root element") }
        try scanner.skip(past: "]]>", what: "a CDATA section")
      } else if scanner.skip("<!") {
        throw .invalid("a DOCTYPE or declaration, which rates never have")
      } else if scanner.skip("</") {
        let name = try scanner.name()
        scanner.skipSpaces()
        guard scanner.skip(">") else { throw scanner.unexpected("in </\(name)") }
        guard open.last == name else {
          throw .invalid("</\(name)> closes " + (open.last.map { "<\($0)>" } ?? "nothing"))
        }
        open.removeLast()
        try visit(.end(name: name))
      } else if scanner.skip("<") {
        let name = try scanner.name()
        if open.isEmpty && rootSeen { throw .invalid("a second root element <\(name)>") }
        rootSeen = true
        var attributes: [String: String] = [:]
        while true {
          let spaced = scanner.skipSpaces()
          if scanner.skip("/>") {
            try visit(.start(name: name, attributes: attributes))
            try visit(.end(name: name))
            break
          }
          if scanner.skip(">") {
            open.append(name)
            try visit(.start(name: name, attributes: attributes))
            break
          }
          guard spaced else { throw scanner.unexpected("in <\(name)>") }
          let attribute = try scanner.name()
          scanner.skipSpaces()
          guard scanner.skip("=") else { throw scanner.unexpected("after \(attribute)") }
          scanner.skipSpaces()
          guard attributes[attribute] == nil else {
            throw .invalid("<\(name)> has two \(attribute) attributes")
          }
          attributes[attribute] = try scanner.quoted()
        }
      } else {
        let text = try scanner.text()
        if open.isEmpty && !text.allSatisfy(Scanner.isSpace) {
          throw .invalid("text outside the root element")
        }
      }
    }
    if let unclosed = open.last { throw .invalid("it ends inside <\(unclosed)> (cut short?)") }
    guard rootSeen else { throw .invalid(bytes.isEmpty ? "the file is empty" : "no element") }
  }

  /// A position in the bytes.
  struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// Moves past `literal` when the bytes continue with it.
    mutating func skip(_ literal: String) -> Bool {
      let utf8 = Array(literal.utf8)
      guard bytes.count - index >= utf8.count,
        bytes[index..<index + utf8.count].elementsEqual(utf8)
      else { return false }
      index += utf8.count
      return true
    }

    /// Moves past the next `end`, which closes `what`.
    mutating func skip(past end: String, what: String) throws(RatesError) {
      while !isAtEnd {
        if skip(end) { return }
        index += 1
      }
      throw .invalid("it ends inside \(what) (cut short?)")
    }

    /// Moves past white space; whether there was any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
      let start = index
      while !isAtEnd && Scanner.isSpace(bytes[index]) { index += 1 }
      return index > start
    }

    /// An XML name: a letter, `_` or `:`, then those, digits, `-` and `.` (and any non-ASCII).
    mutating func name() throws(RatesError) -> String {
      let start = index
      while !isAtEnd {
        let byte = bytes[index]
        let isStart = Scanner.isLetter(byte) || byte == UInt8(ascii: "_") || byte == 58
        let isLater = (48...57).contains(byte) || byte == UInt8(ascii: "-") || byte == 46
        guard isStart || (index > start && isLater) else { break }
        index += 1
      }
      guard index > start else { throw unexpected("where a name belongs") }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted attribute value, its references replaced.
    mutating func quoted() throws(RatesError) -> String {
      guard !isAtEnd, bytes[index] == 34 || bytes[index] == 39 else {
        throw unexpected("where a quoted value belongs")
      }
      let quote = bytes[index]
      index += 1
      let value = try text(until: quote)
      guard !isAtEnd else { throw .invalid("it ends inside an attribute (cut short?)") }
      index += 1
      return String(decoding: value, as: UTF8.self)
    }

    /// The text up to the next `end` (`<`, or an attribute's closing quote), its references
    /// checked; an attribute's value may hold no `<`.
    mutating func text(until end: UInt8 = UInt8(ascii: "<")) throws(RatesError) -> [UInt8] {
      var text: [UInt8] = []
      while !isAtEnd && bytes[index] != end {
        guard bytes[index] != UInt8(ascii: "<") else { throw .invalid("< in an attribute") }
        if bytes[index] == UInt8(ascii: "&") {
          text += try reference()
        } else {
          text.append(bytes[index])
          index += 1
        }
      }
      return text
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#65;` or `&#x41;`, as UTF-8.
    mutating func reference() throws(RatesError) -> [UInt8] {
      let start = index
      while !isAtEnd && bytes[index] != UInt8(ascii: ";") && index - start < 12 { index += 1 }
      guard !isAtEnd, bytes[index] == UInt8(ascii: ";") else {
        throw .invalid("an & that starts no reference")
      }
      let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
      index += 1
      let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      if let character = named[name] { return Array(character.utf8) }
      var digits = Substring(name)
      guard digits.popFirst() == "#" else { throw .invalid("an unknown entity &\(name);") }
      let hex = digits.first == "x"
      let code = UInt32(hex ? digits.dropFirst() : digits, radix: hex ? 16 : 10)
      guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
        throw .invalid("a bad character reference &\(name);")
      }
      return Array(String(scalar).utf8)
    }

    /// What stands at the index, as an error.
    func unexpected(_ place: String) -> RatesError {
      guard !isAtEnd else { return .invalid("it ends \(place) (cut short?)") }
      let byte = bytes[index]
      let shown =
        (33...126).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
      return .invalid("unexpected \(shown) \(place)")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
      byte == 32 || byte == 9 || byte == 10 || byte == 13
    }

    static func isLetter(_ byte: UInt8) -> Bool {
      (65...90).contains(byte) || (97...122).contains(byte) || byte >= 0x80
    }
  }
}
