import MapperSupport
import MapperYAML

extension CatalogCompiler {
    /// Enums: case names, their JSON values and aliases (each JSON value used once), default.
    mutating func compileEnums() {
        for (name, spec) in zip(enumOrder, readOnEveryCore(enumOrder) { $0.enumSpec($1) }) {
            if let spec { enums[name] = spec }
        }
    }

    /// One enum; nil when it cannot be read (its problems are recorded).
    private mutating func enumSpec(_ name: String) -> EnumSpec? {
        guard let declaration = enumDeclarations[name],
            let fields = record(declaration.body, allowed: MappingLanguage.names(of: .enumeration), what: "enum '\(name)'")
        else { return nil }
        let doc = fields["doc"].flatMap { string($0, what: "the doc of enum '\(name)'") }
        guard let casesNode = fields["cases"] else {
            error(
                .missingKey, "enum '\(name)' has no 'cases'", at: declaration.mark,
                hint: "add 'cases: { caseName: jsonValue, … }'")
            return nil
        }
        guard let pairs = mappingPairs(casesNode, what: "the cases of enum '\(name)'") else { return nil }
        guard !pairs.isEmpty else {
            error(.emptyEnum, "enum '\(name)' has no cases", at: casesNode.mark)
            return nil
        }
        var cases: [EnumSpec.Case] = []
        var owners: [JSONValue: (caseName: String, mark: Mark)] = [:]
        for pair in pairs {
            guard let caseName = checkedName(pair.key, kind: .enumCase),
                case let (spec, marks)? = enumCase(caseName, pair.value, keyMark: pair.key.mark, enumName: name)
            else { continue }
            for (value, mark) in zip([spec.json] + spec.aliases, marks) {
                if let owner = owners[value] {
                    let whose = owner.caseName == caseName ? "already" : "also used by case '\(owner.caseName)'"
                    error(
                        .duplicateEnumValue,
                        "JSON value \(value.quoted) of case '\(caseName)' of enum '\(name)' is \(whose) (at \(owner.mark))",
                        at: mark, hint: "each JSON value may decode to one case only")
                } else {
                    owners[value] = (caseName, mark)
                }
            }
            cases.append(spec)
        }
        var defaultCase: String?
        if let node = fields["default"], let text = text(node, what: "the default of enum '\(name)'") {
            if cases.contains(where: { $0.name == text }) {
                defaultCase = text
            } else {
                let suggestion = Self.suggestion(for: text, in: cases.map(\.name))
                error(
                    .unknownCase, "default '\(text)' of enum '\(name)' is not one of its cases", at: node.mark,
                    hint: suggestion.hint, replacement: suggestion.replacement)
            }
        }
        return EnumSpec(name: name, doc: doc, cases: cases, defaultCase: defaultCase, mark: declaration.mark)
    }

    /// `name: value` (short form) or `name: {json: value, aliases: [...], doc: ...}` (long form), with
    /// the positions of its JSON value and aliases (where a value used twice is reported).
    private mutating func enumCase(_ caseName: String, _ node: Node, keyMark: Mark, enumName: String) -> (EnumSpec.Case, [Mark])? {
        let what = "case '\(caseName)' of enum '\(enumName)'"
        var jsonNode = node
        var aliasNodes: [Node] = []
        var doc: String?
        if node.mapping != nil {
            // A mapping is always the long form; an object-valued JSON value goes under `json`.
            let pairs = node.mapping ?? []
            let longFormKeys = MappingLanguage.names(of: .enumCase)
            if pairs.contains(where: { !longFormKeys.contains($0.key.scalar?.text ?? "") }) {
                let hint = "write an object-valued JSON value in the long form: { json: { … } }"
                for pair in pairs where !longFormKeys.contains(pair.key.scalar?.text ?? "") {
                    let key = pair.key.scalar?.text ?? ""
                    error(
                        .unknownKey, "unknown key '\(key)' in \(what)", at: pair.key.mark,
                        hint: Suggestion.hint(for: key, in: longFormKeys).map { $0 + " (or \(hint))" } ?? hint)
                }
                return nil
            }
            let fields = Fields(node: node, pairs: pairs)
            guard let value = fields["json"] else {
                error(.missingKey, "\(what) has no 'json' value", at: keyMark, hint: "add 'json: <value>'")
                return nil
            }
            jsonNode = value
            if let aliases = fields["aliases"] {
                guard let items = aliases.sequence else {
                    error(
                        .invalidValue, "the aliases of \(what) must be a list, not \(aliases.kindDescription)",
                        at: aliases.mark, hint: "write aliases: [\(aliases.scalar?.text ?? "value")]")
                    return nil
                }
                aliasNodes = items
            }
            doc = fields["doc"].flatMap { string($0, what: "the doc of \(what)") }
        }
        guard let json = enumValue(jsonNode, what: what) else { return nil }
        var aliases: [JSONValue] = []
        for alias in aliasNodes {
            guard let value = enumValue(alias, what: "an alias of \(what)") else { return nil }
            aliases.append(value)
        }
        return (
            EnumSpec.Case(name: caseName, json: json, aliases: aliases, doc: doc, mark: node.mark),
            ([jsonNode] + aliasNodes).map(\.mark)
        )
    }

    private mutating func enumValue(_ node: Node, what: @autoclosure () -> String) -> JSONValue? {
        guard let value = json(node, what: what()) else { return nil }
        if value == .null {
            error(
                .invalidEnumValue, "\(what()) has the JSON value null", at: node.mark,
                hint: "JSON null always decodes to a null property, so no case can hold it")
            return nil
        }
        return value
    }
}
