import MapperCEL
import MapperKit

/// LSP's completion item kinds used here.
enum CompletionKind: Int64 {
    case function = 3, field = 5, variable = 6, `class` = 7, property = 10, value = 12, `enum` = 13, keyword = 14, snippet = 15
    case enumMember = 20
}

extension LanguageServer {
    /// `textDocument/completion`: the keys a section takes, or the values a key takes, at the cursor.
    func completion(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (_, document) = try document(params)
        guard let position = Position(params["position"]) else { throw ResponseError(.invalidParams, "'position' is missing or invalid") }
        guard document.contains(position) else { return ["isIncomplete": false, "items": []] }
        let context = CursorContext(document: document, position: position)
        let index = currentIndex()
        var items: [JSONValue] = []
        if let section = context.section {
            for key in MappingLanguage.keys(of: section) {
                items.append(Self.item(key.name, .property, detail: key.doc, insert: key.name + ": "))
            }
        } else if let value = context.value {
            items = valueItems(value, context: context, index: index, at: position, in: document)
        }
        return Self.limited(items, typing: context.word)
    }

    /// The most items one answer holds. A catalog of thousands of names would otherwise send them
    /// all at every keystroke, and a client takes longer to decode such a list than the server to
    /// make it.
    static let completionLimit = 200

    /// `items` as they are when they fit; else the ones whose label matches the word being typed
    /// (those that start with it first, then those that hold its letters in order), at most
    /// `completionLimit` of them, in a list marked incomplete so that the editor asks again as the
    /// word grows.
    static func limited(_ items: [JSONValue], typing word: Substring) -> JSONValue {
        guard items.count > completionLimit else { return ["isIncomplete": false, "items": .array(items)] }
        let typed = word.lowercased()
        var starting: [JSONValue] = []
        var holding: [JSONValue] = []
        for item in items where starting.count < completionLimit {
            guard let label = item["label"]?.text?.lowercased() else { continue }
            if label.hasPrefix(typed) {
                starting.append(item)
            } else if holding.count < completionLimit, label.holdsInOrder(typed) {
                holding.append(item)
            }
        }
        return ["isIncomplete": true, "items": .array(Array((starting + holding).prefix(completionLimit)))]
    }

    private func valueItems(
        _ value: MappingLanguage.Value, context: CursorContext, index: CatalogIndex, at position: Position, in document: TextDocument
    ) -> [JSONValue] {
        switch value {
        case .words(let words): return words.map { Self.item($0, .enumMember) }
        case .bool: return ["true", "false"].map { Self.item($0, .value) }
        case .type: return typeItems(index)
        case .either(let options): return options.flatMap { valueItems($0, context: context, index: index, at: position, in: document) }
        case .modelName: return index.models.keys.sorted().map { Self.item($0, .class) }
        case .formatName:
            return MappingLanguage.builtInFormats.map { Self.item($0, .enumMember, detail: "built-in format") }
                + index.formats.keys.sorted().map { Self.item($0, .enumMember, detail: index.formats[$0]) }
        case .caseName: return (context.enumeration.flatMap { index.enums[$0]?.cases } ?? []).map { Self.item($0, .enumMember) }
        case .expression: return expressionItems(context: context, index: index, at: position, in: document)
        case .any:
            // A property's default: the cases of its enum type.
            guard context.valueOf == "default", let model = context.model, let property = context.property,
                let type = context.writtenType ?? index.properties(of: model).first(where: { $0.name == property })?.type,
                let cases = index.enums[type]?.cases
            else { return [] }
            return cases.map { Self.item($0, .enumMember, detail: "case of \(type)") }
        default: return []
        }
    }

    private func typeItems(_ index: CatalogIndex) -> [JSONValue] {
        var items = MappingLanguage.builtInTypes.map { Self.item($0, .keyword, detail: "built-in type") }
        // The catalog's names alone (a large catalog has thousands): `completionItem/resolve` gives
        // the one the editor shows its doc.
        items += index.models.keys.sorted().map { Self.item($0, .class) }
        items += index.enums.keys.sorted().map { Self.item($0, .enum) }
        items.append(Self.item("[T]", .snippet, detail: "an array of T", insert: "\"[${1:T}]\"", snippet: true))
        items.append(
            Self.item("[string: T]", .snippet, detail: "a dictionary of T by string keys", insert: "\"[string: ${1:T}]\"", snippet: true))
        items.append(
            Self.item("A | B", .snippet, detail: "a union: a value of one of the members", insert: "\"${1:A} | ${2:B}\"", snippet: true))
        return items
    }

    /// Inside a CEL expression: the model's properties after `self.`, their JSON keys after
    /// `input.`, else the variables and the library's functions.
    private func expressionItems(
        context: CursorContext, index: CatalogIndex, at position: Position, in document: TextDocument
    ) -> [JSONValue] {
        let head = context.before.dropLast(context.word.count)
        if head.hasSuffix("self."), let model = context.model {
            let known = index.properties(of: model)
            let written = CursorContext.writtenProperties(around: position.line, in: document).filter { name in
                !known.contains { $0.name == name }
            }
            return known.map { Self.item($0.name, .field, detail: $0.type) } + written.map { Self.item($0, .field) }
        }
        if head.hasSuffix("input."), let model = context.model {
            if let spec = workspace.lastLoaded?.models[model] {
                return spec.properties.compactMap { property in
                    property.key.map { Self.item($0.description, .field, detail: "\(property.name): \(property.type)") }
                }
            }
            return index.properties(of: model).map { Self.item($0.name, .field, detail: $0.type) }
        }
        var items = ["self", "input"].map { Self.item($0, .variable) }
        items += CELSignatures.all.map { Self.item($0.name, .function, detail: $0.signatures.joined(separator: "\n")) }
        return items
    }

    /// `completionItem/resolve`: a model's or enum's item of the list with its doc as detail.
    func resolveCompletion(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard case .object(var item) = params, let label = params["label"]?.text else {
            throw ResponseError(.invalidParams, "a completion item with a 'label' is expected")
        }
        guard params["detail"] == nil else { return params }
        let index = currentIndex()
        switch params["kind"]?.integer.flatMap({ CompletionKind(rawValue: Int64($0)) }) {
        case .class: if let model = index.models[label] { item.append("detail", .string(model.doc ?? "model")) }
        case .enum: if let enumeration = index.enums[label] { item.append("detail", .string(enumeration.doc ?? "enum")) }
        default: break
        }
        return .object(item)
    }

    static func item(
        _ label: String, _ kind: CompletionKind, detail: String? = nil, insert: String? = nil, snippet: Bool = false
    ) -> JSONValue {
        var object: JSONObject = ["label": .string(label), "kind": .number(JSONNumber(kind.rawValue))]
        if let detail { object.append("detail", .string(detail)) }
        if let insert { object.append("insertText", .string(insert)) }
        if snippet { object.append("insertTextFormat", 2) }
        return .object(object)
    }
}

extension String {
    /// Whether every character of `letters` appears in this string, in the same order.
    fileprivate func holdsInOrder(_ letters: String) -> Bool {
        var rest = letters[...]
        for character in self where character == rest.first {
            rest = rest.dropFirst()
            if rest.isEmpty { return true }
        }
        return rest.isEmpty
    }
}
