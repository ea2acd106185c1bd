import CalculatorCore
import CalculatorLayout

/// What a keypad cell's pixels (`Frame.inkBox`) show; the same key gives the same pixels.
///
/// They hold the cell, and the edges of any neighbour that reaches into them (circles a few
/// pixels apart), on the background.
struct CellImageKey: Equatable {
  var width: Int
  var height: Int
  var mode: Mode
  /// The cell whose pixels these are.
  var position: GridPosition
  /// How every cell reaching into them looks, row by row (the cell among them).
  var looks: [CellLook]
}

/// One cell's look in a `CellImageKey`.
struct CellLook: Equatable {
  var position: GridPosition
  var look: KeyLook
}

/// The pixels of keypad cells drawn before, the most recently used first, within `budget` bytes.
///
/// A key pressed again, or released, shows a look its cell has had: copying its pixels costs
/// a few microseconds, drawing them through Cairo tens. A new size or keypad makes new keys;
/// the old ones age out.
struct CellImages {
  /// 512 KiB: the keys in use at 360 × 640 (22 KiB a cell and look), not every look of every
  /// key.
  static let budget = 512 << 10
  /// A cell bigger than this (a huge window's, 336 KiB at 1440 × 2560) is drawn each time.
  static let cellLimit = budget / 4

  private var entries: [(key: CellImageKey, pixels: [UInt32])] = []
  private var bytes = 0

  /// The bytes held.
  var byteCount: Int { bytes }

  /// The cell's pixels, `region.width` a row, if drawn before; it becomes the most recent.
  mutating func pixels(for key: CellImageKey) -> [UInt32]? {
    guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
    let entry = entries.remove(at: index)
    entries.insert(entry, at: 0)
    return entry.pixels
  }

  /// Keeps a copy of a cell just drawn, dropping the least recently used past the budget.
  mutating func insert(_ key: CellImageKey, pixels: [UInt32]) {
    let size = pixels.count * 4
    guard size <= CellImages.cellLimit else { return }
    entries.insert((key, pixels), at: 0)
    bytes += size
    while bytes > CellImages.budget, let last = entries.popLast() {
      bytes -= last.pixels.count * 4
    }
  }
}

extension Frame {
  /// The key of `region`'s pixels when they are exactly the pixels one keypad cell draws and
  /// nothing but keypad cells reaches into them (`screenReaches`); nil otherwise.
  func cellImageKey(for region: PixelRect) -> CellImageKey? {
    guard !layout.isEmpty, !screenReaches(region) else { return nil }
    let reaching = cells(reaching: region)
    guard let cell = reaching.first(where: { inkBox($0) == region }) else { return nil }
    let looks = reaching.map { CellLook(position: $0, look: look(at: $0)) }
    return CellImageKey(width: width, height: height, mode: mode, position: cell, looks: looks)
  }
}

extension Renderer {
  /// Copies a cell drawn before into `pixels`; false when it was not.
  func copyCell(
    _ key: CellImageKey, region: PixelRect, into pixels: UnsafeMutableRawPointer, stride: Int
  ) -> Bool {
    guard let image = cellImages.pixels(for: key), image.count == region.width * region.height
    else { return false }
    image.withUnsafeBytes { source in
      guard let source = source.baseAddress else { return }
      for row in 0..<region.height {
        (pixels + row * stride).copyMemory(
          from: source + row * region.width * 4, byteCount: region.width * 4)
      }
    }
    return true
  }

  /// Keeps the cell just drawn into `pixels` for `copyCell`.
  func keepCell(
    _ key: CellImageKey, region: PixelRect, from pixels: UnsafeMutableRawPointer, stride: Int
  ) {
    guard region.area * 4 <= CellImages.cellLimit else { return }
    var image = [UInt32](repeating: 0, count: region.area)
    image.withUnsafeMutableBytes { target in
      guard let target = target.baseAddress else { return }
      for row in 0..<region.height {
        (target + row * region.width * 4).copyMemory(
          from: pixels + row * stride, byteCount: region.width * 4)
      }
    }
    cellImages.insert(key, pixels: image)
  }
}
