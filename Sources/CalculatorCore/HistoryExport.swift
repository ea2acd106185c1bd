/// The forms `circlecalc --history --format` writes the tape in (docs/SPEC.md section 8.4).
public enum HistoryFormat: String, CaseIterable, Sendable {
  /// One calculation a line, rows and result separated by spaces: what `--history` prints.
  case text
  /// RFC 4180: a header line `time,expression,result`, then one record a calculation.
  case csv
  /// A JSON array of one object a calculation, one a line.
  case json
}

extension HistoryTape {
  /// The JSON fields of one calculation, in this order (docs/SPEC.md section 8.4).
  public static let jsonFields = ["id", "time", "rows", "result", "order", "continues"]
  /// The CSV header's field names.
  public static let csvFields = ["time", "expression", "result"]

  /// Writes the tape in `format`, oldest first, a few hundred calculations at a time to
  /// `write`; `localTime` gives each identity's time (nil when it is not one).
  ///
  ///     text: 1,200 × 1.08 + 49.9 = 1,345.9
  ///     csv:  2026-12-01T14:03:05+01:00,"1,200 × 1.08 + 49.9","1,345.9"
  ///     json: {"id":"1796284385284144330","time":"2026-12-01T14:03:05+01:00",
  ///            "rows":["1,200","× 1.08","+ 49.9"],"result":"1,345.9","order":"left",
  ///            "continues":null}
  public func export(
    as format: HistoryFormat, numbers: NumberLocale = .c,
    localTime: (CalculationID) -> LocalTime?, write: (String) -> Void
  ) {
    var block = ""
    func flush(_ force: Bool = false) {
      guard force || block.utf8.count >= 64 << 10 else { return }
      if !block.isEmpty { write(block) }
      block = ""
    }
    switch format {
    case .text: break
    case .csv: block += HistoryTape.csvFields.joined(separator: ",") + "\r\n"
    case .json: block += isEmpty ? "[]\n" : "[\n"
    }
    for (position, calculation) in calculations.enumerated() {
      let time = localTime(calculation.id)?.iso8601
      switch format {
      case .text:
        block += numbers.localized(calculation.line) + "\n"
      case .csv:
        block += HistoryTape.csvField(time ?? "") + ","
        block += HistoryTape.csvField(calculation.rows.joined(separator: " ")) + ","
        block += HistoryTape.csvField(calculation.result) + "\r\n"
      case .json:
        let object = JSONValue.object([
          ("id", .string(calculation.id.description)),
          ("time", .string(time)),
          ("rows", .array(calculation.rows.map(JSONValue.string))),
          ("result", .string(calculation.result)),
          ("order", .string(calculation.order.rawValue)),
          ("continues", .string(calculation.source?.description)),
        ])
        block += object.text + (position == count - 1 ? "\n]\n" : ",\n")
      }
      flush()
    }
    flush(true)
  }

  /// A CSV field as RFC 4180 writes one: in double quotes, its quotes doubled, when it holds a
  /// comma, a quote or a line break; as it is otherwise.
  static func csvField(_ text: String) -> String {
    guard text.utf8.contains(where: { [44, 34, 10, 13].contains($0) }) else { return text }
    return "\"" + text.replacingQuotes() + "\""
  }
}

extension String {
  /// The text with each `"` doubled.
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self {
      result.append(character)
      if character == "\"" { result.append("\"") }
    }
    return result
  }
}
