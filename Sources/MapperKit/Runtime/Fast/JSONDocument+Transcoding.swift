extension JSONDocument {
    /// `withStringBytes`, with the usual case (a string without escapes, or another kind's raw
    /// bytes) in this module: the call is specialized here, where the other module's generic
    /// function is not.
    @inline(__always)
    func stringBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let raw = unescapedBytes(at: index) { return body(raw) }
        return withStringBytes(at: index, body)
    }

    /// Writes a document that is one object, or an array of objects, through `record` (given each
    /// object's index); false, with `output` as it was, for any other document or when `record` fails.
    func writeRecords(into output: inout JSONOutput, _ record: (Int, inout JSONOutput) -> Bool) -> Bool {
        let mark = output.count
        let ok: Bool
        switch kind(at: 0) {
        case .object:
            ok = record(0, &output)
        case .array:
            ok = writeElements(of: 0, into: &output) { element, output in
                kind(at: element) == .object && record(element, &output)
            }
        default:
            ok = false
        }
        if !ok { output.truncate(to: mark) }
        return ok
    }

    /// Whether the value at `index` meets the property's length and value constraints (those its
    /// flags say it has).
    @inline(__always)
    func satisfiesConstraints(at index: Int, _ property: FlatPlan.Property, in plan: FlatPlan) -> Bool {
        (property.flags & FlatPlan.Property.checksLength == 0 || satisfiesLength(at: index, property))
            && (property.flags & FlatPlan.Property.checksValue == 0 || satisfiesValueConstraints(at: index, property, in: plan))
    }

    /// Writes the array or object at `index` (`[…]` or `{"key":…}`), `null` elements as they are
    /// and every other element through `element`; false as soon as `element` fails. What the
    /// transcoders do for `[T]` and `[string: T]`.
    func writeElements(of index: Int, into output: inout JSONOutput, _ element: (Int, inout JSONOutput) -> Bool) -> Bool {
        let isObject = kind(at: index) == .object
        var first = true
        func write(_ item: Int, key: Int?, _ output: inout JSONOutput) -> Bool {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            if let key {
                writeString(at: key, to: &output)
                output.append(UInt8(ascii: ":"))
            }
            guard kind(at: item) != .null else {
                output.append(contentsOf: "null")
                return true
            }
            return element(item, &output)
        }
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if isObject {
            for (key, item) in members(ofObjectAt: index) where !write(item, key: key, &output) { return false }
        } else {
            for item in elements(ofArrayAt: index) where !write(item, key: nil, &output) { return false }
        }
        output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        return true
    }
}

extension JSONDocument {
    /// Whether the value at `index` has the length a property's `min_length`/`max_length` ask for,
    /// counted as the general reader counts: Unicode scalars of a string, elements of an array,
    /// members of an object. Other kinds are for the conversion to judge.
    func satisfiesLength(at index: Int, _ property: FlatPlan.Property) -> Bool {
        let length: Int
        switch kind(at: index) {
        case .array, .object:
            length = count(at: index)
        case .string:
            // The bytes are valid UTF-8: every byte but a continuation byte starts a scalar.
            length = stringBytes(at: index) { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        default:
            return true
        }
        return (property.minLength < 0 || length >= Int(property.minLength))
            && (property.maxLength < 0 || length <= Int(property.maxLength))
    }
}

extension JSONDocument {
    /// Whether the value at `index` meets a property's `minimum`, `maximum` and `pattern` as the
    /// general reader checks them (`constraintProblem`): bounds on the number the conversion
    /// reads (an integer; a double by its shortest text; a decimal's digits as written), patterns
    /// on a string. False, for the general path to judge, when the value is not what the property's
    /// conversion reads.
    func satisfiesValueConstraints(
        at index: Int, _ property: FlatPlan.Property, in plan: FlatPlan
    ) -> Bool {
        // The plan's entry is read in place, field by field: a copy would retain its strings.
        let checks = Int(property.valueConstraints)
        let kind = plan.arenas.conversions[Int(property.conversion)].kind
        if plan.valueConstraints[checks].isBounded {
            guard self.kind(at: index) == .number else { return false }
            var number: JSONNumber?
            switch kind {
            case .int:
                guard let value = integralInt64(at: index) else { return false }
                if let bounds = plan.valueConstraints[checks].integerBounds {
                    guard bounds.minimum <= value && value <= bounds.maximum else { return false }
                } else {
                    number = JSONNumber(value)
                }
            case .double:
                guard let value = finiteDouble(at: index) else { return false }
                number = JSONNumber(unchecked: JSONOutput.doubleText(value))
            case .decimal:
                number = JSONNumber(unchecked: numberText(at: index))
            default:
                return false
            }
            if let number {
                let constraints = plan.valueConstraints[checks].constraints
                if let minimum = constraints.minimum, JSONNumber.compare(number, minimum) < 0 { return false }
                if let maximum = constraints.maximum, JSONNumber.compare(number, maximum) > 0 { return false }
            }
        }
        if let pattern = plan.valueConstraints[checks].constraints.pattern {
            guard kind == .string, self.kind(at: index) == .string else { return false }
            return stringBytes(at: index) { pattern.matches($0) }
        }
        return true
    }
}
