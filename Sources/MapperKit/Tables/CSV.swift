/// RFC 4180 CSV: records of cells separated by commas, ending at LF or CRLF; a cell in double
/// quotes may hold commas, line ends and `""` (one quote). A final line end is optional; empty
/// lines are skipped.
enum CSV {
    /// Calls `record` with each record's cells and the line it starts on (1-based).
    static func records(
        _ bytes: [UInt8], _ record: ([String], Int) throws(TableProblem) -> Void
    ) throws(TableProblem) {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var cells: [String] = []
        var line = 1
        var start = 1
        var index = 0
        let count = bytes.count
        var cell: [UInt8] = []
        while index < count {
            let byte = bytes[index]
            if byte == quote {
                // A quoted cell, up to its closing quote.
                let opened = line
                index += 1
                cell.removeAll(keepingCapacity: true)
                while true {
                    guard index < count else { throw TableProblem(.invalidTable, "a quoted cell is never closed", line: opened) }
                    let inner = bytes[index]
                    if inner == quote {
                        if index + 1 < count, bytes[index + 1] == quote {
                            cell.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if inner == newline { line += 1 }
                    cell.append(inner)
                    index += 1
                }
                cells.append(String(decoding: cell, as: UTF8.self))
                if index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != cr {
                    throw TableProblem(.invalidTable, "a quoted cell is followed by text before the next comma", line: line)
                }
            } else {
                var end = index
                while end < count, bytes[end] != comma, bytes[end] != newline { end += 1 }
                var last = end
                if last > index, bytes[last - 1] == cr { last -= 1 }
                cells.append(String(decoding: bytes[index..<last], as: UTF8.self))
                index = end
            }
            // After a cell: a comma, a line end, or the end.
            if index < count, bytes[index] == comma {
                index += 1
                if index < count, bytes[index] != newline, bytes[index] != cr { continue }
                cells.append("")  // a comma at the end of the line: an empty last cell
            }
            if index < count, bytes[index] == cr { index += 1 }
            if index < count, bytes[index] == newline { index += 1 }
            if !(cells.count == 1 && cells[0].isEmpty) { try record(cells, start) }
            cells.removeAll(keepingCapacity: true)
            line += 1
            start = line
        }
    }
}
