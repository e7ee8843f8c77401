import MapperKit
import MapperSupport

extension LanguageServer {
    /// The name under the cursor: a declaration or a use of a model, enum, format, property or case.
    func occurrence(_ params: JSONValue) throws(ResponseError) -> (CatalogIndex.Occurrence, CatalogIndex)? {
        let (path, document) = try document(params)
        guard let position = Position(params["position"]) else { throw ResponseError(.invalidParams, "'position' is missing or invalid") }
        guard document.contains(position) else { return nil }
        let index = currentIndex()
        let column = document.column(of: position)
        guard let found = index.occurrence(in: Workspace.name(of: path), line: position.line + 1, column: column) else { return nil }
        return (found, index)
    }

    /// `textDocument/definition`: where the name under the cursor is declared.
    func definition(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let (found, index) = try occurrence(params) else { return .null }
        let declarations = index.occurrences(of: resolved(found, index)).filter(\.isDeclaration)
        return .array(declarations.map(location))
    }

    /// `textDocument/references`: every use of the name under the cursor, across the catalog (and its
    /// declaration when the client asks for it).
    func references(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let (found, index) = try occurrence(params) else { return .null }
        let withDeclaration = params["context"]?["includeDeclaration"] == .bool(true)
        let all = index.occurrences(of: resolved(found, index)).filter { withDeclaration || !$0.isDeclaration }
        return .array(all.map(location))
    }

    /// A property named in a model that inherits it is the declaring model's property.
    func resolved(_ occurrence: CatalogIndex.Occurrence, _ index: CatalogIndex) -> CatalogIndex.Occurrence {
        guard case .property(let model) = occurrence.kind, let owner = index.declaringModel(of: occurrence.name, in: model) else {
            return occurrence
        }
        var resolved = occurrence
        resolved.kind = .property(model: owner)
        return resolved
    }

    func location(_ occurrence: CatalogIndex.Occurrence) -> JSONValue {
        let document = workspace.document(named: occurrence.file) ?? TextDocument(bytes: [])
        let start = document.position(line: occurrence.line, column: occurrence.column)
        let end = document.position(line: occurrence.line, column: occurrence.column + occurrence.name.unicodeScalars.count)
        return ["uri": .string(Workspace.uri(of: occurrence.file)), "range": TextRange(start: start, end: end).jsonValue]
    }

    /// `textDocument/codeAction`: each did-you-mean of the diagnostics in the range is a quick fix
    /// that writes the name it proposes in place of the misspelled word.
    func codeActions(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (path, document) = try document(params)
        guard case .array(let diagnostics) = params["context"]?["diagnostics"] ?? .array([]) else {
            throw ResponseError(.invalidParams, "'context.diagnostics' must be an array")
        }
        var actions: [JSONValue] = []
        for diagnostic in diagnostics {
            // A client that keeps only `code` and `data` of a diagnostic still has the request's range.
            guard let suggestion = diagnostic["data"]?["suggestion"]?.text,
                let range = TextRange(diagnostic["range"]) ?? TextRange(params["range"]),
                let target = document.misspelling(near: range.start, of: suggestion)
            else { continue }
            let edit: JSONValue = ["range": target.jsonValue, "newText": .string(suggestion)]
            actions.append([
                "title": .string("Change to '\(suggestion)'"),
                "kind": "quickfix",
                "diagnostics": [diagnostic],
                "isPreferred": true,
                "edit": ["changes": .object(JSONObject([.init(key: Workspace.uri(of: Workspace.name(of: path)), value: [edit])]))],
            ])
        }
        return .array(actions)
    }
}

extension TextDocument {
    /// The 1-based column in Unicode scalars of an LSP position (the compiler's columns).
    func column(of position: Position) -> Int {
        var units = 0
        var column = 1
        for scalar in lineText(position.line).unicodeScalars {
            guard units < position.character else { break }
            units += scalar.utf16.count
            column += 1
        }
        return column
    }

    /// The word from `start` to the end of its line that is closest to `suggestion` (the misspelled
    /// name a did-you-mean replaces: `itn` in `{ type: itn }`, `Usr` in `"[Usr]"`).
    func misspelling(near start: Position, of suggestion: String) -> TextRange? {
        let scalars = Array(lineText(start.line).unicodeScalars)
        var best: (range: TextRange, distance: Int)?
        var units = 0
        var index = 0
        while index < scalars.count {
            guard units >= start.character, scalars[index].isWordPart else {
                units += scalars[index].utf16.count
                index += 1
                continue
            }
            var end = index
            var width = 0
            while end < scalars.count, scalars[end].isWordPart {
                width += scalars[end].utf16.count
                end += 1
            }
            let word = String(String.UnicodeScalarView(scalars[index..<end]))
            let distance = Suggestion.editDistance(word.lowercased(), suggestion.lowercased())
            if word != suggestion, distance <= max(2, suggestion.count / 2), best.map({ distance < $0.distance }) ?? true {
                best = (
                    TextRange(
                        start: Position(line: start.line, character: units), end: Position(line: start.line, character: units + width)),
                    distance
                )
            }
            units += width
            index = end
        }
        return best?.range
    }
}
