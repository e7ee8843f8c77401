import MapperCEL

/// The `bool` type: `true`/`false`, or with `json: string` `"true"`/`"false"`, with `json: int`
/// `1`/`0`.
enum BoolScalar: ScalarType {
    static let type = TypeSpec.bool
    static let name = "bool"
    static let canonicalKinds: Set<JSONKind> = [.bool]
    static let celType = CELCheckedType.bool
    static func holds(_ result: CELCheckedType) -> Bool { result == .bool }

    static func read(_ document: JSONDocument, at index: Int, _ representation: BoolRepresentation) -> ScalarRead {
        let kind = document.kind(at: index)
        switch representation {
        case .bool:
            if kind == .true { return .value(.bool(true)) }
            if kind == .false { return .value(.bool(false)) }
            return .expected("true or false", document, at: index)
        case .string:
            if kind == .string, case let text = document.string(at: index), text == "true" || text == "false" {
                return .value(.bool(text == "true"))
            }
            return .expected("\"true\" or \"false\"", document, at: index)
        case .int:
            if kind == .number, case let text = document.numberText(at: index), text == "0" || text == "1" {
                return .value(.bool(text == "1"))
            }
            return .expected("0 or 1", document, at: index)
        }
    }

    static func write(_ bool: Bool, _ representation: BoolRepresentation, into output: inout JSONOutput) {
        switch representation {
        case .bool: output.append(contentsOf: bool ? "true" : "false")
        case .string: output.appendString(bool ? "true" : "false")
        case .int: output.append(UInt8(ascii: bool ? "1" : "0"))
        }
    }

    static func schema(_ representation: BoolRepresentation) -> JSONObject {
        switch representation {
        case .bool: return ["type": "boolean"]
        case .string: return ["enum": ["true", "false"]]
        case .int: return ["enum": [0, 1]]
        }
    }
}

enum BoolRepresentation: Sendable {
    case bool
    /// `"true"` / `"false"`.
    case string
    /// `0` / `1`.
    case int
}
