import MapperSupport

/// Merging (Mantle's `mergeValuesForKeysFromModel:`): the target's properties that the
/// source's type also declares are updated from the source, each by its `merge` strategy.
extension Model {
    /// `target.merging(source)`: the source may be of the target's type, a subtype or a supertype.
    ///
    /// ```swift
    /// // count: { type: int, merge: sum }
    /// merged = try target.merging(source)   // {name: bar, count: 8} from {foo, 5} and {bar, 3}
    /// ```
    public func merging(_ source: Model) throws(MappingErrors) -> Model {
        var errors: [MappingError] = []
        let merged = Self.merge(self, source, path: type.name, errors: &errors)
        guard errors.isEmpty else { throw MappingErrors(errors) }
        return merged
    }

    static func merge(_ target: Model, _ source: Model, path: String, errors: inout [MappingError]) -> Model {
        var result = target
        for (index, plan) in target.type.properties.enumerated() {
            guard let sourceIndex = source.type.propertyIndex(named: plan.name) else { continue }
            let sourcePlan = source.type.properties[sourceIndex]
            guard sourcePlan.spec.type == plan.spec.type || sourcePlan.spec.type.isModelFamily(of: plan.spec.type) else {
                errors.append(
                    MappingError(
                        .typeMismatch, pointer: "/" + plan.name, path: "\(path).\(plan.name)",
                        message:
                            "cannot merge '\(plan.name)': it is \(plan.spec.type) in '\(target.name)' but \(sourcePlan.spec.type) in '\(source.name)'",
                        source: plan.source))
                continue
            }
            let merged = combine(
                target.values[index], source.values[sourceIndex], plan: plan, path: "\(path).\(plan.name)", errors: &errors)
            result.values[index] = merged
        }
        if target.type.unknownKeys == .keep {
            result.extra = mergeExtra(target.extra, source.extra, strategy: target.type.spec.extra.merge)
        }
        return result
    }

    /// Kept unknown keys, key by key: the source's value wins for keys it has under `replace`
    /// (the default), the target's under `keep`.
    private static func mergeExtra(_ target: JSONObject?, _ source: JSONObject?, strategy: MergeStrategy) -> JSONObject? {
        guard let source, !source.isEmpty else { return target }
        var merged = target ?? JSONObject()
        for member in source {
            if let index = merged.members.firstIndex(where: { $0.key == member.key }) {
                if strategy == .replace { merged.members[index].value = member.value }
            } else {
                merged.append(member.key, member.value)
            }
        }
        return merged
    }

    private static func combine(
        _ target: Value?, _ source: Value?, plan: PropertyPlan, path: String, errors: inout [MappingError]
    ) -> Value? {
        switch plan.spec.merge {
        case .replace:
            return source ?? target
        case .keep:
            return target ?? source
        case .sum, .max, .min:
            guard let target, target != .null else { return source ?? target }
            guard let source, source != .null else { return target }
            if case .int(let x) = target, case .int(let y) = source, plan.spec.merge == .sum, x.addingReportingOverflow(y).overflow {
                errors.append(
                    MappingError(
                        .constraint, pointer: "", path: path,
                        message: "the sum \(x) + \(y) of '\(plan.name)' does not fit in a 64-bit integer", source: plan.source))
                return target
            }
            return arithmetic(target, source, plan.spec.merge) ?? source
        case .append, .union:
            guard case .array(let left)? = target else { return source ?? target }
            guard case .array(let right)? = source else { return target }
            if plan.spec.merge == .append { return .array(left + right) }
            var combined = left
            for element in right where !combined.contains(element) { combined.append(element) }
            return .array(combined)
        case .deep:
            guard case .model(let left)? = target else { return source ?? target }
            guard case .model(let right)? = source else { return target }
            return .model(merge(left, right, path: path, errors: &errors))
        }
    }

    private static func arithmetic(_ a: Value, _ b: Value, _ strategy: MergeStrategy) -> Value? {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            switch strategy {
            case .sum: return .int(x &+ y)  // overflow is reported before
            case .max: return .int(Swift.max(x, y))
            default: return .int(Swift.min(x, y))
            }
        case (.double(let x), .double(let y)):
            switch strategy {
            case .sum: return .double(x + y)
            case .max: return .double(Swift.max(x, y))
            default: return .double(Swift.min(x, y))
            }
        case (.decimal(let x), .decimal(let y)):
            switch strategy {
            case .sum: return .decimal(DecimalArithmetic.sum(x, y))
            case .max: return .decimal(JSONNumber.compare(x, y) >= 0 ? x : y)
            default: return .decimal(JSONNumber.compare(x, y) <= 0 ? x : y)
            }
        case (.date(let x), .date(let y)):
            return .date(strategy == .max ? Swift.max(x, y) : Swift.min(x, y))
        case (.localDate(let x), .localDate(let y)):
            return .localDate(strategy == .max ? Swift.max(x, y) : Swift.min(x, y))
        default:
            return nil
        }
    }
}

extension TypeSpec {
    /// Whether both are model types (a subtype and its base may hold each other's values).
    func isModelFamily(of other: TypeSpec) -> Bool {
        switch (self, other) {
        case (.model, .model): return true
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)): return a.isModelFamily(of: b)
        default: return false
        }
    }
}

/// Exact addition of decimal literals (digit strings), for `merge: sum` of `decimal` properties.
enum DecimalArithmetic {
    static func sum(_ a: JSONNumber, _ b: JSONNumber) -> JSONNumber {
        let x = a.normalized
        let y = b.normalized
        if x.digits.isEmpty { return b }
        if y.digits.isEmpty { return a }
        // Align to the smaller exponent, then add digit by digit.
        let exponent = Swift.min(x.exponent, y.exponent)
        func coefficient(_ digits: String, _ exponent: Int, at target: Int) -> [UInt8] {
            digits.utf8.map { $0 - UInt8(ascii: "0") } + repeatElement(0, count: exponent - target)
        }
        let sum = DecimalDigits.sum(
            coefficient(x.digits, x.exponent, at: exponent), negative: x.negative,
            coefficient(y.digits, y.exponent, at: exponent), negative: y.negative)
        var text = sum.digits.isEmpty ? "0" : String(decoding: sum.digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        if exponent < 0 {
            let places = -exponent
            if text.count <= places { text = String(repeating: "0", count: places - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
        } else if exponent > 0 {
            text += String(repeating: "0", count: exponent)
        }
        return JSONNumber(unchecked: (sum.negative ? "-" : "") + text)
    }
}
