import Foundation
import MapperKit

/// LSP's symbol kinds used here.
enum SymbolKind: Int64 {
    case constant = 14, `class` = 5, field = 8, `enum` = 10, enumMember = 22
}

extension LanguageServer {
    /// `textDocument/documentSymbol`: the file's outline, models with their properties, enums with
    /// their cases, formats.
    func documentSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, _) = try document(params)
        let file = Workspace.name(of: path)
        let declared = currentIndex().occurrences.filter { $0.file == file && $0.isDeclaration }
        var symbols: [JSONValue] = []
        for occurrence in declared {
            let children = declared.filter { child in
                switch child.kind {
                case .property(let model): occurrence.kind == .model && model == occurrence.name
                case .enumCase(let enumeration): occurrence.kind == .enumeration && enumeration == occurrence.name
                default: false
                }
            }
            switch occurrence.kind {
            case .model, .enumeration, .format:
                var symbol = documentSymbol(occurrence)
                if case .object(var object) = symbol, !children.isEmpty {
                    object.append("children", .array(children.map(documentSymbol)))
                    symbol = .object(object)
                }
                symbols.append(symbol)
            default: break
            }
        }
        return .array(symbols)
    }

    private func documentSymbol(_ occurrence: CatalogIndex.Occurrence) -> JSONValue {
        let range = location(occurrence)["range"] ?? .null
        return [
            "name": .string(occurrence.name), "kind": .number(JSONNumber(symbolKind(occurrence.kind).rawValue)),
            "range": range, "selectionRange": range,
        ]
    }

    private func symbolKind(_ kind: CatalogIndex.Kind) -> SymbolKind {
        switch kind {
        case .model: .class
        case .enumeration: .enum
        case .format: .constant
        case .property: .field
        case .enumCase: .enumMember
        }
    }

    /// `workspace/symbol`: the catalog's models, enums and formats whose names contain the query.
    func workspaceSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let query = params["query"]?.text else { throw ResponseError(.invalidParams, "'query' is missing or not a string") }
        let matches = currentIndex().occurrences.filter { occurrence in
            guard occurrence.isDeclaration, occurrence.kind == .model || occurrence.kind == .enumeration || occurrence.kind == .format
            else {
                return false
            }
            return query.isEmpty || occurrence.name.range(of: query, options: .caseInsensitive) != nil
        }
        return .array(
            matches.map {
                ["name": .string($0.name), "kind": .number(JSONNumber(symbolKind($0.kind).rawValue)), "location": location($0)]
            })
    }

    /// `textDocument/rename`: the name under the cursor and every use of it, across the catalog's
    /// files (and, for a model, the `model:` of golden tests), as one workspace edit. A name that
    /// does not fit its kind, or that is taken, is refused with a message.
    func rename(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let newName = params["newName"]?.text else { throw ResponseError(.invalidParams, "'newName' is missing or not a string") }
        guard let (found, index) = try occurrence(params) else {
            throw ResponseError(.requestFailed, "there is no model, enum, format or property name here to rename")
        }
        let target = resolved(found, index)
        try checkNewName(newName, for: target, in: index)
        var changes: [String: [JSONValue]] = [:]
        for occurrence in index.occurrences(of: target) {
            let location = location(occurrence)
            changes[Workspace.uri(of: occurrence.file), default: []].append([
                "range": location["range"] ?? .null, "newText": .string(newName),
            ])
        }
        if target.kind == .model {
            for (uri, edits) in goldenTestEdits(renaming: target.name, to: newName) { changes[uri, default: []] += edits }
        }
        return ["changes": .object(JSONObject(changes.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .array($0.value)) }))]
    }

    private func checkNewName(_ name: String, for target: CatalogIndex.Occurrence, in index: CatalogIndex) throws(ResponseError) {
        let (rule, taken): (String, Bool) =
            switch target.kind {
            case .model, .enumeration: ("^[A-Z][A-Za-z0-9_]*$", index.typeKind(name) != nil)
            case .format: ("^[a-z][a-z0-9_]*$", index.formats[name] != nil || MappingLanguage.builtInFormats.contains(name))
            case .property(let model): ("^[A-Za-z_][A-Za-z0-9_]*$", index.properties(of: model).contains { $0.name == name })
            case .enumCase(let enumeration): ("^[A-Za-z_][A-Za-z0-9_]*$", index.enums[enumeration]?.cases.contains(name) == true)
            }
        guard name.range(of: rule, options: .regularExpression) != nil else {
            throw ResponseError(.requestFailed, "'\(name)' is not a valid name here: it must match \(rule)")
        }
        guard !taken else { throw ResponseError(.requestFailed, "'\(name)' is already taken; choose another name") }
    }

    /// `model: Old` lines of the golden test files under the working directory.
    private func goldenTestEdits(renaming old: String, to new: String) -> [String: [JSONValue]] {
        var edits: [String: [JSONValue]] = [:]
        for use in goldenTestUses(of: old) {
            edits[Workspace.uri(of: use.file), default: []].append(["range": use.range.jsonValue, "newText": .string(new)])
        }
        return edits
    }

    /// Where the golden test files under the working directory name a model (`model: Issue`).
    func goldenTestUses(of model: String) -> [(file: String, range: TextRange)] {
        var uses: [(file: String, range: TextRange)] = []
        for file in goldenTestFiles() {
            guard let document = workspace.document(named: file) else { continue }
            for line in 0..<document.lineCount {
                let text = document.lineText(line)
                guard let match = text.range(of: #"^\s*(- )?model:\s*"#, options: .regularExpression) else { continue }
                guard text[match.upperBound...].trimmingCharacters(in: .whitespaces) == model else { continue }
                let start = text[..<match.upperBound].utf16.count
                uses.append(
                    (
                        file,
                        TextRange(
                            start: Position(line: line, character: start), end: Position(line: line, character: start + model.utf16.count))
                    ))
            }
        }
        return uses
    }

    /// The golden test files under the working directory, found once until files change on disk.
    private func goldenTestFiles() -> [String] {
        if let testFiles { return testFiles }
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // Hidden folders (.git, .build) are skipped whole.
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        let files = (found?.compactMap { ($0 as? URL)?.path } ?? []).map(Workspace.name).sorted()
        let tests = files.filter { $0.hasSuffix(".test.yaml") || $0.hasSuffix(".test.yml") }
        testFiles = tests
        return tests
    }
}
