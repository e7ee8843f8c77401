import MapperCEL
import MapperFormats
import MapperJSON

extension FlatPlan {
    /// What the decoding fast path needs to evaluate a model's `decode:` and default expressions
    /// and its rules itself, so that the model's other properties stay on the fast path.
    ///
    /// Results of type string, int, double, decimal or bool for properties without constraints
    /// are written directly; any other result is read as the general reader reads it, for that
    /// property alone. `self` reads back the properties whose canonical values it can (strings,
    /// URLs, UUIDs, enum cases, numbers, booleans, dates, `any`). An expression that fails, a
    /// result its property cannot hold and a rule that does not hold send the document to the
    /// general reader, which reports the error; variants chosen by `if` are left to it entirely.
    /// A class, so that the transcoder holds it by one reference per model it writes.
    final class Expressions: Sendable {
        /// An expression with its program bound to the model's properties by position: `self.name`
        /// reads the property's slot, so that `self` is made as a map only when `needsMap`.
        final class Bound: Sendable {
            let expression: Expression
            let program: CELProgram

            init(_ expression: Expression, fields: [String]) {
                self.expression = expression
                program = expression.program.binding(fieldsOf: "self", to: fields)
            }
        }

        /// Per property position: its `decode:` expression.
        let decode: [Bound?]
        /// Per property position: its `default: {expr:}` expression.
        let defaults: [Bound?]
        /// Per property position: how to read its canonical value back into `self`; nil when no
        /// expression reads it.
        let reads: [SelfRead?]
        /// Whether some expression uses `self` other than by `self.name` (whole, or `self["name"]`),
        /// so that `self` must be made as a map too.
        let needsMap: Bool
        /// How many properties `self` holds at most (those with a `reads` entry).
        let selfCount: Int
        /// Per property position: the name `self` holds it under.
        let names: [CELValue]
        /// Per property position: the property's plan (its conversion writes a computed value;
        /// results the fast path does not take are read with it as the general reader reads them).
        let plans: [PropertyPlan]
        /// Per property position: whether the property has no constraints (results of the common
        /// kinds are then written directly).
        let unconstrained: [Bool]
        let rules: [Bound]

        /// nil when the fast path cannot evaluate the model's expressions.
        init?(_ type: ModelType) {
            if type.variants?.hasConditions == true { return nil }
            var read: [Expression] = type.spec.rules.map(\.rule)
            for plan in type.properties where plan.usesExpressions {
                guard plan.computed == nil, !plan.transient, !plan.spec.flatten else { return nil }
                if let expression = plan.spec.decode { read.append(expression) }
                if let expression = plan.spec.defaultExpression { read.append(expression) }
            }
            guard let selfReads = SelfRead.reads(of: read, in: type) else { return nil }
            let properties = type.properties.map(\.name)
            func bound(_ expression: Expression) -> Bound { Bound(expression, fields: properties) }
            decode = type.properties.map { $0.spec.decode.map(bound) }
            defaults = type.properties.map { $0.spec.defaultExpression.map(bound) }
            rules = type.spec.rules.map { bound($0.rule) }
            needsMap = (decode + defaults).contains { $0?.program.uses("self") == true } || rules.contains { $0.program.uses("self") }
            self.reads = selfReads
            selfCount = selfReads.count { $0 != nil }
            names = type.properties.map { .string($0.name) }
            plans = type.properties
            unconstrained = type.properties.map { $0.spec.constraints == Constraints() }
        }
    }

    /// What the encoding fast path needs to write a model with expressions: each property's
    /// `encode:` expression (evaluated with `self`, the canonical model), and which properties
    /// encoding leaves out (decode-only: `decode:` and no `encode:`).
    struct EncodeExpressions {
        /// Per property position: its `encode:` expression.
        let encode: [Expression?]
        /// Per property position: whether encoding leaves it out.
        let decodeOnly: [Bool]
        /// Per property position: how to read its canonical value into `self`; nil when no
        /// expression reads it.
        let reads: [SelfRead?]
        /// Per property position: the name `self` holds it under.
        let names: [CELValue]

        /// nil when the model has no `encode:` expressions or decode-only properties, or when the
        /// fast path cannot make the `self` they read.
        init?(_ type: ModelType) {
            let expressions = type.properties.compactMap(\.spec.encode)
            guard !expressions.isEmpty || type.properties.contains(where: \.spec.isDecodeOnly),
                let reads = SelfRead.reads(of: expressions, in: type)
            else { return nil }
            encode = type.properties.map(\.spec.encode)
            decodeOnly = type.properties.map(\.spec.isDecodeOnly)
            self.reads = reads
            names = type.properties.map { .string($0.name) }
        }
    }

    /// How a canonical value is read into a CEL value for `self`, as `CELBridge.cel(Value)` gives
    /// it for the value the general reader reads.
    enum SelfRead {
        case string, int, double, decimal, bool, date
        /// An `any` property: its JSON as CEL values.
        case json

        /// For each property of `type`, how to read it for `expressions`, which read `self`: nil
        /// for a property none of them reads; nil in all when one they read cannot be read.
        static func reads(of expressions: [Expression], in type: ModelType) -> [SelfRead?]? {
            var read: Set<String> = []
            var readsWhole = false
            for expression in expressions {
                let found = expression.program.fieldPaths(of: "self")
                readsWhole = readsWhole || found.whole
                for path in found.paths { if let name = path.first { read.insert(name) } }
            }
            var reads: [SelfRead?] = []
            for plan in type.properties {
                guard readsWhole || read.contains(plan.name) else {
                    reads.append(nil)
                    continue
                }
                guard let kind = SelfRead(plan.conversion) else { return nil }
                reads.append(kind)
            }
            return reads
        }

        init?(_ conversion: Conversion) {
            switch conversion {
            case .scalar(.string), .scalar(.url), .scalar(.uuid), .enumeration: self = .string
            // Canonical JSON writes numbers and booleans as such whatever their external spelling.
            case .scalar(.int): self = .int
            case .scalar(.double): self = .double
            case .scalar(.decimal): self = .decimal
            case .scalar(.bool): self = .bool
            case .scalar(.date): self = .date
            case .scalar(.any): self = .json
            default: return nil
            }
        }

        /// A canonical integer (`-` and digits, within 64 bits), read in place.
        private static func int(_ text: UnsafeRawBufferPointer) -> Int64? {
            var digits = text[...]
            let negative = digits.first == UInt8(ascii: "-")
            if negative { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.count <= 19 else { return Int64(String(decoding: text, as: UTF8.self)) }
            var magnitude: UInt64 = 0
            for byte in digits {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                magnitude = magnitude * 10 + UInt64(byte &- UInt8(ascii: "0"))
            }
            if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }

        /// The CEL value of canonical JSON `text` (one value); nil when it is not what this kind
        /// writes.
        func value(_ text: UnsafeRawBufferPointer) -> CELValue? {
            if text.elementsEqual("null".utf8) { return .null }
            switch self {
            case .string:
                guard text.count >= 2, text.first == UInt8(ascii: "\"") else { return nil }
                if !text.contains(UInt8(ascii: "\\")) {
                    return .string(String(decoding: text[1..<text.count - 1], as: UTF8.self))
                }
                guard case .string(let string)? = try? JSONValue(parsing: text) else { return nil }
                return .string(string)
            case .int:
                return Self.int(text).map(CELValue.int)
            case .double:
                return Double(String(decoding: text, as: UTF8.self)).map(CELValue.double)
            case .decimal:
                return DecimalScalar.cel(String(decoding: text, as: UTF8.self))
            case .bool:
                return text.elementsEqual("true".utf8) ? .bool(true) : text.elementsEqual("false".utf8) ? .bool(false) : nil
            case .date:
                guard text.count >= 2,
                    let instant = ISO8601.parse(UnsafeBufferPointer(rebasing: text.bindMemory(to: UInt8.self)[1..<text.count - 1]))
                else { return nil }
                return DateScalar.cel(instant)
            case .json:
                return (try? JSONValue(parsing: text)).map(CELBridge.cel)
            }
        }
    }
}

extension CanonicalTranscoder {
    /// The properties of a model with expressions, in declaration order: each computed one
    /// evaluated with `input` and `self` (the properties written so far) as the general reader
    /// does, then the rules. False when the general reader must do the document.
    mutating func writeProperties(
        _ expressions: FlatPlan.Expressions, _ document: JSONDocument, object: Int, model: FlatPlan.Model, base: Int,
        first: inout Bool, into output: inout JSONOutput
    ) -> Bool {
        // `self` by property position (what `self.name` reads), and as a map when an expression needs one.
        withUnsafeTemporaryAllocation(of: CELValue?.self, capacity: Int(model.propertyCount)) { fields in
            fields.initialize(repeating: nil)
            defer { fields.deinitialize() }
            var current = CELMap()
            if expressions.needsMap { current.reserveCapacity(expressions.selfCount) }
            for position in 0..<Int(model.propertyCount) {
                let before = output.count
                // A `decode` expression gives the value; a default expression, when nothing was read.
                var computed = expressions.decode[position]
                if computed == nil {
                    guard
                        writeProperty(document, object: object, model: model, position: position, base: base, first: &first, into: &output)
                    else { return false }
                    if output.count == before { computed = expressions.defaults[position] }
                }
                if let computed {
                    let this = Self.this(expressions, current)
                    guard let result = evaluate(computed, document, object: object, this: this, fields: UnsafeBufferPointer(fields)),
                        writeComputed(result, expressions, model: model, position: position, first: &first, into: &output)
                    else { return false }
                }
                if let read = expressions.reads[position], output.count > before {
                    let property = arenas.properties[Int(model.firstProperty) + position]
                    // What was written: `,`? then `"name":` then the value.
                    let value = output.withUnsafeBytes { bytes -> CELValue? in
                        let keyStart = bytes[before] == UInt8(ascii: ",") ? before + 1 : before
                        return read.value(UnsafeRawBufferPointer(rebasing: bytes[(keyStart + Int(property.keyLength))...]))
                    }
                    guard let value else { return false }
                    if expressions.needsMap { current.append(uniqueKey: expressions.names[position], value) }
                    fields[position] = value
                }
            }
            guard !expressions.rules.isEmpty else { return true }
            let this = Self.this(expressions, current)
            for rule in expressions.rules {
                guard case .bool(true)? = evaluate(rule, document, object: object, this: this, fields: UnsafeBufferPointer(fields))
                else { return false }
            }
            return true
        }
    }

    /// `self` as a map, when an expression of the model needs one.
    private static func this(_ expressions: FlatPlan.Expressions, _ current: CELMap) -> CELValue {
        expressions.needsMap ? .map(current) : .null
    }

    /// The value of `bound` with `self` as `this` and by position as `fields`, and `input` as the
    /// object at `object`; nil when the evaluation fails.
    private mutating func evaluate(
        _ bound: FlatPlan.Expressions.Bound, _ document: JSONDocument, object: Int, this: CELValue,
        fields: UnsafeBufferPointer<CELValue?>
    ) -> CELValue? {
        if bound.expression.readsInput { variables[1].1 = CELBridge.input(of: bound.expression, document, object: object) }
        variables[0].1 = this
        // Cleared at once, so that `self`'s map is again held only by the caller, which extends it.
        defer { (variables[0].1, variables[1].1) = (.null, .null) }
        return try? bound.program.evaluate(bindings: variables, fields: fields)
    }

    /// The key and the value an expression gave, written as the general reader would write it.
    /// (Not inlined: the loop that calls it stays small.)
    @inline(never)
    private mutating func writeComputed(
        _ result: CELValue, _ expressions: FlatPlan.Expressions, model: FlatPlan.Model, position: Int, first: inout Bool,
        into output: inout JSONOutput
    ) -> Bool {
        let property = arenas.properties[Int(model.firstProperty) + position]
        // The value the general reader reads from the result's JSON (`CELBridge.json`, then the
        // property's canonical form), made without the JSON text; anything rarer goes to it.
        let conversion = expressions.plans[position].conversion
        let value: Value
        switch (conversion, result) {
        case (_, .null):
            guard property.flags & FlatPlan.Property.required == 0 else { return false }
            value = .null
        case _ where !expressions.unconstrained[position]:
            guard let read = readComputed(result, expressions.plans[position]) else { return false }
            value = read
        case (.scalar(.string), .string(let text)): value = .string(text)
        case (.scalar(.int), .int(let int)): value = .int(int)
        case (.scalar(.int), .uint(let uint)):
            guard let int = Int64(exactly: uint) else { return false }
            value = .int(int)
        case (.scalar(.double), .double(let double)):
            guard double.isFinite else { return false }
            value = .double(double)
        case (.scalar(.double), .int(let int)): value = .double(Double(int))
        case (.scalar(.decimal), .decimal(let decimal)): value = .decimal(JSONNumber(unchecked: decimal.description))
        case (.scalar(.decimal), .int(let int)): value = .decimal(JSONNumber(int))
        case (.scalar(.decimal), .string(let text)):
            guard let number = JSONNumber(text) else { return false }
            value = .decimal(number)
        case (.scalar(.bool), .bool(let bool)): value = .bool(bool)
        default:
            guard let read = readComputed(result, expressions.plans[position]) else { return false }
            value = read
        }
        key(property, &first, &output)
        CanonicalWriter.write(value, conversion, into: &output)
        return true
    }

    /// A result the cases above do not take, read as the general reader reads it (its JSON, read
    /// as canonical JSON of the property, constraints checked): nil when that is an error, which
    /// the general reader then reports.
    private func readComputed(_ result: CELValue, _ plan: PropertyPlan) -> Value? {
        guard case .success(let json) = CELBridge.json(result) else { return nil }
        var reader = ValueReader(table: table, mode: .external, now: now)
        let value = reader.readComputed(json, plan: plan)
        return reader.errors.isEmpty ? value : nil
    }
}
