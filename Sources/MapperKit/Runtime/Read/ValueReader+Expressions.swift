import MapperCEL
import MapperJSON
import MapperYAML

extension ValueReader {
    /// Evaluates an expression to its JSON value; a failure is an `expression-failed` error at the
    /// current pointer, citing where the expression is written.
    mutating func evaluate(_ expression: Expression, _ variables: [(String, CELValue)], what: String) -> JSONValue? {
        let result: CELValue
        do {
            result = try expression.program.evaluate(bindings: variables)
        } catch {
            fail(
                .expressionFailed, "\(what) '\(expression.source)' failed at column \(error.column): \(error.mapperMessage)",
                source: expression.mark)
            return nil
        }
        switch CELBridge.json(result) {
        case .success(let json): return json
        case .failure(let problem):
            fail(
                .expressionFailed, "\(what) '\(expression.source)' gives no JSON value: \(problem.message)",
                source: expression.mark)
            return nil
        }
    }

    /// The value an expression gave, read as the canonical JSON of the property's type (a string
    /// holding a number is read as a `decimal` property's number), then its constraints.
    mutating func readComputed(_ json: JSONValue, plan: PropertyPlan) -> Value? {
        var json = json
        if case .string(let text) = json, plan.spec.type.leaves.contains(.decimal), !plan.spec.type.leaves.contains(.string),
            let number = JSONNumber(text)
        {
            json = .number(number)
        }
        let savedMode = mode
        mode = .canonical
        defer { mode = savedMode }
        do {
            return try JSONDocument.withDocument(Array(JSONWriter.write(json).utf8)) { document in
                readPresent(document, at: 0, plan: plan)
            }
        } catch {
            fail(.expressionFailed, "the expression's result is not JSON: \(error.description)", source: plan.spec.mark)
            return nil
        }
    }

    /// A property with `decode:` or `default: {expr:}`, read in declaration order; `current` holds
    /// the properties decoded so far.
    mutating func readWithExpressions(
        _ plan: PropertyPlan, of type: ModelType, document: JSONDocument, object: Int, base: Int, current: CELMap
    ) -> Value? {
        let spec = plan.spec
        if let decode = spec.decode {
            // Partial: only when the document holds a key the expression reads.
            if partial, let paths = decode.inputPaths, !paths.contains(where: { document.value(at: $0, inObjectAt: object) != nil }) {
                return nil
            }
            path.push(.property(name: spec.name, segments: spec.key?.segments ?? [spec.name]))
            defer { path.pop() }
            let variables = CELBridge.bindings(decode, document, object, .map(current))
            guard let json = evaluate(decode, variables, what: "the decode expression") else { return nil }
            return readComputed(json, plan: plan)
        }
        let errorsBefore = errors.count
        let value = readProperty(plan, of: type, document: document, object: object, base: base)
        guard value == nil, errors.count == errorsBefore, !partial, let expression = spec.defaultExpression else { return value }
        // Absent: the default expression gives the value.
        path.push(.property(name: spec.name, segments: spec.key?.segments ?? [spec.name]))
        defer { path.pop() }
        let variables = CELBridge.bindings(expression, document, object, .map(current))
        guard let json = evaluate(expression, variables, what: "the default expression") else { return nil }
        return readComputed(json, plan: plan)
    }

    /// The model's rules, after every property decoded: a rule that does not give true is a
    /// `rule-failed` error at the model's pointer with the rule's message.
    mutating func checkRules(_ model: Model, document: JSONDocument, object: Int) {
        let rules = model.type.spec.rules
        guard !rules.isEmpty else { return }
        let this = CELBridge.cel(model)
        for rule in rules {
            guard !isFull else { return }
            do {
                let result = try rule.rule.program.evaluate(bindings: CELBridge.bindings(rule.rule, document, object, this))
                guard case .bool(let holds) = result else {
                    fail(
                        .ruleFailed,
                        "the rule '\(rule.rule.source)' of model '\(model.type.name)' gives \(result.type.name) \(result), not a bool",
                        source: rule.rule.mark)
                    continue
                }
                if !holds { fail(.ruleFailed, rule.message, source: rule.rule.mark) }
            } catch {
                fail(
                    .ruleFailed,
                    "\(rule.message) (the rule '\(rule.rule.source)' failed at column \(error.column): \(error.mapperMessage))",
                    source: rule.rule.mark)
            }
        }
    }

    /// A variant's `if:` with the object as `input`; an error or a non-bool result is an
    /// `expression-failed` error (and no match).
    mutating func holds(_ expression: Expression, _ document: JSONDocument, object: Int, model: String) -> Bool {
        do {
            let result = try expression.program.evaluate(bindings: [("input", CELBridge.input(of: expression, document, object: object))])
            if case .bool(let value) = result { return value }
            fail(
                .expressionFailed,
                "the 'if' expression '\(expression.source)' of the variants of '\(model)' gives \(result.type.name) \(result), not a bool",
                source: expression.mark)
        } catch {
            fail(
                .expressionFailed,
                "the 'if' expression '\(expression.source)' of the variants of '\(model)' failed at column \(error.column): \(error.mapperMessage)",
                source: expression.mark)
        }
        return false
    }
}
