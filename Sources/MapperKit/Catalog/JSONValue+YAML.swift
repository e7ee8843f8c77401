extension JSONValue {
    /// Why a YAML node has no JSON equivalent.
    package struct YAMLConversionError: Error, CustomStringConvertible {
        enum Problem {
            /// `.inf`, `.nan`.
            case number(String)
            /// A mapping key that is not a scalar (what it is).
            case key(String)
        }

        var problem: Problem
        package var mark: Mark

        /// How the value fails, to follow "VALUE …": `holds .inf, which JSON cannot represent`.
        package var message: String {
            switch problem {
            case .number(let text): return "holds \(text), which JSON cannot represent"
            case .key(let kind): return "has a key that is \(kind); JSON keys are strings"
            }
        }

        package var description: String { "\(mark): the value \(message)" }
    }

    /// The JSON value a YAML node denotes: scalars by their core-schema type (integers and floats
    /// keep their digits), mapping keys as strings. `.inf` and `.nan` have no JSON form.
    package static func fromYAML(_ node: Node) -> Result<JSONValue, YAMLConversionError> {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: return .success(.null)
            case .bool: return .success(.bool(scalar.bool ?? false))
            case .string: return .success(.string(scalar.text))
            case .int, .float:
                guard let number = jsonNumber(yaml: scalar) else {
                    return .failure(YAMLConversionError(problem: .number(scalar.text), mark: node.mark))
                }
                return .success(.number(number))
            }
        case .sequence(let items):
            var values: [JSONValue] = []
            for item in items {
                switch fromYAML(item) {
                case .success(let value): values.append(value)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.array(values))
        case .mapping(let pairs):
            var object = JSONObject()
            for pair in pairs {
                guard let key = pair.key.scalar?.text else {
                    return .failure(YAMLConversionError(problem: .key(pair.key.kindDescription), mark: pair.key.mark))
                }
                switch fromYAML(pair.value) {
                case .success(let value): object.append(key, value)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.object(object))
        }
    }

    /// A YAML int or float as a JSON number literal: `+5` → `5`, `0x1F` → `31`, `.5` → `0.5`,
    /// `1.` → `1.0`, `007` → `7`; nil for infinities and NaN.
    static func jsonNumber(yaml scalar: Scalar) -> JSONNumber? {
        var text = scalar.text
        if scalar.kind == .int, text.hasPrefix("0x") || text.hasPrefix("0o") {
            guard let value = scalar.int else { return nil }
            return JSONNumber(value)
        }
        if text.hasPrefix("+") { text.removeFirst() }
        var negative = false
        if text.hasPrefix("-") {
            negative = true
            text.removeFirst()
        }
        if text.hasPrefix(".") { text = "0" + text }
        text = text.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
        if text.hasSuffix(".") { text += "0" }
        while text.count > 1, text.hasPrefix("0"), let second = text.dropFirst().first, second.isNumber {
            text.removeFirst()
        }
        return JSONNumber((negative ? "-" : "") + text)
    }
}
