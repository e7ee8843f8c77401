/// The `string` type: a JSON string, the same on both sides.
enum StringScalar {
    static func read(_ document: JSONDocument, at index: Int) -> ScalarRead {
        guard document.kind(at: index) == .string else { return .expected("a string", document, at: index) }
        return .value(.string(document.string(at: index)))
    }

    static let schema: JSONObject = ["type": "string"]
}
