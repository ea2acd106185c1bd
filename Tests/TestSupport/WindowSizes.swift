extension TestSupport {
  /// 135 window sizes, tiny to 4K, portrait, landscape and square: 27 named, then 27 widths from
  /// 200 to 3840 at four heights each.
  public static let windowSizes: [(Int, Int)] = {
    var sizes: [(Int, Int)] = [
      (200, 300), (220, 400), (240, 320), (320, 480), (360, 640), (375, 667), (390, 844),
      (393, 852), (414, 896), (430, 932), (480, 800), (600, 600), (640, 480), (800, 600),
      (1024, 768), (1280, 720), (1280, 1024), (1366, 768), (1440, 2560), (1920, 1080),
      (2560, 1440), (3840, 2160), (2160, 3840), (250, 2000), (2000, 250), (301, 299), (333, 777),
    ]
    for width in stride(from: 200, through: 3840, by: 140) {
      for height in [300, 555, 1234, 2160] {
        sizes.append((width, height))
      }
    }
    return sizes
  }()
}
