extension String {
  /// The text of a C buffer up to its first NUL (Xlib's error texts, the saved window size).
  init(nulTerminated buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension StringProtocol {
  /// Whether `part` occurs in the text, character by character (the standard library's own
  /// `contains(_:)` for strings is _StringProcessing's, which the program does not import).
  func contains(part: some StringProtocol) -> Bool {
    part.isEmpty || indices.contains { self[$0...].starts(with: part) }
  }
}
