import MapperCEL
import MapperFormats
import MapperJSON

/// Conversions between the engine's values and CEL's, the only place the two meet (the fast
/// path's `FlatPlan.SelfRead` reads canonical text into the same values, through the same
/// scalar homes: `DateScalar.cel`, `DecimalScalar.cel`).
///
/// Into CEL: JSON objects become maps with string keys, whole numbers that fit become `int`, other
/// numbers `double`; a `decimal` property becomes a CEL decimal (exact), a `date` a timestamp,
/// a model a map of its present properties by name. Out of CEL: the JSON value of the result (a
/// timestamp as ISO 8601 text, a duration as its text such as `"90s"`, bytes as base64).
enum CELBridge {
    static func cel(_ json: JSONValue) -> CELValue {
        switch json {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let number):
            if let int = number.int64, number.isInteger { return .int(int) }
            return .double(number.double)
        case .string(let text): return .string(text)
        case .array(let items): return .list(items.map(cel))
        case .object(let object): return .map(CELMap(object.members.map { (.string($0.key), cel($0.value)) }))
        }
    }

    static func cel(_ value: Value) -> CELValue {
        switch value {
        case .null: return .null
        case .string(let text), .url(let text), .uuid(let text), .enumCase(let text): return .string(text)
        case .int(let int): return .int(int)
        case .double(let double): return .double(double)
        case .decimal(let number): return DecimalScalar.cel(number.text) ?? .string(number.text)
        case .bool(let bool): return .bool(bool)
        case .date(let instant): return DateScalar.cel(instant) ?? .string(ISO8601.format(instant))
        // `YYYY-MM-DD`: comparing the strings orders the days.
        case .localDate(let date): return .string(date.description)
        case .model(let model): return cel(model)
        case .array(let values): return .list(values.map(cel))
        case .dictionary(let dictionary): return .map(CELMap(dictionary.entries.map { (.string($0.key), cel($0.value)) }))
        case .any(let json): return cel(json)
        }
    }

    /// The `input` variable of `expression` for the object at `object`: only the keys it reads by
    /// name (so a large object is not converted for an expression that reads two of its keys), or
    /// the whole object when it uses `input` another way.
    static func input(of expression: Expression, _ document: JSONDocument, object: Int) -> CELValue {
        guard let paths = expression.inputPaths else { return cel(document.jsonValue(at: object)) }
        return partial(document, object: object, paths: paths)
    }

    /// The variables of a decode, default or rule expression: `self`, and `input` (the object at
    /// `object`, as `input(of:)` gives it) when the expression reads it.
    static func bindings(_ expression: Expression, _ document: JSONDocument, _ object: Int, _ this: CELValue) -> [(String, CELValue)] {
        guard expression.readsInput else { return [("self", this)] }
        return [("input", input(of: expression, document, object: object)), ("self", this)]
    }

    /// The object as a map holding only the keys on `paths`, nested as in the object; a path that
    /// ends at a key, or meets a value that is not an object, takes the whole value there.
    private static func partial(_ document: JSONDocument, object: Int, paths: [[String]]) -> CELValue {
        var order: [String] = []
        var rests: [String: [[String]]] = [:]
        for path in paths {
            guard let key = path.first else { continue }
            if rests[key] == nil { order.append(key) }
            rests[key, default: []].append(Array(path.dropFirst()))
        }
        var entries: [(CELValue, CELValue)] = []
        for key in order {
            guard let found = document.value(at: [key], inObjectAt: object), let rest = rests[key] else { continue }
            if rest.contains(where: \.isEmpty) || document.kind(at: found) != .object {
                entries.append((.string(key), cel(document.jsonValue(at: found))))
            } else {
                entries.append((.string(key), partial(document, object: found, paths: rest)))
            }
        }
        return .map(CELMap(entries))
    }

    /// A model as a map of its present properties, by property name.
    static func cel(_ model: Model) -> CELValue {
        var entries: [(CELValue, CELValue)] = []
        for (position, plan) in model.type.properties.enumerated() {
            if let value = model.values[position] { entries.append((.string(plan.name), cel(value))) }
        }
        return .map(CELMap(entries))
    }

    /// The JSON value of an expression's result, or a sentence saying why it has none.
    static func json(_ value: CELValue) -> Result<JSONValue, ConversionProblem> {
        switch value {
        case .null: return .success(.null)
        case .bool(let bool): return .success(.bool(bool))
        case .int(let int): return .success(.number(JSONNumber(int)))
        case .uint(let uint): return .success(.number(JSONNumber(unchecked: String(uint))))
        case .double(let double):
            guard double.isFinite else {
                return .failure(ConversionProblem("the result \(double) is not a finite number, which JSON cannot hold"))
            }
            return .success(.number(JSONNumber(unchecked: JSONOutput.doubleText(double))))
        case .string(let text): return .success(.string(text))
        case .bytes(let bytes): return .success(.string(Base64.encode(bytes)))
        // Mapper's canonical date form (a fraction in groups of three digits), which a `date` reads back.
        case .timestamp(let timestamp): return .success(.string(ISO8601.format(Instant(nanoseconds: timestamp.nanoseconds))))
        case .duration(let duration): return .success(.string(duration.formatted))
        case .decimal(let decimal): return .success(.number(JSONNumber(unchecked: decimal.description)))
        case .type(let type): return .failure(ConversionProblem("the result is the type '\(type.name)', which has no JSON form"))
        case .list(let items):
            var array: [JSONValue] = []
            array.reserveCapacity(items.count)
            for item in items {
                switch json(item) {
                case .success(let element): array.append(element)
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(.array(array))
        case .map(let map):
            var object = JSONObject()
            for entry in map.entries {
                guard case .string(let key) = entry.key else {
                    return .failure(ConversionProblem("the result is a map with the key \(entry.key), but JSON object keys are strings"))
                }
                switch json(entry.value) {
                case .success(let member): object.append(key, member)
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(.object(object))
        }
    }

    /// A CEL type by the name a mapping file gives it (`date`, not `google.protobuf.Timestamp`;
    /// `null`, not `null_type`), for the messages of failed expressions.
    static func typeName(_ type: CELType) -> String {
        switch type {
        case .null: "null"
        case .timestamp: "date"
        case .duration: "duration"
        case .list: "array"
        case .map: "object"
        default: type.name
        }
    }

    /// A checked CEL type by mapper's names: `date`, `null`, `[string]`, `[string: int]`, a
    /// model by its name (load-time messages).
    static func typeName(_ type: CELCheckedType) -> String {
        switch type {
        case .null: "null"
        case .timestamp: "date"
        case .duration: "duration"
        case .list(let element): "[\(typeName(element))]"
        case .map(let key, let value): "[\(typeName(key)): \(typeName(value))]"
        case .type(let inner): "type(\(typeName(inner)))"
        default: type.description
        }
    }

    struct ConversionProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// RFC 4648 base64 with padding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            output.append(alphabet[Int(b0 >> 2)])
            output.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            output.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            output.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension CELError {
    /// The message with mapper's type names (`no such overload: date > null`).
    var mapperMessage: String { message(naming: CELBridge.typeName, checked: CELBridge.typeName) }
}
