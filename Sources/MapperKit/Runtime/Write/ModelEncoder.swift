import MapperCEL
import MapperYAML

/// Writes models back into their external JSON shape: key paths become nested
/// objects shared by common prefixes, representation hints and formats are applied, enums write
/// their JSON values, variants write their discriminator, kept unknown keys come last.
struct ModelEncoder {
    let table: ModelTable
    var errors: [MappingError] = []
    var path = PathStack(root: "")
    /// The run's `omit` (`--omit`, `?omit=`), for properties the catalog gives none.
    var omit: OmitPolicy?

    init(table: ModelTable) {
        self.table = table
    }

    mutating func encode(_ decoded: Decoded, root: String, into output: inout JSONOutput) {
        path.reset(root: root)
        errors.removeAll(keepingCapacity: true)
        switch decoded {
        case .model(let model):
            encode(model, into: &output)
        case .array(let models):
            output.append(UInt8(ascii: "["))
            for (position, model) in models.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                path.push(.element(position))
                if let model { encode(model, into: &output) } else { output.append(contentsOf: "null") }
                path.pop()
            }
            output.append(UInt8(ascii: "]"))
        }
    }

    mutating func encode(_ model: Model, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "{"))
        var first = true
        writeMembers(model.type.encodeTree, of: model, extra: keptMembers(of: model), first: &first, into: &output)
        output.append(UInt8(ascii: "}"))
    }

    /// The members the model keeps (`$extra`), then those its flattened models keep: they share
    /// its object, so theirs are written there too. A key kept twice is written once, from the
    /// outer model.
    private func keptMembers(of model: Model) -> JSONObject? {
        var kept = model.extra
        for index in model.type.flattenedProperties {
            guard case .model(let nested)? = model.values[index], let inner = keptMembers(of: nested), !inner.isEmpty else {
                continue
            }
            var merged = kept ?? JSONObject()
            for member in inner where merged[member.key] == nil { merged.append(member.key, member.value) }
            kept = merged
        }
        return kept
    }

    private func separate(_ first: inout Bool, _ output: inout JSONOutput) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
    }

    /// Writes the members at one level of the encode tree, then the kept unknown members of that
    /// level (`extra`) that no property wrote: mapped keys win on collision, and kept members
    /// of an object that properties also write into are merged into it.
    private mutating func writeMembers(
        _ nodes: [EncodeNode], of model: Model, extra: JSONObject? = nil, first: inout Bool, into output: inout JSONOutput
    ) {
        var written: [String] = []
        for node in nodes {
            if let constant = node.constant {
                separate(&first, &output)
                output.appendString(node.key)
                output.append(UInt8(ascii: ":"))
                output.append(constant)
                if extra != nil { written.append(node.key) }
                continue
            }
            let consumer = self.consumer(of: node, in: model)
            let nested = node.children.contains { hasValue($0, in: model) }
            guard consumer != nil || nested else { continue }
            let start = output.count
            let wasFirst = first
            separate(&first, &output)
            output.appendString(node.key)
            output.append(UInt8(ascii: ":"))
            let omittable: Bool
            if let (value, plan) = consumer {
                omittable = writeConsumer(value, plan, node: node, nested: nested, of: model, extra: extra, into: &output)
            } else {
                output.append(UInt8(ascii: "{"))
                var innerFirst = true
                var innerExtra: JSONObject?
                if case .object(let object)? = extra?[node.key] { innerExtra = object }
                writeMembers(node.children, of: model, extra: innerExtra, first: &innerFirst, into: &output)
                output.append(UInt8(ascii: "}"))
                // Only `omit` empties an object whose members have values: it is left out too.
                omittable = innerFirst
            }
            if omittable {
                output.truncate(to: start)
                first = wasFirst
            } else if extra != nil {
                written.append(node.key)
            }
        }
        guard let extra else { return }
        for member in extra where !written.contains(member.key) {
            separate(&first, &output)
            output.appendString(member.key)
            output.append(UInt8(ascii: ":"))
            output.append(member.value)
        }
    }

    /// Writes the value of the property that writes a member (merged with the members longer
    /// key paths write inside it when `nested`); true when the member is to be left out by the
    /// property's `omit` (or, merged, when only `omit` left its object empty).
    private mutating func writeConsumer(
        _ value: Value, _ plan: PropertyPlan, node: EncodeNode, nested: Bool, of model: Model, extra: JSONObject?,
        into output: inout JSONOutput
    ) -> Bool {
        let policy = plan.spec.omit ?? omit ?? .never
        let valueStart = output.count
        if nested {
            return merge(value, plan, policy: policy, children: node.children, of: model, into: &output)
        }
        if let raw = extra?[node.key], keptRaw(raw, decodesTo: value, plan: plan) {
            // The upstream's value behind an enum default, written back unchanged.
            output.append(raw)
        } else {
            path.push(.property(name: plan.name, segments: plan.spec.key?.segments ?? [plan.name]))
            writeProperty(value, plan, of: model, into: &output)
            path.pop()
        }
        return policy != .never && output.withUnsafeBytes { policy.omits(UnsafeRawBufferPointer(rebasing: $0[valueStart...])) }
    }

    /// The property that writes a member: the first of the properties mapped to its key that has a
    /// value. Another one holding a value that would be written differently is an encode error
    /// naming both (several properties may read one key; only one value can be written).
    private mutating func consumer(of node: EncodeNode, in model: Model) -> (Value, PropertyPlan)? {
        var found: (Value, PropertyPlan)?
        var mine: JSONOutput?
        for indices in node.consumers {
            guard let candidate = resolve(indices, in: model) else { continue }
            guard let first = found else {
                found = candidate
                continue
            }
            if mine == nil {
                var output = JSONOutput()
                write(first.0, first.1.conversion, source: first.1.spec.mark, into: &output)
                mine = output
            }
            var theirs = JSONOutput()
            write(candidate.0, candidate.1.conversion, source: candidate.1.spec.mark, into: &theirs)
            // The same bytes agree. Other bytes may still be the same JSON (`1` and `1.0`, members
            // in another order): only then are both read back to compare them as JSON.
            guard let mine, !Self.sameBytes(mine, theirs), let written = try? JSONValue(parsing: mine.bytes),
                let other = try? JSONValue(parsing: theirs.bytes), other != written
            else { continue }
            path.push(.property(name: candidate.1.name, segments: candidate.1.spec.key?.segments ?? [candidate.1.name]))
            fail(
                .keyPathConflict,
                "properties '\(first.1.name)' and '\(candidate.1.name)' both write key '\(candidate.1.spec.key?.description ?? node.key)': \(written.quoted) and \(other.quoted) differ",
                source: candidate.1.spec.mark)
            path.pop()
        }
        return found
    }

    private static func sameBytes(_ left: JSONOutput, _ right: JSONOutput) -> Bool {
        left.withUnsafeBytes { a in right.withUnsafeBytes { b in a.elementsEqual(b) } }
    }

    /// Whether `raw`, kept in `$extra` where a property is written, is what the property's value
    /// was decoded from: an enum value that fell back to its `default` (decode keeps it under
    /// `unknown_keys: keep`), as long as the property still holds what it decoded to.
    private func keptRaw(_ raw: JSONValue, decodesTo value: Value, plan: PropertyPlan) -> Bool {
        guard plan.conversion.canFallBack else { return false }
        var reader = ValueReader(table: table, mode: .external, now: Instant(milliseconds: 0))
        guard case .success(let decoded) = reader.readValue(Array(JSONWriter.write(raw).utf8), plan: plan, root: "", mode: .external)
        else { return false }
        return decoded == value
    }

    /// The value at a property index path (through flattened models), when present.
    private func resolve(_ indices: [Int], in model: Model) -> (Value, PropertyPlan)? {
        var current = model
        for (depth, index) in indices.enumerated() {
            guard let value = current.values[index] else { return nil }
            if depth == indices.count - 1 {
                let plan = current.type.properties[index]
                // A decode-only property (`decode` without `encode`) is not written.
                return plan.spec.isDecodeOnly ? nil : (value, plan)
            }
            guard case .model(let nested) = value else { return nil }
            current = nested
        }
        return nil
    }

    private func hasValue(_ node: EncodeNode, in model: Model) -> Bool {
        node.constant != nil || node.consumers.contains { resolve($0, in: model) != nil }
            || node.children.contains { hasValue($0, in: model) }
    }

    /// A property's object merged with what longer key paths write inside it; true when the
    /// member is left out: the property's value is omitted and the key paths wrote nothing, or
    /// the merged object is empty and the property omits empty values.
    private mutating func merge(
        _ value: Value, _ plan: PropertyPlan, policy: OmitPolicy, children: [EncodeNode], of model: Model, into output: inout JSONOutput
    ) -> Bool {
        var own = JSONOutput()
        path.push(.property(name: plan.name, segments: plan.spec.key?.segments ?? [plan.name]))
        defer { path.pop() }
        writeProperty(value, plan, of: model, into: &own)
        let keyPath = plan.spec.key?.description ?? plan.name
        if policy != .never, own.withUnsafeBytes({ policy.omits($0) }) {
            // The property's own value is left out: the key paths' members stand alone.
            output.append(UInt8(ascii: "{"))
            var innerFirst = true
            writeMembers(children, of: model, first: &innerFirst, into: &output)
            output.append(UInt8(ascii: "}"))
            return innerFirst
        }
        guard case .object(var object)? = try? JSONValue(parsing: own.bytes) else {
            fail(
                .keyPathConflict,
                "property '\(plan.name)' writes \(CanonicalWriter.jsonValue(value, plan.conversion).quoted) at '\(keyPath)', where other properties write keys inside an object",
                source: plan.spec.mark)
            output.append(contentsOf: "null")
            return false
        }
        var inner = JSONOutput()
        inner.append(UInt8(ascii: "{"))
        var innerFirst = true
        writeMembers(children, of: model, first: &innerFirst, into: &inner)
        inner.append(UInt8(ascii: "}"))
        if case .object(let nested)? = try? JSONValue(parsing: inner.bytes) {
            combine(&object, with: nested, at: path.pointer, keyPath: keyPath, plan: plan)
        }
        output.append(.object(object))
        return policy == .empty && object.isEmpty
    }

    /// Puts what the longer key paths wrote (`nested`) into the object a property wrote: objects
    /// merge member by member, equal values agree, and anything else would lose one of the two
    /// values, so it is a key-path conflict.
    private mutating func combine(
        _ object: inout JSONObject, with nested: JSONObject, at pointer: String, keyPath: String, plan: PropertyPlan
    ) {
        for member in nested {
            guard let index = object.members.firstIndex(where: { $0.key == member.key }) else {
                object.append(member.key, member.value)
                continue
            }
            let memberPointer = pointer + "/" + JSONPointer.escape(member.key)
            switch (object.members[index].value, member.value) {
            case (.object(var inner), .object(let written)):
                combine(&inner, with: written, at: memberPointer, keyPath: keyPath + "." + member.key, plan: plan)
                object.members[index].value = .object(inner)
            case (let existing, let written) where existing != written:
                guard errors.count < MappingErrors.limit else { return }
                errors.append(
                    MappingError(
                        .keyPathConflict, pointer: memberPointer, path: path.modelPath,
                        message:
                            "property '\(plan.name)' writes \(existing.quoted) at '\(keyPath).\(member.key)', where another property writes \(written.quoted)",
                        source: plan.source))
            default:
                break
            }
        }
    }

    private mutating func fail(_ code: MappingError.Code, _ message: String, source: Mark) {
        guard errors.count < MappingErrors.limit else { return }
        errors.append(MappingError(code, pointer: path.pointer, path: path.modelPath, message: message, source: source.description))
    }

    // MARK: - Values

    /// A property's external value: its `encode` expression's result (variable `self`, the model
    /// that has the property), or its value written by its conversion.
    private mutating func writeProperty(_ value: Value, _ plan: PropertyPlan, of model: Model, into output: inout JSONOutput) {
        guard let expression = plan.spec.encode else {
            write(value, plan.conversion, source: plan.spec.mark, into: &output)
            return
        }
        let owner = Self.owner(of: plan, in: model) ?? model
        do {
            let result = try expression.program.evaluate(bindings: [("self", CELBridge.cel(owner))])
            switch CELBridge.json(result) {
            case .success(let json): output.append(json)
            case .failure(let problem):
                fail(
                    .expressionFailed, "the encode expression '\(expression.source)' gives no JSON value: \(problem.message)",
                    source: expression.mark)
                output.append(contentsOf: "null")
            }
        } catch {
            fail(
                .expressionFailed, "the encode expression '\(expression.source)' failed at column \(error.column): \(error.mapperMessage)",
                source: expression.mark)
            output.append(contentsOf: "null")
        }
    }

    /// The model (`model` or one flattened into it) whose properties include `plan`.
    private static func owner(of plan: PropertyPlan, in model: Model) -> Model? {
        if model.type.properties.contains(where: { $0 === plan }) { return model }
        for (position, property) in model.type.properties.enumerated() where property.spec.flatten {
            if case .model(let nested)? = model.values[position], let found = owner(of: plan, in: nested) { return found }
        }
        return nil
    }

    mutating func write(_ value: Value, _ conversion: Conversion, source: Mark, into output: inout JSONOutput) {
        if case .null = value {
            output.append(contentsOf: "null")
            return
        }
        switch (conversion, value) {
        case (.union(let plan), _):
            write(value, plan.conversion(for: value), source: source, into: &output)
        case (.scalar(let scalar), _):
            if let problem = scalar.writeExternal(value, into: &output) {
                fail(.unrepresentable, problem, source: source)
                output.append(contentsOf: "null")
            }
        case (.enumeration(let plan), .enumCase(let name)):
            if let index = plan.names.value(for: name) {
                output.append(plan.jsonValues[index])
            } else {
                output.appendString(name)
            }
        case (.model, .model(let model)):
            encode(model, into: &output)
        case (.array(let element), .array(let values)):
            output.append(UInt8(ascii: "["))
            for (position, item) in values.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                path.push(.element(position))
                write(item, element, source: source, into: &output)
                path.pop()
            }
            output.append(UInt8(ascii: "]"))
        case (.dictionary(let element), .dictionary(let dictionary)):
            output.append(UInt8(ascii: "{"))
            for (position, entry) in dictionary.entries.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.appendString(entry.key)
                output.append(UInt8(ascii: ":"))
                path.push(.key(entry.key))
                write(entry.value, element, source: source, into: &output)
                path.pop()
            }
            output.append(UInt8(ascii: "}"))
        case (.transformed(let name, let transformer, let inner), _):
            guard let reverse = transformer.reverse else {
                fail(.transformFailed, "transformer '\(name)' has no reverse, so this property cannot be encoded", source: source)
                output.append(contentsOf: "null")
                return
            }
            do {
                output.append(try reverse(CanonicalWriter.jsonValue(value, inner)))
            } catch {
                fail(
                    .transformFailed, "transformer '\(name)' failed to reverse \(CanonicalWriter.jsonValue(value, inner).quoted): \(error)",
                    source: source)
                output.append(contentsOf: "null")
            }
        default:
            CanonicalWriter.write(value, conversion, into: &output)
        }
    }
}
