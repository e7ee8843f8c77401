/// Collects an `Explanation` while a `ValueReader` decodes one document. The reader holds it as
/// an optional and tests it once per property, so decoding without it pays nothing.
///
/// A class: nested readers (transformers) and the reader's extensions share the one instance.
final class ExplainRecorder {
    var explanation: Explanation
    /// Entries being read (a property holding a nested model stays open while its properties are
    /// read), innermost last.
    private var open: [Int] = []

    init(model: String) {
        explanation = Explanation(model: model)
    }

    func begin(path: String, pointer: String, present: Bool, rule: String) {
        open.append(explanation.entries.count)
        explanation.entries.append(.init(path: path, pointer: pointer, present: present, rule: rule, value: nil, steps: []))
    }

    func end(value: JSONValue?) {
        let index = open.removeLast()
        explanation.entries[index].value = value
    }

    /// A step of the innermost open entry; `pointer`, when deeper than that entry's.
    func note(_ kind: Explanation.Step.Kind, _ detail: String, at pointer: String) {
        guard let index = open.last else { return }
        let own = explanation.entries[index].pointer
        explanation.entries[index].steps.append(.init(kind: kind, detail: detail, pointer: pointer == own ? nil : pointer))
    }

    /// The variant chosen for an object: a step of the property holding it, or for the document
    /// itself an entry of its own, `Model.$type`, as canonical JSON writes it.
    func variant(_ detail: String, name: String, path: String, pointer: String, rule: String) {
        if open.isEmpty {
            explanation.entries.append(
                .init(
                    path: path + ".$type", pointer: pointer, present: true, rule: rule, value: .string(name),
                    steps: [.init(kind: .variant, detail: detail, pointer: nil)]))
        } else {
            note(.variant, detail, at: pointer)
        }
    }

    func unread(_ pointer: String, model: String) {
        explanation.unread.append(.init(pointer: pointer, model: model))
    }
}

extension ExplainRecorder {
    func variant(_ reader: ValueReader, _ chosen: Int, of declared: ModelType, because reason: String) {
        let name = reader.table.types[chosen].name
        variant(
            "'\(name)' of '\(declared.name)': \(reason)", name: name, path: reader.path.modelPath, pointer: reader.path.pointer,
            rule: declared.spec.mark.description)
    }

    func enumCase(_ plan: EnumPlan, _ position: Int, from value: JSONValue, at pointer: String) {
        if value == plan.jsonValues[position] {
            note(.enumCase, "\(value.quoted) → '\(plan.caseNames[position])' of enum '\(plan.name)'", at: pointer)
        } else {
            note(.alias, "\(value.quoted) is an alias of '\(plan.caseNames[position])' of enum '\(plan.name)'", at: pointer)
        }
    }
}

extension VariantPlan.Test: CustomStringConvertible {
    var description: String {
        switch self {
        case .has(let path): return "has \(path.joined(separator: "."))"
        case .equals(let pairs): return pairs.map { "\($0.path.joined(separator: ".")) = \($0.value.quoted)" }.joined(separator: ", ")
        case .expression(let expression): return "if \(expression.source)"
        }
    }
}

extension ValueReader {
    /// Keys of an object (and of the intermediate objects of its key paths) that no property reads.
    func recordUnread(_ document: JSONDocument, object: Int, node: Int, type: ModelType, recorder: ExplainRecorder) {
        let tree = type.keyTree
        recordUnread(document, object: object, node: node, tree: tree, pointer: path.pointer, model: type.name, recorder: recorder)
    }

    private func recordUnread(
        _ document: JSONDocument, object: Int, node: Int, tree: KeyTree, pointer: String, model: String, recorder: ExplainRecorder
    ) {
        for (key, value) in document.members(ofObjectAt: object) {
            let name = document.string(at: key)
            let inner = pointer + "/" + JSONPointer.escape(name)
            guard let child = document.stringBytes(at: key, { tree.nodes[node].keys.value(for: $0) }) else {
                recorder.unread(inner, model: model)
                continue
            }
            // A value node is read by its property; a node with no keys by variant dispatch.
            if !tree.nodes[child].isValue, !tree.nodes[child].keys.isEmpty, document.kind(at: value) == .object {
                recordUnread(document, object: value, node: child, tree: tree, pointer: inner, model: model, recorder: recorder)
            }
        }
    }
}
