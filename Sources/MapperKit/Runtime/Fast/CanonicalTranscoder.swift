import MapperCEL

/// The fast path of decode → canonical JSON: writes canonical bytes straight from the token tape,
/// property by property, without building models, values or strings, reading the flat plan.
///
/// It handles the common shapes only (no variants chosen by `if`, no transformers) and only
/// documents that decode without errors. Anything else, and any problem, makes `transcode` return
/// false and the caller runs the general reader, which then owns the result or the exact error
/// messages. So semantics live in one place; this path must only ever agree with it (tests
/// compare both on every example).
struct CanonicalTranscoder: FlatTranscoder {
    /// The general path's tables (what the fast path leaves to it: `readComputed`), the flat plan, its arenas.
    let tables: FlatTables

    var now = Instant(milliseconds: 0)
    /// Where `computed: uuid` properties get their values (the session's, shared with its reader).
    var uuids = UUIDSource()
    var observer: DecodeObserver?
    private let slots = SlotStack()
    /// Drift seen while writing, reported only once the whole document has succeeded.
    private var unknownSeen: [(keys: [String], model: Int)] = []
    private var fallbacksSeen: [(enumIndex: Int32, value: String)] = []
    /// Whether the model being written keeps unknown keys, which keeps the raw value of an enum
    /// that falls back to its default case too (left to the general reader).
    private var keepsRaw = false
    /// The variables of the expression being evaluated: one array for every evaluation, its
    /// values replaced in place (`input` stays null for an expression that does not read it).
    var variables: [(String, CELValue)] = [("self", .null), ("input", .null)]

    init(table: ModelTable) {
        tables = FlatTables(table)
    }

    /// Writes canonical JSON of the whole document as `type`; false (with `output` unchanged)
    /// when the general reader must do it.
    ///
    /// A type with variants: each object's variant is chosen as the general reader chooses it
    /// (`VariantPlan.choose`), and the object is written as that model, `$type` first. Variants
    /// chosen by `if` expressions, and objects no variant takes, are the general reader's.
    mutating func transcode(_ document: JSONDocument, as type: ModelType, into output: inout JSONOutput) -> Bool {
        let model = Int32(type.index)
        if let variants = type.variants {
            guard !variants.hasConditions else { return false }
        } else {
            guard arenas.models[Int(model)].transcodable else { return false }
        }
        unknownSeen.removeAll(keepingCapacity: true)
        fallbacksSeen.removeAll(keepingCapacity: true)
        slots.removeAll()
        let written = document.writeRecords(into: &output) { object, output in
            guard let variants = type.variants else { return writeModel(document, at: object, model: model, into: &output) }
            // `if` expressions were ruled out above.
            guard let chosen = variants.type(of: variants.choose(document, object: object, holds: { _ in false })),
                arenas.models[chosen].transcodable
            else { return false }
            return writeModel(document, at: object, model: Int32(chosen), tagged: true, into: &output)
        }
        guard written else { return false }
        if let observer {
            for seen in unknownSeen { observer.unknownKeys(seen.keys, plan.names[seen.model]) }
            for seen in fallbacksSeen { observer.enumFallback(plan.enumNames[Int(seen.enumIndex)], seen.value) }
        }
        return true
    }

    /// `flattened`: the model reads its parent's object, whose other keys are the parent's to judge.
    /// `tagged`: the declared type has variants, so the object starts with its model's `$type`.
    private mutating func writeModel(
        _ document: JSONDocument, at object: Int, model index: Int32, flattened: Bool = false, tagged: Bool = false,
        into output: inout JSONOutput
    ) -> Bool {
        let model = arenas.models[Int(index)]
        let base = slots.push(Int(model.nodeCount))
        // A nested model's raw values are its own; a flattened one's, its parent's.
        let outerKeepsRaw = keepsRaw
        defer {
            slots.pop(to: base)
            keepsRaw = outerKeepsRaw
        }
        if !flattened { keepsRaw = model.keepsUnknownKeys }
        guard fill(document, object: object, node: 0, model: model, modelIndex: index, base: base, judgesUnknown: !flattened) else {
            return false
        }
        output.append(UInt8(ascii: "{"))
        var first = true
        if tagged {
            output.append(contentsOf: #""$type":"#)
            output.appendString(plan.names[Int(index)])
            first = false
        }
        if model.expressions >= 0 {
            guard
                writeProperties(
                    plan.expressionModels[Int(model.expressions)], document, object: object, model: model, base: base,
                    first: &first, into: &output)
            else { return false }
        } else {
            for position in 0..<Int(model.propertyCount) {
                guard writeProperty(document, object: object, model: model, position: position, base: base, first: &first, into: &output)
                else { return false }
            }
        }
        if model.keepsUnknownKeys && !flattened { writeExtra(document, object: object, model: model, first: first, into: &output) }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// `"$extra": {…}` with what no property of the model reads, as the general reader keeps it:
    /// unknown keys, keys only variant dispatch or expressions read, and inside the objects of key
    /// paths their unread members, or the whole object when nothing in it is read. Nothing when
    /// all is read.
    private func writeExtra(_ document: JSONDocument, object: Int, model: FlatPlan.Model, first: Bool, into output: inout JSONOutput) {
        let start = output.count
        if !first { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: #""$extra":"#)
        if !writeUnread(document, object: object, node: 0, model: model, into: &output).wrote { output.truncate(to: start) }
    }

    /// Writes `{…}` with the unread members of the object at `object` (read through `node` of the
    /// model's key tree); whether it wrote a member, and whether some property reads a value in it.
    private func writeUnread(
        _ document: JSONDocument, object: Int, node: Int32, model: FlatPlan.Model, into output: inout JSONOutput
    ) -> (wrote: Bool, read: Bool) {
        let table = arenas.nodes[Int(model.rootNode + node)]
        var (wrote, read) = (false, false)
        output.append(UInt8(ascii: "{"))
        func member(_ key: Int, _ output: inout JSONOutput) {
            if wrote { output.append(UInt8(ascii: ",")) }
            wrote = true
            document.writeString(at: key, to: &output)
            output.append(UInt8(ascii: ":"))
        }
        for (key, value) in document.members(ofObjectAt: object) {
            let child = table.mask < 0 ? nil : document.lookup(key: key, in: plan, table)
            guard let child else {
                member(key, &output)
                document.write(valueAt: value, to: &output)
                continue
            }
            let childNode = arenas.nodes[Int(model.rootNode + child)]
            if childNode.isValue {
                read = true
            } else if childNode.mask < 0 || document.kind(at: value) != .object {
                // Nothing reads under it (a null, or not an object where key paths expect one): kept whole.
                member(key, &output)
                document.write(valueAt: value, to: &output)
            } else {
                let (before, wroteBefore) = (output.count, wrote)
                member(key, &output)
                let inner = writeUnread(document, object: value, node: child, model: model, into: &output)
                read = read || inner.read
                if !inner.wrote && inner.read {
                    output.truncate(to: before)
                    wrote = wroteBefore
                }
            }
        }
        output.append(UInt8(ascii: "}"))
        return (wrote, read)
    }

    /// The property at `position` of the model (its key and canonical value, or nothing when it is
    /// absent without a default); false when the general reader must do the document.
    @inline(__always)
    mutating func writeProperty(
        _ document: JSONDocument, object: Int, model: FlatPlan.Model, position: Int, base: Int, first: inout Bool,
        into output: inout JSONOutput
    ) -> Bool {
        let property = arenas.properties[Int(model.firstProperty) + position]
        let flags = property.flags
        if flags & (FlatPlan.Property.computedNow | FlatPlan.Property.computedUUID) != 0 {
            key(property, &first, &output)
            if flags & FlatPlan.Property.computedNow != 0 {
                writeDate(now, into: &output)
            } else {
                output.appendString(uuids.next())
            }
            return true
        }
        if flags & FlatPlan.Property.flatten != 0 {
            key(property, &first, &output)
            return writeModel(
                document, at: object, model: arenas.conversions[Int(property.conversion)].payload, flattened: true, into: &output)
        }
        var value = -1
        if flags & FlatPlan.Property.transient == 0 {
            let count = Int(property.pathCount)
            for depth in 0..<count {
                let slot = Int(slots[base + Int(arenas.paths[Int(property.firstPathNode) + depth])])
                if slot < 0 { break }
                if depth == count - 1 {
                    value = slot
                } else if document.kind(at: slot) == .null {
                    break
                } else if document.kind(at: slot) != .object {
                    return false
                }
            }
        }
        if value < 0 {
            if flags & FlatPlan.Property.required != 0 { return false }
            if flags & FlatPlan.Property.hasDefault != 0 {
                key(property, &first, &output)
                let entry = plan.defaults[Int(property.defaultIndex)]
                CanonicalWriter.write(entry.value, entry.conversion, into: &output)
            }
            return true
        }
        key(property, &first, &output)
        if document.kind(at: value) == .null {
            if flags & FlatPlan.Property.required != 0 { return false }
            output.append(contentsOf: "null")
        } else if !document.satisfiesConstraints(at: value, property, in: plan)
            || !write(document, at: value, conversion: property.conversion, into: &output)
        {
            return false
        }
        return true
    }

    @inline(__always)
    func key(_ property: FlatPlan.Property, _ first: inout Bool, _ output: inout JSONOutput) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(arenas.text(property.keyStart, property.keyLength))
    }

    /// Slots of the key tree, as the general reader fills them; unknown keys of a `reject` model
    /// send the document to the general reader (which reports them). A flattened model does not
    /// judge unknown keys (`judgesUnknown` false): its parent's key tree holds its keys too.
    private mutating func fill(
        _ document: JSONDocument, object: Int, node: Int32, model: FlatPlan.Model, modelIndex: Int32, base: Int,
        judgesUnknown: Bool
    ) -> Bool {
        let table = arenas.nodes[Int(model.rootNode + node)]
        var unknown: [String] = []
        for (key, value) in document.members(ofObjectAt: object) {
            guard let child = document.lookup(key: key, in: plan, table) else {
                if node == 0 && judgesUnknown {
                    if model.rejectsUnknownKeys { return false }
                    if observer != nil { unknown.append(document.string(at: key)) }
                }
                continue
            }
            slots[base + Int(child)] = Int32(value)
            if arenas.nodes[Int(model.rootNode + child)].mask >= 0 && document.kind(at: value) == .object {
                guard
                    fill(
                        document, object: value, node: child, model: model, modelIndex: modelIndex, base: base, judgesUnknown: judgesUnknown
                    )
                else {
                    return false
                }
            }
        }
        if !unknown.isEmpty { unknownSeen.append((unknown, Int(modelIndex))) }
        return true
    }

    func takes(_ model: FlatPlan.Model) -> Bool { model.transcodable }

    mutating func writeNested(_ document: JSONDocument, at index: Int, model: Int32, into output: inout JSONOutput) -> Bool {
        writeModel(document, at: index, model: model, into: &output)
    }

    mutating func write(_ document: JSONDocument, at index: Int, conversion: Int32, into output: inout JSONOutput) -> Bool {
        let kind = document.kind(at: index)
        let conversion = arenas.conversions[Int(conversion)]
        switch conversion.kind {
        case .string:
            guard kind == .string else { return false }
            document.writeString(at: index, to: &output)
        case .int:
            guard kind == .number, let value = document.integralInt64(at: index) else { return false }
            output.appendInt64(value)
        case .double:
            guard kind == .number, let value = document.finiteDouble(at: index) else { return false }
            output.appendDouble(value)
        case .decimal:
            guard kind == .number else { return false }
            document.write(valueAt: index, to: &output)
        case .bool:
            guard kind == .true || kind == .false else { return false }
            output.append(contentsOf: kind == .true ? "true" : "false")
        case .url:
            guard kind == .string, document.stringBytes(at: index, { URLScalar.isValid($0) }) else { return false }
            document.writeString(at: index, to: &output)
        case .uuid:
            guard kind == .string else { return false }
            let text = document.string(at: index)
            guard UUIDScalar.isValid(text) else { return false }
            output.appendString(text.lowercased())
        case .dateISO, .datePattern:
            guard kind == .string else { return false }
            let instant = document.stringBytes(at: index) { raw in
                let text = raw.assumingMemoryBound(to: UInt8.self)
                return conversion.kind == .dateISO
                    ? ISO8601.parse(text)
                    : arenas.patterns[Int(conversion.payload)]._withUnsafeGuaranteedRef { $0.parse(text) }
            }
            guard let instant else { return false }
            writeDate(instant, into: &output)
        case .dateUnix:
            guard kind == .number else { return false }
            let unit = FlatPlan.unixUnits[Int(conversion.payload)]
            let instant = document.stringBytes(at: index) { raw in
                UnixTime.parse(raw.assumingMemoryBound(to: UInt8.self), unit)
            }
            guard let instant else { return false }
            writeDate(instant, into: &output)
        case .any:
            document.write(valueAt: index, to: &output)
        case .enumeration:
            let spec = arenas.enums[Int(conversion.payload)]
            var position: Int32?
            if kind == .string {
                position = document.stringBytes(at: index) { plan.lookup($0, firstSlot: spec.firstSlot, mask: spec.mask) }
            } else if spec.hasOtherValues {
                return false  // numbers, arrays… compared as JSON values by the general reader
            }
            if position == nil, spec.defaultCase >= 0 {
                if keepsRaw { return false }
                position = spec.defaultCase
                if observer != nil { fallbacksSeen.append((conversion.payload, document.quoted(at: index))) }
            }
            guard let position else { return false }
            let name = arenas.caseNames[Int(spec.firstCase + position)]
            output.append(arenas.text(name.start, name.length))
        case .model, .array, .dictionary, .union:
            return writeContainer(document, at: index, kind: kind, conversion, into: &output)
        case .scalar:
            // Number formats and representation hints: read as the general reader reads them.
            let scalar = plan.scalars[Int(conversion.payload)]
            guard kind != .null, case .value(let value) = scalar.read(document, at: index, canonical: false) else { return false }
            CanonicalWriter.write(value, .scalar(scalar), into: &output)
        case .unsupported, .intAsString, .doubleAsString, .decimalAsString, .boolAsString, .boolAsInt:
            return false
        }
        return true
    }

    private func writeDate(_ instant: Instant, into output: inout JSONOutput) {
        output.appendISO8601(instant)
    }
}
