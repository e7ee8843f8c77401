import MapperYAML

extension CatalogCompiler {
    /// `variants`: predicates (`when`, tried first, in order), a discriminator (`by` + `cases`),
    /// either or both, and `fallback`. Every model named must be the model itself or extend it.
    /// `keyMark` is the `variants` key, where a missing part is reported.
    mutating func variants(_ node: Node, of model: String, at keyMark: Mark) -> Variants? {
        let what = "the variants of model '\(model)'"
        guard let fields = record(node, allowed: MappingLanguage.names(of: .variants), what: what) else { return nil }
        var ok = true
        var discriminator: Variants.Discriminator?
        switch (fields["by"], fields["cases"]) {
        case (let by?, let cases?):
            guard let text = text(by, what: "'by' of \(what)") else { return nil }
            do {
                let path = try JSONKeyPath(parsing: text)
                if let found = discriminatorCases(cases, by: path, of: model) {
                    discriminator = Variants.Discriminator(by: path, cases: found)
                } else {
                    ok = false
                }
            } catch {
                self.error(.invalidKeyPath, error.message, at: by.mark)
                return nil
            }
        case (.some, nil):
            error(.missingKey, "\(what) have 'by' but no 'cases'", at: keyMark, hint: "add 'cases: { jsonValue: Model, … }'")
            ok = false
        case (nil, .some):
            error(.missingKey, "\(what) have 'cases' but no 'by'", at: keyMark, hint: "add 'by: <key path of the discriminator>'")
            ok = false
        case (nil, nil):
            break
        }
        var predicates: [Variants.Predicate] = []
        if let when = fields["when"] {
            if let found = self.predicates(when, of: model) { predicates = found } else { ok = false }
        }
        if ok && discriminator == nil && predicates.isEmpty && fields["when"] == nil {
            error(
                .missingKey, "\(what) have neither 'when' nor 'by' + 'cases'", at: keyMark,
                hint: "add 'by: <key path>' with 'cases', or 'when: [{ has: key, model: Name }, …]'")
            ok = false
        }
        var fallback: String?
        if let node = fields["fallback"], let name = text(node, what: "the fallback of \(what)") {
            if variantModel(name, at: node.mark, of: model) { fallback = name }
        }
        guard ok else { return nil }
        return Variants(predicates: predicates, discriminator: discriminator, fallback: fallback, mark: node.mark)
    }

    private mutating func discriminatorCases(_ node: Node, by: JSONKeyPath, of model: String) -> [Variants.Case]? {
        guard let pairs = mappingPairs(node, what: "the cases of the variants of model '\(model)'") else { return nil }
        var cases: [Variants.Case] = []
        var values: [JSONValue: Mark] = [:]
        var models: [String: Mark] = [:]
        var ok = true
        for pair in pairs {
            guard let value = json(pair.key, what: "a case of the variants of model '\(model)'"),
                let name = text(pair.value, what: "the model of a variant case")
            else { ok = false; continue }
            if value == .null || value.isContainer {
                error(
                    .invalidVariant, "a discriminator value must be a string, number or boolean, not \(value.kindName)",
                    at: pair.key.mark)
                ok = false
                continue
            }
            if let first = values[value] {
                error(
                    .duplicateVariant, "discriminator value \(value.quoted) of model '\(model)' is listed twice (first at \(first))",
                    at: pair.key.mark)
                ok = false
                continue
            }
            values[value] = pair.key.mark
            guard variantModel(name, at: pair.value.mark, of: model) else { ok = false; continue }
            if let first = models[name] {
                error(
                    .duplicateVariant,
                    "model '\(name)' has two discriminator values in the variants of model '\(model)' (first at \(first))",
                    at: pair.value.mark, hint: "encoding writes one value per model; keep one and use an enum alias upstream")
                ok = false
                continue
            }
            models[name] = pair.value.mark
            cases.append(Variants.Case(value: value, model: name, mark: pair.key.mark))
        }
        return ok ? cases : nil
    }

    private mutating func predicates(_ node: Node, of model: String) -> [Variants.Predicate]? {
        guard let items = node.sequence else {
            error(
                .invalidValue, "'when' of the variants of model '\(model)' must be a list, not \(node.kindDescription)",
                at: node.mark, hint: "write when: [{ has: key, model: Name }, …]")
            return nil
        }
        var predicates: [Variants.Predicate] = []
        var seen: [Variants.Predicate.Test: Mark] = [:]
        var ok = true
        for item in items {
            let what = "a 'when' entry of the variants of model '\(model)'"
            guard let fields = record(item, allowed: MappingLanguage.names(of: .variantCase), what: what) else { ok = false; continue }
            var test: Variants.Predicate.Test?
            switch (fields["has"], fields["equals"], fields["if"]) {
            case (let has?, nil, nil):
                if let text = text(has, what: "'has' of \(what)") {
                    do { test = .has(try JSONKeyPath(parsing: text)) } catch { self.error(.invalidKeyPath, error.message, at: has.mark) }
                }
            case (nil, let equals?, nil):
                test = equalsTest(equals, what: what)
            case (nil, nil, let condition?):
                test = expression(condition, what: "'if' of \(what)", variables: Self.variantVariables).map { .expression($0) }
            default:
                error(.invalidVariant, "\(what) needs exactly one of 'has', 'equals' and 'if'", at: item.mark)
            }
            guard let modelNode = fields["model"] else {
                error(.missingKey, "\(what) has no 'model'", at: item.mark, hint: "add 'model: <variant model>'")
                ok = false
                continue
            }
            guard let name = text(modelNode, what: "the model of \(what)"), variantModel(name, at: modelNode.mark, of: model),
                let test
            else { ok = false; continue }
            if let first = seen[test] {
                error(
                    .duplicateVariant,
                    "the same test appears twice in the variants of model '\(model)' (first at \(first)); the second can never match",
                    at: item.mark)
                ok = false
                continue
            }
            seen[test] = item.mark
            predicates.append(Variants.Predicate(test: test, model: name, mark: item.mark))
        }
        return ok ? predicates : nil
    }

    private mutating func equalsTest(_ node: Node, what: @autoclosure () -> String) -> Variants.Predicate.Test? {
        guard let pairs = mappingPairs(node, what: "'equals' of \(what())"), !pairs.isEmpty else {
            if node.mapping?.isEmpty == true || node.isNull {
                error(.invalidVariant, "'equals' of \(what()) is empty", at: node.mark, hint: "write equals: { key.path: value }")
            }
            return nil
        }
        var expected: [JSONKeyPath: JSONValue] = [:]
        for pair in pairs {
            guard let text = text(pair.key, what: "a key path in 'equals'"), let value = json(pair.value, what: "'equals' of \(what())")
            else {
                return nil
            }
            do {
                expected[try JSONKeyPath(parsing: text)] = value
            } catch {
                self.error(.invalidKeyPath, error.message, at: pair.key.mark)
                return nil
            }
        }
        return .equals(expected)
    }

    /// Whether `name` is a model that is `model` or one of its descendants; reports it otherwise.
    private mutating func variantModel(_ name: String, at mark: Mark, of model: String) -> Bool {
        guard models[name] != nil else {
            reportUnknownModel(name, at: mark, context: "the variants of model '\(model)' name")
            return false
        }
        guard isModel(name, descendantOf: model) else {
            error(
                .invalidVariant, "variant '\(name)' of model '\(model)' does not extend '\(model)'", at: mark,
                hint: "add 'extends: \(model)' to model '\(name)'")
            return false
        }
        return true
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
