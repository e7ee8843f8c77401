import MapperCEL

/// `readProperty` with its entry recorded: taken instead of it only when a recorder is set.
extension ValueReader {
    mutating func readPropertyExplained(
        _ plan: PropertyPlan, of type: ModelType, document: JSONDocument, object: Int, base: Int, recorder: ExplainRecorder,
        current: CELMap
    ) -> Value? {
        let spec = plan.spec
        let segments = spec.flatten ? [] : spec.key?.segments ?? []
        path.push(spec.flatten ? .flattened(name: spec.name) : .property(name: spec.name, segments: segments))
        let (modelPath, pointer) = (path.modelPath, path.pointer)
        path.pop()
        let present =
            spec.computed == nil && !spec.transient && !spec.flatten
            && plan.path.last.map { slots[base + $0] >= 0 } ?? false
        recorder.begin(path: modelPath, pointer: pointer, present: present || spec.flatten, rule: plan.source)
        func note(_ kind: Explanation.Step.Kind, _ detail: String) { recorder.note(kind, detail, at: pointer) }
        if let decode = spec.decode {
            note(.expression, "decode: \(decode.source)")
        } else if let computed = spec.computed {
            note(.computed, computed.rawValue)
        } else if spec.flatten {
            note(.flatten, "the properties of '\(spec.type)' read from this object")
        } else if spec.transient {
            note(.default, "transient: not read from the input")
        } else if let key = spec.key {
            let style = type.spec.keyStyle
            if key.segments.count > 1 {
                note(.keyPath, key.description)
            } else if style != .asIs && key.description == style.key(for: spec.name) && key.description != spec.name {
                note(.keyStyle, "\(style.rawValue): \(spec.name) → \(key)")
            } else {
                note(.key, key.description)
            }
            if let format = spec.format { note(.format, format.description) }
            if let representation = spec.representation { note(.representation, representation.rawValue) }
        }
        let errorsBefore = errors.count
        let value =
            plan.usesExpressions
            ? readWithExpressions(plan, of: type, document: document, object: object, base: base, current: current)
            : readProperty(plan, of: type, document: document, object: object, base: base)
        if errors.count == errorsBefore, !present, spec.key != nil, spec.computed == nil, spec.decode == nil, !spec.flatten,
            !spec.transient
        {
            if let expression = spec.defaultExpression {
                note(.expression, "the key is missing: default \(expression.source)")
            } else if plan.defaultValue != nil {
                note(.default, "the key is missing")
            } else {
                note(.absent, "the key is missing and the property has no default")
            }
        } else if present, case .null? = value {
            note(.null, "the input holds null")
        }
        recorder.end(value: value.map { CanonicalWriter.jsonValue($0, plan.conversion) })
        return value
    }
}
