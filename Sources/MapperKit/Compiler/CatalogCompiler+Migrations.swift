import MapperYAML

extension CatalogCompiler {
    static let migrationFields = MappingLanguage.names(of: .migration)

    /// `migrations`: steps from every older version up to the model's, in a contiguous chain.
    mutating func migrations(_ node: Node, of header: ModelHeader) -> [Migration] {
        let model = header.name
        guard let items = node.sequence else {
            error(
                .invalidValue, "the migrations of model '\(model)' must be a list of steps, not \(node.kindDescription)",
                at: node.mark, hint: "write migrations: [{ from: 1, rename: { old: new } }]")
            return []
        }
        var steps: [Migration] = []
        var seen: [Int: Mark] = [:]
        var written: [Int: Node] = [:]
        for item in items {
            guard let step = migration(item, of: header) else { continue }
            let fromMark = item["from"]?.mark ?? step.mark
            if let first = seen[step.from] {
                error(
                    .invalidMigration, "model '\(model)' has two migrations from version \(step.from) (first at \(first))",
                    at: fromMark)
                continue
            }
            seen[step.from] = fromMark
            written[step.from] = item
            steps.append(step)
        }
        steps.sort { $0.from < $1.from }
        // Steps must chain: from the oldest `from` up to version - 1, with no gap.
        if let oldest = steps.first?.from {
            for version in oldest..<header.version where seen[version] == nil {
                error(
                    .invalidMigration,
                    "model '\(model)' has migrations from version \(oldest) but none from version \(version) to \(version + 1)",
                    at: header.fields.keyMark("migrations") ?? node.mark, hint: "add a step with 'from: \(version)'")
            }
        }
        checkSetValues(steps, of: model, items: written)
        return steps
    }

    private mutating func migration(_ item: Node, of header: ModelHeader) -> Migration? {
        let model = header.name
        let what = "a migration of model '\(model)'"
        guard let fields = record(item, allowed: Self.migrationFields, what: what) else { return nil }
        guard let fromNode = fields["from"] else {
            error(.missingKey, "\(what) has no 'from' version", at: item.mark, hint: "add 'from: 1'")
            return nil
        }
        guard let from = integer(fromNode, what: "'from' of \(what)", minimum: 1) else { return nil }
        guard from < header.version else {
            error(
                .invalidMigration,
                "migration from version \(from) of model '\(model)' is not below the model's version \(header.version)",
                at: fromNode.mark, hint: "raise 'version' of model '\(model)' to \(from + 1)")
            return nil
        }
        var step = Migration(from: from, rename: [], template: [], set: [], drop: [], mark: item.mark)
        if let doc = fields["doc"] { _ = string(doc, what: "the doc of \(what)") }
        for pair in stringPairs(fields["rename"], what: "'rename' of \(what)") {
            guard let new = string(pair.value, what: "a new name in 'rename'") else { continue }
            step.rename.append(.init(field: pair.field, value: new))
        }
        for pair in stringPairs(fields["template"], what: "'template' of \(what)") {
            guard let text = string(pair.value, what: "a template") else { continue }
            do {
                step.template.append(.init(field: pair.field, value: try Template(parsing: text)))
            } catch {
                self.error(
                    .invalidTemplate, "template \"\(text)\" for '\(pair.field)': \(error.message)", at: pair.value.mark,
                    hint: "write ${field} to insert a field and $$ for a literal $")
            }
        }
        for pair in stringPairs(fields["set"], what: "'set' of \(what)") {
            guard let value = json(pair.value, what: "'set' of \(what)") else { continue }
            step.set.append(.init(field: pair.field, value: value))
        }
        if let drop = fields["drop"] {
            if let items = drop.sequence {
                step.drop = items.compactMap { string($0, what: "a field in 'drop'") }
            } else {
                error(
                    .invalidValue, "'drop' of \(what) must be a list of field names, not \(drop.kindDescription)",
                    at: drop.mark, hint: "write drop: [legacy]")
            }
        }
        return step
    }

    private mutating func stringPairs(_ node: Node?, what: @autoclosure () -> String) -> [(field: String, value: Node)] {
        guard let node, let pairs = mappingPairs(node, what: what()) else { return [] }
        return pairs.compactMap { pair in
            string(pair.key, what: "a field name in \(what())").map { ($0, pair.value) }
        }
    }

    /// A value a step sets for a property the model still has afterwards (not renamed or dropped
    /// by a later step) must be canonical for that property's type: read when the table is built.
    private mutating func checkSetValues(_ steps: [Migration], of model: String, items: [Int: Node]) {
        guard let spec = models[model] else { return }
        for (index, step) in steps.enumerated() {
            let later = steps[(index + 1)...]
            for entry in step.set {
                guard spec.property(named: entry.field) != nil,
                    !later.contains(where: { $0.drop.contains(entry.field) || $0.rename.contains { $0.field == entry.field } }),
                    let node = items[step.from]?["set"]?[entry.field]
                else { continue }
                pendingSetValues.append(
                    PendingSetValue(
                        check: PlanBuilder.ValueCheck(model: model, property: entry.field, json: entry.value), from: step.from, node: node))
            }
        }
    }
}

extension Template {
    struct ParseError: Error {
        var message: String
    }

    /// `"M: ${name}"`; `$$` is a literal `$`, and a `$` not followed by `{` or `$` is literal too.
    init(parsing text: String) throws(ParseError) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest.removeFirst()
            guard character == "$", let next = rest.first, next == "{" || next == "$" else {
                literal.append(character)
                continue
            }
            rest.removeFirst()
            if next == "$" {
                literal.append("$")
                continue
            }
            guard let close = rest.firstIndex(of: "}") else { throw ParseError(message: "'${' is never closed") }
            let name = String(rest[..<close])
            guard NameKind.property.accepts(name) else {
                throw ParseError(message: "'${\(name)}' does not name a field")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.field(name))
            rest = rest[rest.index(after: close)...]
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }
}
