import MapperCEL
import MapperJSON

/// Reads the rows of a lookup table's file (`tables: {name: {file: …}}`): CSV with a header row,
/// a JSON object, a JSON array of objects, or NDJSON (one object a line), by the file's extension.
/// Each row gives a key (text) and a value (the `value` column or field, or the whole row as a
/// map); a problem is a `TableProblem` at the file's line.
struct TableReader {
    /// The column or field holding the key (a JSON object's own keys when nil).
    var key: String?
    /// The column or field holding the value; nil: the whole row as a map.
    var value: String?
    /// The CSV columns read as another type than a string (`{digits: int}`).
    var types: [String: CellType] = [:]

    /// What a CSV cell is read as.
    enum CellType: String, CaseIterable {
        case string, int, double, decimal, bool
    }

    /// The formats, by the file name's extension.
    enum Format {
        case csv, json, ndjson

        init?(path: String) {
            let name = path.lowercased()
            if name.hasSuffix(".csv") {
                self = .csv
            } else if name.hasSuffix(".json") {
                self = .json
            } else if name.hasSuffix(".ndjson") || name.hasSuffix(".jsonl") {
                self = .ndjson
            } else {
                return nil
            }
        }
    }

    /// One row: its key, its value and the line it starts on.
    struct Row {
        var key: String
        var value: CELValue
        var line: Int
    }

    /// The rows of `bytes`, read as `format`.
    func rows(_ bytes: [UInt8], as format: Format) throws(TableProblem) -> [Row] {
        switch format {
        case .csv: return try csvRows(bytes)
        case .json: return try jsonRows(bytes)
        case .ndjson: return try ndjsonRows(bytes)
        }
    }

    private func csvRows(_ bytes: [UInt8]) throws(TableProblem) -> [Row] {
        var header: [String] = []
        var keyColumn = 0
        var valueColumn: Int?
        var typed: [(column: Int, type: CellType)] = []
        var rows: [Row] = []
        try CSV.records(bytes) { (cells, line) throws(TableProblem) in
            if header.isEmpty {
                header = cells
                guard let key else { throw TableProblem(.missingTableColumn, "a CSV table needs 'key'", line: line) }
                keyColumn = try column(key, in: header, line: line)
                valueColumn = try value.map { (name) throws(TableProblem) in try column(name, in: header, line: line) }
                for (name, type) in types.sorted(by: { $0.key < $1.key }) where type != .string {
                    typed.append((try column(name, in: header, line: line), type))
                }
                return
            }
            guard cells.count == header.count else {
                throw TableProblem(
                    .invalidTable, "the row has \(cells.count) cells but the header has \(header.count) columns", line: line)
            }
            let rowValue: CELValue
            if let valueColumn {
                // Only the value's cell: a large table is mostly key and value.
                let type = typed.first { $0.column == valueColumn }?.type ?? .string
                rowValue = try Self.cell(cells[valueColumn], as: type, column: header[valueColumn], line: line)
            } else {
                var values = cells.map(CELValue.string)
                for (column, type) in typed { values[column] = try Self.cell(cells[column], as: type, column: header[column], line: line) }
                rowValue = .map(CELMap(zip(header, values).map { (.string($0), $1) }))
            }
            rows.append(Row(key: cells[keyColumn], value: rowValue, line: line))
        }
        if header.isEmpty { throw TableProblem(.invalidTable, "the CSV file is empty: it needs a header row", line: 1) }
        return rows
    }

    private func column(_ name: String, in header: [String], line: Int) throws(TableProblem) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw TableProblem(
                .missingTableColumn, "the header has no column '\(name)' (it has \(header.map { "'\($0)'" }.joined(separator: ", ")))",
                line: line)
        }
        return index
    }

    /// A CSV cell read as `type`.
    static func cell(_ text: String, as type: CellType, column: String, line: Int) throws(TableProblem) -> CELValue {
        let converted: CELValue?
        switch type {
        case .string: converted = .string(text)
        case .int: converted = Int64(text).map(CELValue.int)
        case .double: converted = Double(text).flatMap { $0.isFinite ? CELValue.double($0) : nil }
        case .decimal: converted = DecimalScalar.cel(text)
        case .bool: converted = text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        }
        guard let converted else {
            throw TableProblem(.invalidTableCell, "the cell '\(text.prefix(40))' of column '\(column)' is not \(type.article)", line: line)
        }
        return converted
    }

    private func jsonRows(_ bytes: [UInt8]) throws(TableProblem) -> [Row] {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw TableProblem(.invalidTable, "the file is not JSON: \(error.message)", line: error.line)
        }
        switch document {
        case .object(let object) where key == nil:
            var rows: [Row] = []
            rows.reserveCapacity(object.members.count)
            for member in object.members {
                rows.append(Row(key: member.key, value: try field(of: member.value, line: 1, where: "the member '\(member.key)'"), line: 1))
            }
            return rows
        case .array(let elements):
            var rows: [Row] = []
            rows.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do throws(TableProblem) {
                    rows.append(try row(element, line: 1, where: "element \(index)"))
                } catch {
                    var located = error
                    located.line = Self.line(ofElement: index, in: bytes)
                    throw located
                }
            }
            return rows
        case .object:
            throw TableProblem(.invalidTable, "a JSON object's own keys are the table's keys: leave 'key' out", line: 1)
        default:
            throw TableProblem(.invalidTable, "a JSON table is an object or an array of objects", line: 1)
        }
    }

    private func ndjsonRows(_ bytes: [UInt8]) throws(TableProblem) -> [Row] {
        var rows: [Row] = []
        var line = 0
        for text in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            guard text.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) else {
                continue
            }
            let element: JSONValue
            do {
                element = try JSONValue(parsing: text)
            } catch {
                throw TableProblem(.invalidTable, "the line is not JSON: \(error.message)", line: line)
            }
            rows.append(try row(element, line: line, where: "the object"))
        }
        return rows
    }

    /// A row of a JSON array or NDJSON: an object with the key field.
    private func row(_ element: JSONValue, line: Int, where place: String) throws(TableProblem) -> Row {
        guard let key else { throw TableProblem(.missingTableColumn, "a table of rows needs 'key': the field of each row's key", line: 1) }
        guard case .object(let object) = element else { throw TableProblem(.invalidTable, "\(place) is not a JSON object", line: line) }
        guard let found = object[key] else { throw TableProblem(.missingTableColumn, "\(place) has no field '\(key)'", line: line) }
        let text: String
        switch found {
        case .string(let string): text = string
        case .number(let number): text = number.text
        default: throw TableProblem(.invalidTableCell, "the key field '\(key)' of \(place) is not a string or a number", line: line)
        }
        return Row(key: text, value: try field(of: element, line: line, where: place), line: line)
    }

    /// The `value` field of a row, or the whole row.
    private func field(of element: JSONValue, line: Int, where place: String) throws(TableProblem) -> CELValue {
        guard let value else { return CELBridge.cel(element) }
        guard case .object(let object) = element, let found = object[value] else {
            throw TableProblem(.missingTableColumn, "\(place) has no field '\(value)'", line: line)
        }
        return CELBridge.cel(found)
    }

    /// The line element `index` of the top-level array starts on.
    private static func line(ofElement index: Int, in bytes: [UInt8]) -> Int {
        guard let range = JSONDocument.byteRanges(of: ["/\(index)"], in: bytes)?.first else { return 1 }
        return bytes[..<range.lowerBound].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

extension TableReader.CellType {
    var article: String {
        switch self {
        case .int: "an int"
        default: "a \(rawValue)"
        }
    }
}

/// A problem of a table file, at a line of it.
struct TableProblem: Error {
    var code: Diagnostic.Code
    var message: String
    var line: Int

    init(_ code: Diagnostic.Code, _ message: String, line: Int) {
        self.code = code
        self.message = message
        self.line = line
    }
}
