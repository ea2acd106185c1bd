extension String {
  /// The text of a C buffer up to its first NUL (Xlib's error texts, the saved window size).
  init(nulTerminated buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
