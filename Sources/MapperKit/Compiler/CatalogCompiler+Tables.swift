import MapperCEL
import MapperSupport
import MapperYAML

/// The catalog's lookup tables (`tables:`), read when it loads: the `tables` variable of every
/// expression, a map of each table's name to its map of keys to values.
struct CompiledTables {
    /// The tables by name, each a map from its keys (strings) to its values.
    var value = CELMap()
    /// What the checker knows of `tables`: an object whose fields are the tables, each a map from
    /// strings to the type all its values share (dyn when they differ).
    var type = CELCheckedType.object("tables", [:])
    /// The table files read: each one's name (relative as its mapping file's), where it was read
    /// from, and the hash of its bytes (for the catalog's revision).
    var files: [(name: String, path: String, digest: UInt64)] = []

    /// Whether the catalog declares any table (then `tables` is a variable of every expression).
    var isEmpty: Bool { value.count == 0 }
}

extension CatalogCompiler {
    /// Reads every table: inline `values`, or a `file` next to the mapping file. A problem of a
    /// file (unreadable, not CSV or JSON, a missing column, a repeated key, a cell that is not of
    /// its column's type) is a diagnostic at the file's line.
    mutating func compileTables() {
        var fields: [String: CELCheckedType] = [:]
        var entries: [(CELValue, CELValue)] = []
        for name in tableOrder {
            // A table that does not load is still declared, so that its uses are not reported too.
            fields[name] = .map(.string, .dyn)
            entries.append((.string(name), .map(CELMap())))
            guard let declaration = tableDeclarations[name], let rows = tableRows(declaration) else { continue }
            var map = CELMap()
            map.reserveCapacity(rows.entries.count)
            for row in rows.entries where !map.insertIfAbsent(.string(row.key), row.value) {
                let first = rows.entries.first { $0.key == row.key }?.line ?? row.line
                error(
                    .duplicateTableKey, "table '\(name)' has the key '\(row.key.prefix(60))' twice: here and at line \(first)",
                    at: Mark(file: rows.file, line: row.line, column: 1), hint: "keys of a table are unique; remove one of the rows")
                break
            }
            fields[name] = .map(.string, Self.sharedType(map))
            entries[entries.count - 1].1 = .map(map)
        }
        compiledTables.value = CELMap(entries)
        compiledTables.type = .object("tables", fields)
    }

    /// A table's rows as read, with the file they come from (the mapping file for inline values).
    private struct TableRows {
        var file: String
        var entries: [TableReader.Row]
    }

    private mutating func tableRows(_ declaration: Declaration) -> TableRows? {
        let what = "table '\(declaration.name)'"
        guard let fields = record(declaration.body, allowed: MappingLanguage.names(of: .table), what: what) else { return nil }
        switch (fields["values"], fields["file"]) {
        case (let values?, nil):
            for key in ["key", "value", "types"] where fields.has(key) {
                error(.inapplicableField, "'\(key)' applies to a table read from a file, not to inline values", at: fields.keyMark(key)!)
            }
            guard let pairs = mappingPairs(values, what: "the values of \(what)") else { return nil }
            var rows: [TableReader.Row] = []
            for pair in pairs {
                guard let key = text(pair.key, what: "a key of \(what)"), let value = json(pair.value, what: "the value of '\(key)'") else {
                    continue
                }
                rows.append(TableReader.Row(key: key, value: CELBridge.cel(value), line: pair.key.mark.line))
            }
            return TableRows(file: declaration.mark.file, entries: rows)
        case (nil, let file?):
            return tableFileRows(fields, file: file, what: what)
        case (.some, .some):
            error(.conflictingFields, "\(what) has both 'values' and 'file'", at: declaration.mark, hint: "keep one of them")
            return nil
        case (nil, nil):
            error(
                .missingKey, "\(what) needs 'values' or 'file'", at: declaration.mark,
                hint: "e.g. { values: { usd: 2, jpy: 0 } } or { file: countries.csv, key: code, value: name }")
            return nil
        }
    }

    private mutating func tableFileRows(_ fields: Fields, file node: Node, what: String) -> TableRows? {
        guard let written = string(node, what: "the file of \(what)") else { return nil }
        // Named as the mapping file is (relative to the same folder); read from `baseDirectory`.
        let name = Self.path(written, besides: node.mark.file)
        let path = name.hasPrefix("/") ? name : options.baseDirectory.map { $0 + "/" + name } ?? name
        guard let format = TableReader.Format(path: path) else {
            error(
                .invalidTable, "the file '\(written)' of \(what) is not a table file", at: node.mark,
                hint: "name a .csv, .json, .ndjson or .jsonl file")
            return nil
        }
        var reader = TableReader()
        reader.key = fields["key"].flatMap { string($0, what: "the key of \(what)") }
        reader.value = fields["value"].flatMap { string($0, what: "the value of \(what)") }
        for pair in fields["types"].flatMap({ mappingPairs($0, what: "the types of \(what)") }) ?? [] {
            guard let column = pair.key.string,
                let word = word(pair.value, what: "type of column '\(column)'", in: TableReader.CellType.allCases.map(\.rawValue))
            else { continue }
            reader.types[column] = TableReader.CellType(rawValue: word)
        }
        if format != .csv, let mark = fields.keyMark("types") {
            error(.inapplicableField, "'types' applies to CSV files, whose cells are text; JSON values keep their types", at: mark)
        }
        if format != .json, reader.key == nil {
            error(.missingKey, "\(what) needs 'key': the column or field that holds each row's key", at: node.mark)
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try InputDescriptor.readFile(path)
        } catch {
            self.error(.invalidTable, "cannot read the file '\(written)' of \(what): \(error.reason)", at: node.mark)
            return nil
        }
        compiledTables.files.append((name, path, Revision.digest(bytes)))
        do {
            return TableRows(file: name, entries: try reader.rows(bytes, as: format))
        } catch {
            self.error(error.code, "\(what): \(error.message)", at: Mark(file: name, line: error.line, column: 1))
            return nil
        }
    }

    /// `written` read from the folder of the mapping file `file`.
    static func path(_ written: String, besides file: String) -> String {
        if written.hasPrefix("/") { return written }
        guard let slash = file.lastIndex(of: "/") else { return written }
        return file[...slash] + written
    }

    /// The CEL type every value of `map` has (an int, a string…), or dyn when they differ or are
    /// lists or maps.
    private static func sharedType(_ map: CELMap) -> CELCheckedType {
        var shared: CELCheckedType?
        for entry in map.entries {
            let type: CELCheckedType
            switch entry.value {
            case .int: type = .int
            case .string: type = .string
            case .double: type = .double
            case .bool: type = .bool
            case .decimal: type = .decimal
            default: return .dyn
            }
            if let shared, shared != type { return .dyn }
            shared = type
        }
        return shared ?? .dyn
    }
}
