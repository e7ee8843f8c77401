/// The fast path of decode → canonical JSON: writes canonical bytes straight from the token tape,
/// property by property, without building models, values or strings.
///
/// It handles the common shapes only (plain representations, no variants, `flatten`,
/// `unknown_keys: keep`, constraints or transformers) and only documents that decode without
/// errors. Anything else, and any problem, makes `transcode` return false and the caller runs
/// the general reader, which then owns the result or the exact error messages. So semantics live
/// in one place; this path must only ever agree with it (tests compare both on every example).
struct CanonicalTranscoder {
    let runtime: Runtime
    var now = Instant(milliseconds: 0)
    var observer: DecodeObserver?
    private let slots = SlotStack()
    /// Drift seen while writing, reported only once the whole document has succeeded.
    private var unknownSeen: [(keys: [String], model: String)] = []
    private var fallbacksSeen: [(enumName: String, value: String)] = []

    init(runtime: Runtime) {
        self.runtime = runtime
    }

    /// Writes canonical JSON of the whole document as `type`; false (with `output` unchanged)
    /// when the general reader must do it.
    mutating func transcode(_ document: JSONDocument, as type: ModelType, into output: inout JSONOutput) -> Bool {
        guard type.variants == nil, runtime.transcodable[type.index] else { return false }
        let mark = output.bytes.count
        unknownSeen.removeAll(keepingCapacity: true)
        fallbacksSeen.removeAll(keepingCapacity: true)
        slots.removeAll()
        var ok: Bool
        switch document.kind(at: 0) {
        case .object:
            ok = writeModel(document, at: 0, type: type, into: &output)
        case .array:
            ok = true
            output.append(UInt8(ascii: "["))
            var first = true
            for element in document.elements(ofArrayAt: 0) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                switch document.kind(at: element) {
                case .null: output.append(contentsOf: "null")
                case .object: ok = writeModel(document, at: element, type: type, into: &output)
                default: ok = false
                }
                if !ok { break }
            }
            output.append(UInt8(ascii: "]"))
        default:
            ok = false
        }
        guard ok else {
            output.bytes.removeSubrange(mark...)
            return false
        }
        if let observer {
            for seen in unknownSeen { observer.unknownKeys(seen.keys, seen.model) }
            for seen in fallbacksSeen { observer.enumFallback(seen.enumName, seen.value) }
        }
        return true
    }

    private mutating func writeModel(_ document: JSONDocument, at object: Int, type: ModelType, into output: inout JSONOutput) -> Bool {
        let base = slots.push(type.keyTree.nodes.count)
        defer { slots.pop(to: base) }
        guard fill(document, object: object, node: 0, type: type, base: base) else { return false }
        output.append(UInt8(ascii: "{"))
        var first = true
        for plan in type.properties {
            var value = -1
            if let computed = plan.computed {
                key(plan, &first, &output)
                switch computed {
                case .now: writeDate(now, into: &output)
                case .uuid: output.appendString(RandomUUID.make())
                }
                continue
            }
            if !plan.transient, !plan.path.isEmpty {
                for (depth, node) in plan.path.enumerated() {
                    let slot = Int(slots[base + node])
                    if slot < 0 { break }
                    if depth == plan.path.count - 1 {
                        value = slot
                    } else if document.kind(at: slot) == .null {
                        break
                    } else if document.kind(at: slot) != .object {
                        return false
                    }
                }
            }
            if value < 0 {
                if plan.required && !plan.transient { return false }
                if let defaultValue = plan.defaultValue {
                    key(plan, &first, &output)
                    CanonicalWriter.write(defaultValue, plan.conversion, into: &output)
                }
                continue
            }
            key(plan, &first, &output)
            if document.kind(at: value) == .null {
                if plan.required { return false }
                output.append(contentsOf: "null")
            } else if !write(document, at: value, plan.conversion, into: &output) {
                return false
            }
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    @inline(__always)
    private func key(_ plan: PropertyPlan, _ first: inout Bool, _ output: inout JSONOutput) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(contentsOf: plan.canonicalKey)
    }

    /// Slots of the key tree, as the general reader fills them; unknown keys of a `reject` model
    /// send the document to the general reader (which reports them).
    private mutating func fill(_ document: JSONDocument, object: Int, node: Int, type: ModelType, base: Int) -> Bool {
        let keys = type.keyTree.nodes[node].keys
        var unknown: [String] = []
        for (key, value) in document.members(ofObjectAt: object) {
            guard let child = document.child(named: key, in: keys) else {
                if node == 0 {
                    if type.unknownKeys == .reject { return false }
                    if observer != nil { unknown.append(document.string(at: key)) }
                }
                continue
            }
            slots[base + child] = Int32(value)
            if !type.keyTree.nodes[child].keys.isEmpty && document.kind(at: value) == .object {
                guard fill(document, object: value, node: child, type: type, base: base) else { return false }
            }
        }
        if !unknown.isEmpty { unknownSeen.append((unknown, type.name)) }
        return true
    }

    private mutating func write(_ document: JSONDocument, at index: Int, _ conversion: Conversion, into output: inout JSONOutput) -> Bool {
        let kind = document.kind(at: index)
        switch conversion {
        case .string:
            guard kind == .string else { return false }
            document.writeString(at: index, to: &output)
        case .int(.number):
            guard kind == .number, let value = document.integralInt64(at: index) else { return false }
            output.appendInt64(value)
        case .double(.number):
            guard kind == .number, let value = document.finiteDouble(at: index) else { return false }
            output.appendDouble(value)
        case .decimal(.number):
            guard kind == .number else { return false }
            document.write(valueAt: index, to: &output)
        case .bool(.bool):
            guard kind == .true || kind == .false else { return false }
            output.append(contentsOf: kind == .true ? "true" : "false")
        case .url:
            guard kind == .string, document.withStringBytes(at: index, { URIReference.isValid($0) }) else { return false }
            document.writeString(at: index, to: &output)
        case .uuid:
            guard kind == .string else { return false }
            let text = document.string(at: index)
            guard UUIDText.isValid(text) else { return false }
            output.appendString(text.lowercased())
        case .date(let format):
            guard let instant = date(document, at: index, format) else { return false }
            writeDate(instant, into: &output)
        case .any:
            document.write(valueAt: index, to: &output)
        case .enumeration(let plan):
            var position: Int?
            if kind == .string {
                position = document.withStringBytes(at: index) { plan.strings.value(for: $0) }
            } else {
                position = plan.index(of: document.jsonValue(at: index))
            }
            if position == nil, let fallback = plan.defaultCase {
                position = fallback
                if observer != nil { fallbacksSeen.append((plan.name, document.quoted(at: index))) }
            }
            guard let position else { return false }
            output.append(contentsOf: plan.quotedCaseNames[position])
        case .model(let typeIndex, let dispatch):
            guard !dispatch, kind == .object, runtime.transcodable[typeIndex] else { return false }
            return writeModel(document, at: index, type: runtime.types[typeIndex], into: &output)
        case .array(let element):
            guard kind == .array else { return false }
            output.append(UInt8(ascii: "["))
            var first = true
            for item in document.elements(ofArrayAt: index) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                if document.kind(at: item) == .null {
                    output.append(contentsOf: "null")
                } else if !write(document, at: item, element, into: &output) {
                    return false
                }
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let element):
            guard kind == .object else { return false }
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, item) in document.members(ofObjectAt: index) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                document.writeString(at: key, to: &output)
                output.append(UInt8(ascii: ":"))
                if document.kind(at: item) == .null {
                    output.append(contentsOf: "null")
                } else if !write(document, at: item, element, into: &output) {
                    return false
                }
            }
            output.append(UInt8(ascii: "}"))
        default:
            return false
        }
        return true
    }

    private func date(_ document: JSONDocument, at index: Int, _ format: DateFormat) -> Instant? {
        let kind = document.kind(at: index)
        switch format {
        case .iso8601:
            guard kind == .string else { return nil }
            return document.withStringBytes(at: index) { ISO8601.parse($0.assumingMemoryBound(to: UInt8.self)) }
        case .pattern(let format):
            guard kind == .string else { return nil }
            return document.withStringBytes(at: index) { format.pattern.parse($0.assumingMemoryBound(to: UInt8.self)) }
        case .unix:
            guard kind == .number else { return nil }
            return document.withStringBytes(at: index) { UnixTime.parseSeconds($0.assumingMemoryBound(to: UInt8.self)) }
        case .unixMilliseconds:
            guard kind == .number else { return nil }
            return document.withStringBytes(at: index) { UnixTime.parseMilliseconds($0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    private func writeDate(_ instant: Instant, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "\""))
        ISO8601.format(instant, into: &output.bytes)
        output.append(UInt8(ascii: "\""))
    }
}

extension PlanBuilder {
    /// Which types the transcoder handles: plain representations, no flatten, no constraints, no
    /// kept unknown keys, no transformers, nested models (without variants) that qualify too.
    static func transcodable(_ types: [ModelType]) -> [Bool] {
        var memo: [Int: Bool] = [:]
        func typeQualifies(_ index: Int, _ visiting: Set<Int>) -> Bool {
            if let known = memo[index] { return known }
            if visiting.contains(index) { return true }  // a recursive model qualifies if the rest does
            let type = types[index]
            let visiting = visiting.union([index])
            let qualifies = type.spec.unknownKeys != .keep && type.properties.allSatisfy { plan in
                !plan.spec.flatten && plan.spec.constraints.isEmpty && conversionQualifies(plan.conversion, visiting)
            }
            memo[index] = qualifies
            return qualifies
        }
        func conversionQualifies(_ conversion: Conversion, _ visiting: Set<Int>) -> Bool {
            switch conversion {
            case .string, .url, .uuid, .date, .any, .enumeration, .int(.number), .double(.number), .decimal(.number), .bool(.bool):
                return true
            case .model(let index, let dispatch):
                return !dispatch && typeQualifies(index, visiting)
            case .array(let element), .dictionary(let element):
                return conversionQualifies(element, visiting)
            default:
                return false
            }
        }
        return types.indices.map { typeQualifies($0, []) }
    }
}
