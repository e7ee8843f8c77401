import MapperCEL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fast path of canonical JSON → external JSON (`encode`): reads the canonical tokens by
/// property name and writes the external members straight into the output, following the flat
/// encode tree, without building models.
///
/// Flattened models' members are written into their parent's object, and the members of a kept
/// `$extra` after the mapped ones, as `ModelEncoder` writes them. Like `CanonicalTranscoder`, it
/// takes only common shapes (no transformers, no key written by several properties) and only
/// documents without errors; otherwise `transcode` returns false and the general path (canonical
/// reader, models, `ModelEncoder`) does the work and reports the errors. Tests compare both paths.
struct EncodeTranscoder: FlatTranscoder {
    let tables: FlatTables
    /// Tape index of each property's canonical value per open model, -1 when absent.
    let slots = SlotStack()
    /// For each open model with `encode:` expressions, innermost last: its slots' base and `self`.
    var selves: [(base: Int, value: CELValue)] = []
    /// The variables of an `encode:` expression: one array, its value replaced in place.
    var variables: [(String, CELValue)] = [("self", .null)]
    /// The run's `omit` (`--omit`, `?omit=`), for properties the catalog gives none.
    var omit: OmitPolicy?

    init(table: ModelTable) {
        tables = FlatTables(table)
    }

    /// Writes the external JSON of the canonical document as `type`; false (with `output`
    /// unchanged) when the general path must do it.
    ///
    /// A type with variants: each object is written as the model its `$type` names (the type or
    /// one that extends it, as reading canonical JSON requires).
    mutating func transcode(_ document: JSONDocument, as type: ModelType, into output: inout JSONOutput) -> Bool {
        let model = Int32(type.index)
        guard type.variants != nil || arenas.models[Int(model)].encodable else { return false }
        slots.removeAll()
        return document.writeRecords(into: &output) { object, output in
            guard type.variants != nil else { return writeModel(document, at: object, model: model, into: &output) }
            guard let chosen = variant(of: object, in: document, declared: type), arenas.models[chosen].encodable else { return false }
            return writeModel(document, at: object, model: Int32(chosen), tagged: true, into: &output)
        }
    }

    /// The model the `$type` member of a canonical object names, when it is `declared` or extends it.
    private func variant(of object: Int, in document: JSONDocument, declared: ModelType) -> Int? {
        guard let member = document.value(at: Self.typePath, inObjectAt: object), document.kind(at: member) == .string,
            let chosen = table.type(named: document.string(at: member)), chosen.isKind(of: declared.name)
        else { return nil }
        return chosen.index
    }

    private static let typePath = ["$type"]
    private static let typeKey = Array("$type".utf8)
    private static let extraKey = Array("$extra".utf8)

    /// Where a model's object is merged with members written by its parent (`author ← user` with
    /// `reporterLogin ← user.login`): the parent's node and slots.
    struct Merge {
        var node: FlatPlan.EncodeNode
        var parent: FlatPlan.Model
        var parentBase: Int
    }

    /// `tagged`: the object's `$type` chose the model (`variant(of:in:declared:)`).
    mutating func writeModel(
        _ document: JSONDocument, at object: Int, model index: Int32, merging merge: Merge? = nil, tagged: Bool = false,
        into output: inout JSONOutput
    ) -> Bool {
        let model = arenas.models[Int(index)]
        let base = slots.push(Int(model.slotCount))
        defer { slots.pop(to: base) }
        var extra = -1
        guard fill(document, object: object, model: model, slots: base, tagged: tagged, extra: &extra) else { return false }
        // Flattened models, parents first: their canonical objects' members fill their slots.
        for position in Int(model.firstFlattened)..<Int(model.firstFlattened + model.flattenedCount) {
            let flattened = arenas.flattened[position]
            let value = Int(slots[base + Int(flattened.slot)])
            guard value >= 0, document.kind(at: value) != .null else { continue }  // absent or null: none of its members
            guard document.kind(at: value) == .object else { return false }
            // Its kept keys join the parent's object after the parent's own: the general path
            // writes them (a flattened model's `$extra` only comes from canonical JSON written by
            // hand, as decoding keeps unknown keys in the parent).
            var kept = -1
            guard
                fill(
                    document, object: value, model: arenas.models[Int(flattened.model)], slots: base + Int(flattened.offset),
                    tagged: false, extra: &kept)
            else { return false }
            if kept >= 0, document[kept].count > 0 { return false }
        }
        // Kept keys of a model merged with its parent's members could meet the parent's: the
        // general path merges them.
        if merge != nil, extra >= 0, document[extra].count > 0 { return false }
        if model.encodeExpressions >= 0 {
            guard prepare(plan.encodeExpressionModels[Int(model.encodeExpressions)], document, model: model, base: base, output: &output)
            else { return false }
        }
        defer { if model.encodeExpressions >= 0 { selves.removeLast() } }
        output.append(UInt8(ascii: "{"))
        var first = true
        if let merge {
            guard writeMerged(document, model: model, base: base, merge, first: &first, into: &output) else { return false }
        } else {
            guard
                writeMembers(
                    document, model.firstEncodeNode, model.encodeNodeCount, model: model, base: base, extra: extra, first: &first,
                    into: &output)
            else {
                return false
            }
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// Reads the members of a canonical object of `model` into its slots (from `base`), and
    /// `$extra` (its tape index) when the model keeps unknown keys. False for what the general
    /// path must judge: an unknown name, `$type` where it did not choose the model, `$extra` that
    /// is not an object or in a model that does not keep unknown keys, a required property
    /// missing or null.
    private func fill(
        _ document: JSONDocument, object: Int, model: FlatPlan.Model, slots base: Int, tagged: Bool, extra: inout Int
    ) -> Bool {
        for (key, value) in document.members(ofObjectAt: object) {
            guard let position = document.lookup(key: key, in: plan, model.names) else {
                if tagged, Self.typeKey.withUnsafeBytes({ document.keyEquals(at: key, $0) }) { continue }
                if model.keepsUnknownKeys, document.kind(at: value) == .object,
                    Self.extraKey.withUnsafeBytes({ document.keyEquals(at: key, $0) })
                {
                    extra = value
                    continue
                }
                return false
            }
            slots[base + Int(position)] = Int32(value)
        }
        for position in 0..<Int(model.propertyCount)
        where arenas.properties[Int(model.firstProperty) + position].flags & FlatPlan.Property.required != 0 {
            let slot = Int(slots[base + position])
            if slot < 0 || document.kind(at: slot) == .null { return false }
        }
        return true
    }

    /// The property whose value is in `slot` of an object of `model`: one of its own, or one of
    /// a flattened model's (`FlatPlan.Model.slotCount`).
    @inline(__always)
    func property(of model: FlatPlan.Model, slot: Int32) -> FlatPlan.Property {
        if slot < model.propertyCount { return arenas.properties[Int(model.firstProperty + slot)] }
        for position in Int(model.firstFlattened)..<Int(model.firstFlattened + model.flattenedCount) {
            let flattened = arenas.flattened[position]
            let nested = arenas.models[Int(flattened.model)]
            if slot >= flattened.offset && slot < flattened.offset + nested.propertyCount {
                return arenas.properties[Int(nested.firstProperty + slot - flattened.offset)]
            }
        }
        preconditionFailure("slot \(slot) holds no property of the model")
    }

    /// The model's members, then the parent's members written into the same object. When both
    /// write a value at one key, the same bytes from both are written once (`ModelEncoder` agrees:
    /// equal values agree); anything else (objects to merge, a key-path conflict) is left to
    /// `ModelEncoder`: the general path takes the document.
    private mutating func writeMerged(
        _ document: JSONDocument, model: FlatPlan.Model, base: Int, _ merge: Merge, first: inout Bool, into output: inout JSONOutput
    ) -> Bool {
        let children = Int(merge.node.childCount)
        for offset in 0..<Int(model.encodeNodeCount) {
            let own = arenas.encodeNodes[Int(model.firstEncodeNode) + offset]
            let ownStart = output.count
            guard writeMembers(document, model.firstEncodeNode + Int32(offset), 1, model: model, base: base, first: &first, into: &output)
            else {
                return false
            }
            guard hasValue(own, base: base) else { continue }
            if output.count == ownStart { return false }  // left out by `omit`: the general path merges
            for position in 0..<children {
                let child = arenas.encodeNodes[Int(merge.node.firstChild) + position]
                guard child.override == Int32(offset), hasValue(child, base: merge.parentBase) else { continue }
                let ownEnd = output.count
                var probeFirst = true
                guard
                    writeMembers(
                        document, Int32(Int(merge.node.firstChild) + position), 1, model: merge.parent, base: merge.parentBase,
                        first: &probeFirst, into: &output),
                    Self.sameMember(output, ownStart..<ownEnd, ownEnd..<output.count)
                else {
                    return false
                }
                output.truncate(to: ownEnd)
            }
        }
        for position in 0..<children {
            let child = arenas.encodeNodes[Int(merge.node.firstChild) + position]
            // Written above, as the same bytes as the model's own member.
            if child.override >= 0, hasValue(child, base: merge.parentBase),
                hasValue(arenas.encodeNodes[Int(model.firstEncodeNode) + Int(child.override)], base: base)
            {
                continue
            }
            guard
                writeMembers(
                    document, Int32(Int(merge.node.firstChild) + position), 1, model: merge.parent, base: merge.parentBase, first: &first,
                    into: &output)
            else {
                return false
            }
        }
        return true
    }

    /// Whether two written members (`"key":value`, the first maybe after a comma) are the same bytes.
    private static func sameMember(_ output: JSONOutput, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        output.withUnsafeBytes { bytes in
            var a = a
            if a.lowerBound < a.upperBound, bytes[a.lowerBound] == UInt8(ascii: ",") { a = a.lowerBound + 1..<a.upperBound }
            return a.count == b.count
                && (a.isEmpty || memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0)
        }
    }

    /// The members of one level of the encode tree (`count` nodes from `firstNode`), then those of
    /// `extra` (the tape index of `$extra`, or of the object in it at this level's key path; -1:
    /// none) that no node at this level wrote, in their order, as `ModelEncoder` does: mapped
    /// keys win, and the kept members of an object that properties write into join it.
    private mutating func writeMembers(
        _ document: JSONDocument, _ firstNode: Int32, _ count: Int32, model: FlatPlan.Model, base: Int, extra: Int = -1,
        first: inout Bool, into output: inout JSONOutput
    ) -> Bool {
        for offset in 0..<Int(count) {
            let node = arenas.encodeNodes[Int(firstNode) + offset]
            if node.constantLength >= 0 {
                if node.property >= 0 {
                    let value = Int(slots[base + Int(node.property)])
                    guard value < 0 || check(document, at: value, property(of: model, slot: node.property), &output) else { return false }
                }
                member(node, &first, &output)
                output.append(arenas.text(node.constantStart, node.constantLength))
            } else if node.property >= 0 && node.childCount > 0 {
                // Kept members at a key whose member `omit` may leave out: the general path.
                if extra >= 0, property(of: model, slot: node.property).omit(run: omit) != .never { return false }
                guard writeMergeNode(document, node, model: model, base: base, first: &first, into: &output) else { return false }
            } else if node.property >= 0 {
                let value = Int(slots[base + Int(node.property)])
                guard value >= 0 else { continue }  // absent: left out
                let property = self.property(of: model, slot: node.property)
                // A value kept at this key may be the raw value the property's enum fell back from,
                // which `ModelEncoder` writes instead: it decides.
                if extra >= 0, property.flags & FlatPlan.Property.fallsBack != 0, self.member(of: extra, keyOf: node, in: document) != nil {
                    return false
                }
                let start = output.count
                let wasFirst = first
                member(node, &first, &output)
                let valueStart = output.count
                if model.encodeExpressions >= 0,
                    let expression = plan.encodeExpressionModels[Int(model.encodeExpressions)].encode[Int(node.property)]
                {
                    guard writeEncoded(expression, base: base, into: &output) else { return false }
                } else if document.kind(at: value) == .null {
                    output.append(contentsOf: "null")
                } else if !document.satisfiesConstraints(at: value, property, in: plan)
                    || !write(document, at: value, conversion: property.encodeConversion, into: &output)
                {
                    return false
                }
                if Self.omits(property.omit(run: omit), output, from: valueStart) {
                    // Kept members are written where no node wrote: the general path judges.
                    guard extra < 0 else { return false }
                    output.truncate(to: start)
                    first = wasFirst
                }
            } else if hasValue(node, base: base) {
                // The kept members of this object join it (a kept value that is no object is lost).
                var inner = -1
                if extra >= 0, let kept = self.member(of: extra, keyOf: node, in: document), document.kind(at: kept) == .object {
                    inner = kept
                }
                let start = output.count
                let wasFirst = first
                guard writeChildren(document, node, model: model, base: base, extra: inner, first: &first, into: &output) else {
                    return false
                }
                if Self.dropEmpty(node, from: start, wasFirst, &first, &output), extra >= 0 { return false }
            }
        }
        if extra >= 0 { writeKept(document, extra, firstNode, count, base: base, first: &first, into: &output) }
        return true
    }

    /// The members of the kept object at `extra` whose keys no node among `count` from
    /// `firstNode` wrote, as they are.
    private func writeKept(
        _ document: JSONDocument, _ extra: Int, _ firstNode: Int32, _ count: Int32, base: Int, first: inout Bool,
        into output: inout JSONOutput
    ) {
        for (key, value) in document.members(ofObjectAt: extra) {
            var written = false
            for offset in 0..<Int(count) {
                let node = arenas.encodeNodes[Int(firstNode) + offset]
                guard isKey(document, key, of: node) else { continue }
                written = hasValue(node, base: base)
                break  // keys are unique among a level's nodes
            }
            guard !written else { continue }
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            document.writeString(at: key, to: &output)
            output.append(UInt8(ascii: ":"))
            document.write(valueAt: value, to: &output)
        }
    }

    /// The value of the member of the object at `object` whose key is `node`'s, or nil.
    private func member(of object: Int, keyOf node: FlatPlan.EncodeNode, in document: JSONDocument) -> Int? {
        for (key, value) in document.members(ofObjectAt: object) where isKey(document, key, of: node) { return value }
        return nil
    }

    /// Whether the member key at `key` is `node`'s key (kept as written, `"key":`).
    private func isKey(_ document: JSONDocument, _ key: Int, of node: FlatPlan.EncodeNode) -> Bool {
        let quoted = arenas.text(node.keyStart, node.keyLength - 1)
        let text = UnsafeRawBufferPointer(rebasing: quoted[1..<(quoted.count - 1)])
        // Without a backslash the key was written as it is; else compare written forms, which
        // both escape alike.
        guard text.contains(UInt8(ascii: "\\")) else { return document.keyEquals(at: key, text) }
        var written = JSONOutput(capacity: quoted.count)
        document.writeString(at: key, to: &written)
        return written.withUnsafeBytes { $0.elementsEqual(quoted) }
    }

    /// The member `node` as an object of its children's members, then the members of `extra`
    /// (-1: none) they did not write.
    mutating func writeChildren(
        _ document: JSONDocument, _ node: FlatPlan.EncodeNode, model: FlatPlan.Model, base: Int, extra: Int = -1, first: inout Bool,
        into output: inout JSONOutput
    ) -> Bool {
        member(node, &first, &output)
        output.append(UInt8(ascii: "{"))
        var innerFirst = true
        guard
            writeMembers(
                document, node.firstChild, node.childCount, model: model, base: base, extra: extra, first: &innerFirst, into: &output)
        else {
            return false
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// Whether anything is written at or below a node (an object of absent members is left out).
    func hasValue(_ node: FlatPlan.EncodeNode, base: Int) -> Bool {
        if node.constantLength >= 0 { return true }
        if node.property >= 0 && slots[base + Int(node.property)] >= 0 { return true }
        for offset in 0..<Int(node.childCount) where hasValue(arenas.encodeNodes[Int(node.firstChild) + offset], base: base) {
            return true
        }
        return false
    }

    @inline(__always)
    func member(_ node: FlatPlan.EncodeNode, _ first: inout Bool, _ output: inout JSONOutput) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(arenas.text(node.keyStart, node.keyLength))
    }
}
