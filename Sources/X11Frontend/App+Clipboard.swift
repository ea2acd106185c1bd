import CX11
import CalculatorWindow
import Glibc

/// The most a paste reads; a bigger selection is refused, and so is INCR (chunked) data.
let pasteByteLimit = 64 * 1024

// Copy owns CLIPBOARD and answers SelectionRequests until a SelectionClear (ICCCM 2.2–2.6).
// Paste asks the owner for the text and waits at most a second (`Deadlines.Kind.pasteReply`),
// polling the connection's file descriptor (no busy loop), while still answering requests for
// our own selection.
extension App {
  /// Ctrl+C (the displayed number without grouping commas) and Ctrl+Shift+C (a calculation's
  /// line): owns CLIPBOARD with `text`; false when the server gave it to no one.
  func copy(_ text: String, time: Time) -> Bool {
    XSetSelectionOwner(display, atoms.clipboard, window, time)
    guard XGetSelectionOwner(display, atoms.clipboard) == window else { return false }
    clipboardText = text
    clipboardTime = time
    return true
  }

  /// A double click on the display (docs/SPEC.md section 14.3): owns PRIMARY with `text`;
  /// false when the server gave it to no one.
  func ownPrimary(_ text: String, time: Time) -> Bool {
    XSetSelectionOwner(display, XA_PRIMARY, window, time)
    guard XGetSelectionOwner(display, XA_PRIMARY) == window else { return false }
    primaryText = text
    primaryTime = time
    return true
  }

  /// The text we serve on `selection` and since when, while we own it.
  private func served(_ selection: Atom) -> (text: String, time: Time)? {
    switch selection {
    case atoms.clipboard: clipboardText.map { ($0, clipboardTime) }
    case XA_PRIMARY: primaryText.map { ($0, primaryTime) }
    default: nil
    }
  }

  /// Ctrl+V (CLIPBOARD) or a middle click on the display (PRIMARY): the selection's text, or nil
  /// with no owner or no answer in time.
  func paste(from selection: Atom) -> String? {
    if let own = served(selection), XGetSelectionOwner(display, selection) == window {
      return own.text
    }
    return requestSelection(selection, time: eventTime)
  }

  /// Asks for UTF8_STRING, then STRING if the owner refuses it; nil on refusal or timeout.
  private func requestSelection(_ selection: Atom, time: Time) -> String? {
    guard XGetSelectionOwner(display, selection) != Atom(None) else { return nil }
    let deadline = Instant.now + Deadlines.Kind.pasteReply.duration
    for target in [atoms.utf8String, XA_STRING] {
      XConvertSelection(display, selection, target, atoms.pasteProperty, window, time)
      guard let reply = waitForSelectionNotify(selection, target: target, until: deadline) else {
        return nil
      }
      if reply.property != Atom(None) { return readPasteProperty() }
    }
    return nil
  }

  private func waitForSelectionNotify(
    _ selection: Atom, target: Atom, until deadline: Instant
  ) -> XSelectionEvent? {
    var event = XEvent()
    while true {
      while XCheckIfEvent(display, &event, isSelectionEvent, nil) != 0 {
        let reply = event.xselection
        if event.type == SelectionNotify, reply.requestor == window,
          reply.selection == selection, reply.target == target
        {
          return reply
        }
        handle(&event)  // requests for our own selection are answered meanwhile
      }
      guard Instant.now < deadline else { return nil }
      waitForInput(until: deadline)
    }
  }

  /// Reads and deletes the reply property, or nil when it is not short 8-bit text.
  ///
  /// Accepts UTF8_STRING or STRING (Latin-1) of at most `pasteByteLimit` bytes. An INCR reply
  /// is refused and left alone, so the owner never starts sending chunks (it waits for us to
  /// delete the property, ICCCM 2.7.2).
  private func readPasteProperty() -> String? {
    guard
      let reply = WindowProperty(
        display, atoms.pasteProperty, of: window, type: Atom(AnyPropertyType),
        byteLimit: pasteByteLimit),
      reply.type != atoms.incr
    else { return nil }
    XDeleteProperty(display, window, atoms.pasteProperty)
    guard reply.format == 8, reply.isComplete else { return nil }
    switch reply.type {
    case atoms.utf8String: return String(validating: reply.bytes, as: UTF8.self)
    case XA_STRING: return String(String.UnicodeScalarView(reply.bytes.map { Unicode.Scalar($0) }))
    default: return nil
    }
  }

  /// Another client asks for our CLIPBOARD or PRIMARY.
  ///
  /// A text longer than a request may carry (Copy Tape's, docs/SPEC.md section 15.5) goes in
  /// chunks (`sendText`).
  func selectionRequest(_ request: XSelectionRequestEvent) {
    // ICCCM 2.2: an obsolete client sends property None and means the target's name.
    let property = request.property == Atom(None) ? request.target : request.property
    var reply = XSelectionEvent()
    reply.type = SelectionNotify
    reply.display = display
    reply.requestor = request.requestor
    reply.selection = request.selection
    reply.target = request.target
    reply.time = request.time
    reply.property = Atom(None)
    if let (text, since) = served(request.selection),
      request.time == CurrentTime || request.time >= since,
      convert(text, since: since, to: request.target, on: request.requestor, property: property)
    {
      reply.property = property
    }
    var event = XEvent()
    event.xselection = reply
    XSendEvent(display, request.requestor, 0, 0, &event)
  }

  /// Writes `text` as `target` into the requestor's property; false for a target we refuse.
  private func convert(
    _ text: String, since: Time, to target: Atom, on requestor: Window, property: Atom
  ) -> Bool {
    switch target {
    case atoms.targets:
      let targets = [atoms.targets, atoms.timestamp, atoms.utf8String, XA_STRING, atoms.text]
      changeProperty(requestor, property, type: XA_ATOM, longs: targets.map { Int($0) })
    case atoms.timestamp:
      changeProperty(requestor, property, type: XA_INTEGER, longs: [Int(since)])
    case atoms.utf8String:
      sendText(Array(text.utf8), type: atoms.utf8String, to: requestor, property: property)
    case XA_STRING, atoms.text:
      // STRING is Latin-1 (ICCCM 2.7.1): a number is ASCII, `×` and `÷` are Latin-1, but a
      // line with `−` is not, and TEXT then gets UTF8_STRING (the owner picks for TEXT).
      if let latin1 = App.latin1(text) {
        sendText(latin1, type: XA_STRING, to: requestor, property: property)
      } else if target == atoms.text {
        sendText(Array(text.utf8), type: atoms.utf8String, to: requestor, property: property)
      } else {
        return false
      }
    default:
      return false
    }
    return true
  }

  /// The most bytes one property write carries: what a request without BIG-REQUESTS holds,
  /// less room for its header, as GTK counts it (about 256 KiB).
  var chunkSize: Int { max(Int(XMaxRequestSize(display)) * 4 - 100, 4096) }

  /// Writes `bytes` of `type` into the requestor's property: at once when they fit one
  /// request, else by ICCCM's INCR (2.7.2): the property first holds the size, as type INCR,
  /// and each time the requestor deletes it, the next chunk follows (`propertyDeleted`), then
  /// an empty one.
  private func sendText(_ bytes: [UInt8], type: Atom, to requestor: Window, property: Atom) {
    guard bytes.count > chunkSize else {
      changeProperty(requestor, property, type: type, bytes: bytes)
      return
    }
    transfers.removeAll { $0.requestor == requestor && $0.property == property }
    // A requestor that never reads its chunks keeps its text only until a few newer ones start.
    if transfers.count >= IncrementalTransfer.limit { transfers.removeFirst() }
    transfers.append(
      IncrementalTransfer(requestor: requestor, property: property, type: type, bytes: bytes))
    XSelectInput(display, requestor, PropertyChangeMask)
    changeProperty(requestor, property, type: atoms.incr, longs: [bytes.count])
  }

  /// A property deleted on another client's window: a requestor of a chunked selection read
  /// the last chunk, and the next one (or the empty end) is written.
  func propertyDeleted(_ event: XPropertyEvent) {
    guard event.state == PropertyDelete,
      let index = transfers.firstIndex(where: {
        $0.requestor == event.window && $0.property == event.atom
      })
    else { return }
    let transfer = transfers[index]
    guard let chunk = transfers[index].nextChunk(size: chunkSize) else {
      transfers.remove(at: index)  // the empty end was read
      XSelectInput(display, transfer.requestor, NoEventMask)
      return
    }
    changeProperty(transfer.requestor, transfer.property, type: transfer.type, bytes: chunk)
  }

  /// The text in Latin-1, or nil when a character has no code there.
  static func latin1(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    for scalar in text.unicodeScalars {
      guard scalar.value <= 0xFF else { return nil }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }

  /// A reply that came after its paste timed out: ignored, the next reply replaces the property.
  func selectionNotify(_ event: XSelectionEvent) {}

  /// Another client owns CLIPBOARD or PRIMARY now: stop serving it.
  ///
  /// The display's number no longer shows selected (docs/SPEC.md section 14.3). Nothing takes
  /// it back, so two programs never pass it to and fro.
  func selectionClear(_ event: XSelectionClearEvent) {
    switch event.selection {
    case atoms.clipboard: clipboardText = nil
    case XA_PRIMARY:
      primaryText = nil
      send(.selectionLost)
    default: break
    }
  }
}

/// The events a paste waits for; an Xlib predicate, so it must not call Xlib.
private func isSelectionEvent(
  _ display: OpaquePointer?, _ event: UnsafeMutablePointer<XEvent>?, _ argument: XPointer?
) -> Int32 {
  switch event?.pointee.type {
  case SelectionNotify, SelectionRequest, SelectionClear: 1
  default: 0
  }
}

/// A selection sent in chunks to one requestor (ICCCM 2.7.2, INCR).
struct IncrementalTransfer {
  /// The most transfers kept at once.
  static let limit = 4

  let requestor: Window
  let property: Atom
  /// The text's type: UTF8_STRING or STRING.
  let type: Atom
  let bytes: [UInt8]
  /// How many bytes were sent.
  private(set) var sent = 0
  /// Whether the empty chunk that ends it was sent.
  private(set) var isEnded = false

  init(requestor: Window, property: Atom, type: Atom, bytes: [UInt8]) {
    self.requestor = requestor
    self.property = property
    self.type = type
    self.bytes = bytes
  }

  /// The next chunk, at most `size` bytes; empty once all was sent; nil after that.
  mutating func nextChunk(size: Int) -> [UInt8]? {
    guard !isEnded else { return nil }
    let end = min(sent + size, bytes.count)
    defer { sent = end }
    if sent == end { isEnded = true }
    return Array(bytes[sent..<end])
  }
}
