// The encoding transcoder where a model property and longer key paths write one object, and
// the bookkeeping of members `omit` leaves out.

extension EncodeTranscoder {
    /// A member both written by a model property and holding the parent's own members (a
    /// property with an `encode:` expression there: the general path).
    mutating func writeMergeNode(
        _ document: JSONDocument, _ node: FlatPlan.EncodeNode, model: FlatPlan.Model, base: Int, first: inout Bool,
        into output: inout JSONOutput
    ) -> Bool {
        if model.encodeExpressions >= 0, plan.encodeExpressionModels[Int(model.encodeExpressions)].encode[Int(node.property)] != nil {
            return false
        }
        let property = self.property(of: model, slot: node.property)
        var value = Int(slots[base + Int(node.property)])
        let policy = property.omit(run: omit)
        // A null the property's `omit` leaves out: the key paths' members stand alone.
        if value >= 0, policy != .never, document.kind(at: value) == .null { value = -1 }
        var childrenHaveValues = false
        for offset in 0..<Int(node.childCount) where hasValue(arenas.encodeNodes[Int(node.firstChild) + offset], base: base) {
            childrenHaveValues = true
        }
        if value < 0 {
            guard childrenHaveValues else { return true }
            let start = output.count
            let wasFirst = first
            guard writeChildren(document, node, model: model, base: base, first: &first, into: &output) else { return false }
            _ = Self.dropEmpty(node, from: start, wasFirst, &first, &output)
            return true
        }
        switch document.kind(at: value) {
        case .null where !childrenHaveValues:
            member(node, &first, &output)
            output.append(contentsOf: "null")
            return true
        case .object:
            let conversion = arenas.conversions[Int(property.encodeConversion)]
            guard conversion.kind == .model, arenas.models[Int(conversion.payload)].encodable else { return false }
            let start = output.count
            let wasFirst = first
            member(node, &first, &output)
            guard
                writeModel(
                    document, at: value, model: conversion.payload, merging: Merge(node: node, parent: model, parentBase: base),
                    into: &output)
            else { return false }
            if policy == .empty { _ = Self.dropEmpty(node, from: start, wasFirst, &first, &output) }
            return true
        default:
            return false  // a key path through a value that is not an object: the encoder's error
        }
    }

    /// Whether `policy` leaves out the member whose value was written from `valueStart` on.
    static func omits(_ policy: OmitPolicy, _ output: JSONOutput, from valueStart: Int) -> Bool {
        policy != .never && output.withUnsafeBytes { policy.omits(UnsafeRawBufferPointer(rebasing: $0[valueStart...])) }
    }

    /// Takes back the member `node` written from `start` on when it is an empty object (`omit`
    /// left out all its members, the only way an object written with values ends up empty);
    /// true when it did.
    static func dropEmpty(
        _ node: FlatPlan.EncodeNode, from start: Int, _ wasFirst: Bool, _ first: inout Bool, _ output: inout JSONOutput
    ) -> Bool {
        guard output.count == start + (wasFirst ? 0 : 1) + Int(node.keyLength) + 2 else { return false }
        output.truncate(to: start)
        first = wasFirst
        return true
    }
}
