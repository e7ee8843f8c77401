extension MappingLanguage {
    /// The files the language's JSON Schemas describe.
    package enum Document: String, Sendable, CaseIterable {
        /// Mapping files (`mapper: 1`, models, enums, formats, routes).
        case mappings
        /// Golden test files (`*.test.yaml`).
        case tests
    }

    /// The JSON Schema (draft-07, which yaml-language-server and so VS Code's YAML extension read)
    /// of mapping files or golden test files, generated from the language's table: every key with
    /// its description, the allowed words as `enum`s, and snippets for a new model, property and
    /// enum. What `mapper schema --language` prints and a new catalog's editor settings point at.
    package static func jsonSchema(for document: Document) -> JSONValue {
        let root: Section = document == .mappings ? .file : .testFile
        var schema = sectionSchema(root)
        var definitions = JSONObject()
        for section in reachable(from: root) where section != root {
            definitions.append(section.rawValue, sectionSchema(section))
        }
        var object: JSONObject = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": .string(document == .mappings ? "mapper mapping file" : "mapper golden test file"),
        ]
        if case .object(let members) = schema { for member in members { object.append(member.key, member.value) } }
        if document == .mappings { object.append("required", ["mapper"]) }
        object.append("definitions", .object(definitions))
        schema = .object(object)
        return schema
    }

    /// The sections a section's keys lead to, itself first, each once.
    private static func reachable(from root: Section) -> [Section] {
        var found: [Section] = [root]
        var index = 0
        while index < found.count {
            for key in keys(of: found[index]) {
                for section in sections(in: key.value) where !found.contains(section) { found.append(section) }
            }
            index += 1
        }
        return found
    }

    private static func sections(in value: Value) -> [Section] {
        switch value {
        case .section(let section): [section]
        case .names(let inner), .list(let inner): sections(in: inner)
        case .either(let options): options.flatMap(sections)
        default: []
        }
    }

    private static func sectionSchema(_ section: Section) -> JSONValue {
        var properties = JSONObject()
        for key in keys(of: section) {
            var schema = valueSchema(key.value)
            if case .object(var object) = schema {
                object.append("description", .string(key.doc.replacingBackticks))
                object.append("markdownDescription", .string(key.doc))
                schema = .object(object)
            }
            properties.append(key.name, schema)
        }
        var object: JSONObject = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if let snippet = snippets[section] { object.append("defaultSnippets", snippet) }
        if section == .test { object.append("required", ["name"]) }
        return .object(object)
    }

    private static func valueSchema(_ value: Value) -> JSONValue {
        switch value {
        case .string, .caseName, .expression: return ["type": "string"]
        case .bool: return ["type": "boolean"]
        case .integer: return ["type": "integer"]
        case .number: return ["type": "number"]
        case .any: return [:]
        case .notObject: return ["type": ["string", "number", "boolean", "array"]]
        case .exactly(let value): return ["const": .number(JSONNumber(value))]
        case .words(let words):
            // `on_error: null` is YAML's null, which the compiler reads as the word.
            return ["enum": .array(words.map(JSONValue.string) + (words.contains("null") ? [.null] : []))]
        case .type:
            // `[Label]` and `[string: int]` unquoted are YAML flow collections: arrays to the schema.
            return [
                "anyOf": [["enum": .array(builtInTypes.map(JSONValue.string))], ["type": "string"], ["type": "array"]]
            ]
        case .modelName: return ["type": "string", "pattern": "^[A-Z][A-Za-z0-9_]*$"]
        case .routeType:
            // A built-in type, `[…]`, a union or a model with `?` (an enum's name is a model name's shape).
            return ["type": "string", "pattern": "^[a-z\\[]|\\||^[A-Z][A-Za-z0-9_]*\\?$"]
        case .formatName:
            return ["anyOf": [["enum": .array(builtInFormats.map(JSONValue.string))], ["type": "string", "pattern": "^[a-z][a-z0-9_]*$"]]]
        case .section(let section): return ["$ref": .string("#/definitions/\(section.rawValue)")]
        case .names(let inner): return ["type": "object", "additionalProperties": valueSchema(inner)]
        case .list(let inner): return ["type": "array", "items": valueSchema(inner)]
        case .either(let options): return ["anyOf": .array(options.map(valueSchema))]
        }
    }

    /// What an editor proposes for a new model, property or enum.
    private static let snippets: [Section: JSONValue] = [
        .model: [["label": "model", "body": ["doc": "$1", "properties": ["${2:id}": "${3:int}"]]]],
        .property: [["label": "property", "body": ["type": "${1:string}", "key": "${2:key}"]]],
        .enumeration: [["label": "enum", "body": ["cases": ["${1:name}": "${2:value}"]]]],
    ]
}

extension String {
    /// The text without Markdown's code backticks, for `description` (plain text).
    fileprivate var replacingBackticks: String { filter { $0 != "`" } }
}
