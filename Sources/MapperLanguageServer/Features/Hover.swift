import MapperCEL
import MapperFormats
import MapperKit

extension LanguageServer {
    /// `textDocument/hover`: what the name or key under the cursor is, in Markdown.
    func hover(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (_, document) = try document(params)
        guard let position = Position(params["position"]) else { throw ResponseError(.invalidParams, "'position' is missing or invalid") }
        guard document.contains(position) else { return .null }
        if let (found, index) = try occurrence(params), let text = describe(resolved(found, index), index) {
            return ["contents": ["kind": "markdown", "value": .string(text)]]
        }
        let word = document.word(at: position)
        let context = CursorContext(document: document, position: position)
        if context.valueOf == nil, let section = context.section, let key = MappingLanguage.key(word, of: section) {
            return ["contents": ["kind": "markdown", "value": .string("**\(key.name)** — \(key.doc)")]]
        }
        if context.value.map({ if case .expression = $0 { true } else { false } }) == true, let function = CELSignatures.named(word) {
            let lines = function.signatures.map { "    \($0)" }.joined(separator: "\n")
            return ["contents": ["kind": "markdown", "value": .string("CEL function **\(function.name)**\n\n\(lines)")]]
        }
        return .null
    }

    private func describe(_ occurrence: CatalogIndex.Occurrence, _ index: CatalogIndex) -> String? {
        let catalog = workspace.lastLoaded
        switch occurrence.kind {
        case .model, .enumeration:
            if let spec = catalog?.models[occurrence.name] { return describe(spec) }
            if let spec = catalog?.enums[occurrence.name] {
                let cases = spec.cases.map { "- `\($0.name)`: `\(JSONWriter.write($0.json))`" }.joined(separator: "\n")
                return "enum **\(spec.name)**" + (spec.doc.map { "\n\n\($0)" } ?? "") + "\n\n" + cases
            }
            if let model = index.models[occurrence.name] {
                let properties = index.properties(of: occurrence.name).map { "- `\($0.name)`: \($0.type ?? "?")" }
                return (["model **\(occurrence.name)**", model.doc ?? ""] + properties).filter { !$0.isEmpty }.joined(separator: "\n\n")
            }
            if let enumeration = index.enums[occurrence.name] {
                return "enum **\(occurrence.name)**\n\n" + enumeration.cases.map { "- `\($0)`" }.joined(separator: "\n")
            }
            return nil
        case .property(let model):
            if let property = catalog?.models[model]?.properties.first(where: { $0.name == occurrence.name }) {
                return describe(property, in: model)
            }
            let type = index.properties(of: model).first { $0.name == occurrence.name }?.type ?? "?"
            return "property **\(model).\(occurrence.name)**: `\(type)`"
        case .format:
            if let spec = catalog?.formats[occurrence.name] { return describe(spec) }
            return index.formats[occurrence.name].map { "format **\(occurrence.name)**: `\($0)`" }
                ?? (MappingLanguage.builtInFormats.contains(occurrence.name) ? "built-in format **\(occurrence.name)**" : nil)
        case .enumCase(let enumeration):
            return "case **\(occurrence.name)** of enum **\(enumeration)**"
        }
    }

    /// A format's pattern, locale and time zone, and a sample value written with it.
    private func describe(_ spec: FormatSpec) -> String {
        var lines = ["\(spec.style.rawValue) format **\(spec.name)**: `\(spec.pattern)`", "locale: `\(spec.locale)`"]
        if let zone = spec.timeZone { lines.append("time zone: `\(zone)`") }
        if let pattern = spec.datePattern {
            lines.append("sample: `\(pattern.format(Instant(milliseconds: 1_700_000_000_000)))` (2023-11-14T22:13:20Z)")
        } else if let pattern = spec.numberPattern {
            lines.append("sample: `\(pattern.format("12345.678"))` (12345.678)")
        }
        return lines.joined(separator: "\n\n")
    }

    private func describe(_ spec: ModelSpec) -> String {
        var text = "model **\(spec.name)**" + (spec.base.map { " extends **\($0)**" } ?? "")
        if let doc = spec.doc { text += "\n\n\(doc)" }
        text += "\n\n| property | type | JSON key |\n|---|---|---|\n"
        for property in spec.properties {
            text += "| `\(property.name)` | `\(property.type)` | \(property.key.map { "`\($0)`" } ?? "—") |\n"
        }
        return text
    }

    private func describe(_ property: PropertySpec, in model: String) -> String {
        var lines = ["property **\(model).\(property.name)**: `\(property.type)`"]
        if let key = property.key { lines.append("JSON key: `\(key)`") }
        if property.required { lines.append("required") }
        if let value = property.defaultValue { lines.append("default: `\(JSONWriter.write(value))`") }
        if let format = property.format { lines.append("format: `\(format.name)`") }
        if let doc = property.doc { lines.append(doc) }
        return lines.joined(separator: "\n\n")
    }
}

extension TextDocument {
    /// The word (letters, digits, `_`) around a position.
    func word(at position: Position) -> String {
        let scalars = Array(lineText(position.line).unicodeScalars)
        var units = 0
        var index = 0
        while index < scalars.count, units + scalars[index].utf16.count <= position.character {
            units += scalars[index].utf16.count
            index += 1
        }
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
        }
        var start = min(index, scalars.count)
        while start > 0, isWord(scalars[start - 1]) { start -= 1 }
        var end = start
        while end < scalars.count, isWord(scalars[end]) { end += 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
