import MapperCEL

/// The `string` type: a JSON string, the same on both sides.
enum StringScalar: ScalarType {
    static let type = TypeSpec.string
    static let name = "string"
    static let canonicalKinds: Set<JSONKind> = [.string]
    static let celType = CELCheckedType.string
    static func holds(_ result: CELCheckedType) -> Bool { TextResults.holds(result) }
    static let conversionHint: String? = "convert it with string(...)"

    static func read(_ document: JSONDocument, at index: Int) -> ScalarRead {
        guard document.kind(at: index) == .string else { return .expected("a string", document, at: index) }
        return .value(.string(document.string(at: index)))
    }

    static let schema: JSONObject = ["type": "string"]
}
