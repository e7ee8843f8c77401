import MapperCEL
import MapperYAML

/// Reads models from tokenized JSON: external JSON by key paths (decode) or canonical JSON by
/// property names, collecting every error (up to `MappingErrors.limit`).
///
/// One reader is reused across documents (NDJSON lines, requests) so its scratch space is
/// allocated once.
struct ValueReader {
    enum Mode {
        /// External JSON: key paths, representation hints, formats, enum JSON values.
        case external
        /// Canonical JSON: property names, canonical values, `$type` and `$extra`.
        case canonical
    }

    let table: ModelTable
    var mode: Mode
    /// The instant `computed: now` properties get; one per document.
    var now: Instant
    /// Where `computed: uuid` properties get their values (the session's, shared with its transcoder).
    var uuids = UUIDSource()
    var errors: [MappingError] = []
    /// Values that did not convert and were handled by their property's `on_error`.
    var warnings: [MappingError] = []
    /// Whether `on_error` applies; off with `--strict`, where every such value is an error again.
    var lenient = true
    /// A partial document (PATCH, `--partial`): only the keys present are mapped; `required`,
    /// defaults, computed values and rules do not apply, and a variant without its discriminator
    /// is the declared model.
    var partial = false
    /// Set just before reading the value of a property with `on_error: drop`: the array or
    /// dictionary read next leaves out the elements that do not convert (taken by `convert`).
    var dropsElements = false
    var path = PathStack(root: "")
    /// Node slots of the models being read: for each open model, one entry per key tree node
    /// holding the tape index of the member's value, or -1.
    var slots: [Int32] = []
    /// Scratch for unknown keys of the object being read.
    var unknown: [Int] = []
    var observer: DecodeObserver?
    /// Set by `MappingSession.explain`: every property read is recorded.
    var recorder: ExplainRecorder?
    /// Set while reading merge and diff inputs: the top-level `$type` may name any model of this
    /// inheritance family.
    var family: String?
    /// Enum values that fell back to their enum's `default` so far (in the model being read).
    var fallbacks = 0
    /// Whether the object being read keeps what it does not map (`unknown_keys: keep`), and so
    /// the raw value of a property whose enum fell back to its default.
    var keepsRaw = false
    /// Raw values of such properties, by key path from the kept object, until the object is done.
    var keptRaw: [(segments: [String], value: JSONValue)] = []

    init(table: ModelTable, mode: Mode, now: Instant) {
        self.table = table
        self.mode = mode
        self.now = now
    }

    var isFull: Bool { errors.count >= MappingErrors.limit }

    mutating func fail(_ code: MappingError.Code, _ message: String, source: Mark, pointer: String? = nil) {
        guard !isFull else { return }
        errors.append(
            MappingError(code, pointer: pointer ?? path.pointer, path: path.modelPath, message: message, source: source.description))
    }

    /// Starts a new document: errors cleared, paths rooted at `root`.
    mutating func begin(root: String, now: Instant) {
        errors.removeAll(keepingCapacity: true)
        warnings.removeAll(keepingCapacity: true)
        path.reset(root: root)
        slots.removeAll(keepingCapacity: true)
        self.now = now
    }

    // MARK: - Top level

    /// One canonical value of a property (a `default`, a value set through `Model.set`), read as
    /// canonical JSON: the type's canonical form, then the property's constraints.
    mutating func readValue(_ canonical: [UInt8], plan: PropertyPlan, root: String, mode: Mode = .canonical) -> Result<Value, MappingErrors>
    {
        let savedMode = self.mode
        self.mode = mode
        defer { self.mode = savedMode }
        begin(root: root, now: now)
        let value: Value?
        do {
            value = try JSONDocument.withDocument(canonical) { document in
                readPresent(document, at: 0, plan: plan)
            }
        } catch {
            fail(.invalidJSON, "malformed JSON: \(error.description)", source: plan.spec.mark)
            value = nil
        }
        guard let value, errors.isEmpty else { return .failure(MappingErrors(errors)) }
        return .success(value)
    }

    /// An object gives one model; an array gives models (null elements stay null); anything else
    /// is an error.
    mutating func readTop(_ document: JSONDocument, as type: ModelType) -> Decoded? {
        switch document.kind(at: 0) {
        case .object:
            return readModel(document, at: 0, type: type, dispatch: type.variants != nil).map(Decoded.model)
        case .array:
            var models: [Model?] = []
            for (position, element) in document.elements(ofArrayAt: 0).enumerated() {
                guard !isFull else { break }
                path.push(.element(position))
                if document.kind(at: element) == .null {
                    models.append(nil)
                } else {
                    models.append(readModel(document, at: element, type: type, dispatch: type.variants != nil))
                }
                path.pop()
            }
            return errors.isEmpty ? .array(models) : nil
        default:
            fail(
                .invalidInput, "expected a JSON object or an array of objects for model '\(type.name)', found \(document.quoted(at: 0))",
                source: type.spec.mark)
            return nil
        }
    }

    // MARK: - Models

    /// `source`: the declaration that expects the object (a property's), when not the model's own.
    mutating func readModel(
        _ document: JSONDocument, at index: Int, type declared: ModelType, dispatch: Bool, source: Mark? = nil
    ) -> Model? {
        guard document.kind(at: index) == .object else {
            fail(
                .typeMismatch, "expected an object for model '\(declared.name)', found \(document.quoted(at: index))",
                source: source ?? declared.spec.mark)
            return nil
        }
        switch mode {
        case .external:
            var type = declared
            if dispatch, let variants = declared.variants {
                guard let chosen = chooseVariant(document, at: index, of: declared, variants) else { return nil }
                type = table.types[chosen]
            }
            return readExternal(document, at: index, type: type, suppressUnknown: false)
        case .canonical:
            let family = path.isAtRoot ? self.family : nil
            return readCanonical(document, at: index, declared: declared, dispatch: dispatch, family: family)
        }
    }

    /// External JSON: first every member is matched against the key tree (slots), then the
    /// properties are read in declaration order.
    mutating func readExternal(_ document: JSONDocument, at index: Int, type: ModelType, suppressUnknown: Bool) -> Model? {
        let base = slots.count
        slots.append(contentsOf: repeatElement(-1, count: type.keyTree.nodes.count))
        defer { slots.removeSubrange(base...) }
        unknown.removeAll(keepingCapacity: true)
        fill(document, object: index, node: 0, type: type, base: base, collectUnknown: !suppressUnknown)
        let unknownMembers = unknown
        let errorsBefore = errors.count
        // A nested model's fallbacks are its own; a flattened one reads its parent's object.
        let (outerFallbacks, outerKeepsRaw, rawBase) = (fallbacks, keepsRaw, keptRaw.count)
        defer { (fallbacks, keepsRaw) = (outerFallbacks, outerKeepsRaw) }
        if !suppressUnknown { keepsRaw = type.unknownKeys == .keep }
        var values = [Value?](repeating: nil, count: type.properties.count)
        // With expressions: the properties decoded so far, by name.
        var current = CELMap()
        for (position, plan) in type.properties.enumerated() {
            guard !isFull else { break }
            if let recorder {
                values[position] = readPropertyExplained(
                    plan, of: type, document: document, object: index, base: base, recorder: recorder, current: current)
            } else if plan.usesExpressions {
                values[position] = readWithExpressions(plan, of: type, document: document, object: index, base: base, current: current)
            } else {
                values[position] = readProperty(plan, of: type, document: document, object: index, base: base)
            }
            if type.usesExpressions, let value = values[position] { current[.string(plan.name)] = CELBridge.cel(value) }
        }
        if let recorder, !suppressUnknown { recordUnread(document, object: index, node: 0, type: type, recorder: recorder) }
        var extra: JSONObject?
        if !unknownMembers.isEmpty {
            extra = handleUnknown(unknownMembers, document: document, type: type)
        }
        if type.spec.unknownKeys == .keep && !suppressUnknown {
            var kept = unread(document, object: index, node: 0, type: type).members
            for raw in keptRaw[rawBase...] { kept.insert(raw.value, at: raw.segments) }
            keptRaw.removeSubrange(rawBase...)
            extra = kept.isEmpty ? nil : kept
        }
        guard errors.count == errorsBefore else { return nil }
        let model = Model(type: type, values: values, extra: extra, table: table)
        if !type.spec.rules.isEmpty && !partial {
            checkRules(model, document: document, object: index)
            if errors.count != errorsBefore { return nil }
        }
        return model
    }

    /// What no property reads in an object of the key tree, in input order (`unknown_keys: keep`,
    /// so that `encode(decode(x)) == x`): unknown keys, keys only variant dispatch reads, and inside
    /// intermediate objects of key paths, their unread members — or the whole object (`{}`, `null`)
    /// when nothing in it is read. `read`: whether some property reads a value in the object.
    private func unread(_ document: JSONDocument, object: Int, node: Int, type: ModelType) -> (members: JSONObject, read: Bool) {
        let tree = type.keyTree
        var members = JSONObject()
        var read = false
        for (key, value) in document.members(ofObjectAt: object) {
            guard let child = document.child(named: key, in: tree.nodes[node].keys) else {
                members.append(document.string(at: key), document.jsonValue(at: value))
                continue
            }
            if tree.nodes[child].isValue {
                read = true
            } else if tree.nodes[child].keys.isEmpty || document.kind(at: value) == .null {
                members.append(document.string(at: key), document.jsonValue(at: value))
            } else if document.kind(at: value) == .object {
                let inner = unread(document, object: value, node: child, type: type)
                read = read || inner.read
                if !inner.members.isEmpty || !inner.read { members.append(document.string(at: key), .object(inner.members)) }
            } else {
                // Not an object where key paths expect one; only dispatch looks there (a property
                // reading through it is an error), so nothing reads it: keep it whole.
                members.append(document.string(at: key), document.jsonValue(at: value))
            }
        }
        return (members, read)
    }

    private mutating func fill(_ document: JSONDocument, object: Int, node: Int, type: ModelType, base: Int, collectUnknown: Bool) {
        let keys = type.keyTree.nodes[node].keys
        for (key, value) in document.members(ofObjectAt: object) {
            guard let child = document.child(named: key, in: keys) else {
                if collectUnknown && node == 0 { unknown.append(key) }
                continue
            }
            slots[base + child] = Int32(value)
            if !type.keyTree.nodes[child].keys.isEmpty && document.kind(at: value) == .object {
                fill(document, object: value, node: child, type: type, base: base, collectUnknown: false)
            }
        }
    }

    private mutating func handleUnknown(_ keys: [Int], document: JSONDocument, type: ModelType) -> JSONObject? {
        observer?.unknownKeys(keys.map { document.string(at: $0) }, type.name)
        switch type.spec.unknownKeys {
        case .ignore:
            return nil
        case .reject:
            let names = keys.map { JSONWriter.quote(document.string(at: $0)) }
            fail(
                .unknownKeys, "model '\(type.name)' does not map the key\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))",
                source: type.spec.mark)
            return nil
        case .keep:
            return nil  // collected by `unread`, with what key path objects leave unread
        }
    }

    mutating func readProperty(_ plan: PropertyPlan, of type: ModelType, document: JSONDocument, object: Int, base: Int) -> Value? {
        let spec = plan.spec
        if let computed = spec.computed {
            if partial { return nil }
            switch computed {
            case .now: return .date(now)
            case .uuid: return .uuid(uuids.next())
            }
        }
        if spec.flatten, case .model(let nestedIndex, _) = plan.conversion {
            path.push(.flattened(name: spec.name))
            defer { path.pop() }
            let nested = readExternal(document, at: object, type: table.types[nestedIndex], suppressUnknown: true)
            // Partial: a flattened model none of whose keys is present stays absent.
            if partial, let nested, nested.values.allSatisfy({ $0 == nil }) { return nil }
            return nested.map(Value.model)
        }
        if spec.transient || spec.key == nil { return partial ? nil : plan.defaultValue }
        guard let key = spec.key else { return nil }
        path.push(.property(name: spec.name, segments: key.segments))
        defer { path.pop() }
        var valueIndex = -1
        for (depth, node) in plan.path.enumerated() {
            let slot = Int(slots[base + node])
            if slot < 0 { break }
            if depth == plan.path.count - 1 {
                valueIndex = slot
            } else if document.kind(at: slot) == .null {
                break
            } else if document.kind(at: slot) != .object {
                fail(
                    .keyPathConflict,
                    "expected an object at '\(key.segments.prefix(depth + 1).joined(separator: "."))' for key path '\(key)', found \(document.quoted(at: slot))",
                    source: plan.spec.mark, pointer: path.pointer(truncatingLastPropertyTo: depth + 1))
                return nil
            }
        }
        if valueIndex < 0 {
            if partial { return nil }
            if spec.required {
                fail(.missingRequired, "required key '\(key)' is missing", source: plan.spec.mark)
                return nil
            }
            return plan.defaultValue
        }
        let fallbacksBefore = fallbacks
        let value: Value?
        if lenient, spec.onError != .fail, document.kind(at: valueIndex) != .null {
            value = readLeniently(document, at: valueIndex, plan: plan)
        } else {
            value = readPresent(document, at: valueIndex, plan: plan)
        }
        if keepsRaw && fallbacks > fallbacksBefore {
            // Kept so that encode writes the upstream's value back while the property still holds
            // what it decoded to (lossless enum fallback).
            keptRaw.append((key.segments, document.jsonValue(at: valueIndex)))
        }
        return value
    }

    /// A present, non-null value of a property with `on_error`: what goes wrong becomes warnings
    /// and the property null, its default or absent. Only values that are there and do not convert:
    /// a missing or null required key and a key path through a non-object stay errors.
    private mutating func readLeniently(_ document: JSONDocument, at index: Int, plan: PropertyPlan) -> Value? {
        let errorsBefore = errors.count
        dropsElements = plan.spec.onError == .drop
        let value = readPresent(document, at: index, plan: plan)
        dropsElements = false
        guard errors.count > errorsBefore else { return value }
        switch plan.spec.onError {
        case .null:
            demote(from: errorsBefore, outcome: "decoded as null (on_error: null)")
            return .null
        case .default:
            demote(from: errorsBefore, outcome: "decoded as its default (on_error: default)")
            return plan.defaultValue
        case .drop, .fail:
            demote(from: errorsBefore, outcome: "left out (on_error: drop)")
            return nil
        }
    }

    /// Turns the errors recorded since `start` into warnings that say what became of the value.
    mutating func demote(from start: Int, outcome: String) {
        for var error in errors[start...] where warnings.count < MappingErrors.limit {
            error.message += "; \(outcome)"
            warnings.append(error)
        }
        errors.removeSubrange(start...)
    }

    /// A present value: null rules, then conversion, then constraints.
    mutating func readPresent(_ document: JSONDocument, at index: Int, plan: PropertyPlan) -> Value? {
        if document.kind(at: index) == .null {
            if plan.spec.required && !partial {
                // Canonical JSON names properties; external JSON names key paths.
                let name = mode == .external ? "key '\(plan.spec.key?.description ?? plan.name)'" : "property '\(plan.name)'"
                fail(.missingRequired, "required \(name) is null", source: plan.spec.mark)
                return nil
            }
            return .null
        }
        guard let value = convert(document, at: index, plan.conversion, source: plan.spec.mark) else { return nil }
        if !plan.spec.constraints.isEmpty, let problem = constraintProblem(value, plan.spec.constraints) {
            fail(.constraint, problem, source: plan.spec.mark)
            return nil
        }
        return value
    }
}

/// Hooks for watching upstream drift (the service's metrics).
struct DecodeObserver: Sendable {
    var unknownKeys: @Sendable ([String], _ model: String) -> Void
    var enumFallback: @Sendable (_ enumName: String, _ value: String) -> Void
}
