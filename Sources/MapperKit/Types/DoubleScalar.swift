import MapperCEL

/// The `double` type: an IEEE double; canonical JSON writes the shortest text that reads back
/// the same double (ECMAScript style).
enum DoubleScalar: ScalarType {
    static let type = TypeSpec.double
    static let name = "double"
    static let canonicalKinds: Set<JSONKind> = [.number]
    static let celType = CELCheckedType.double
    static func holds(_ result: CELCheckedType) -> Bool { [.int, .uint, .double].contains(result) }
    static let conversionHint: String? = "convert it with double(...)"
    static let canonicalHint: String? = NumberRepresentation.canonicalHint

    static func read(_ document: JSONDocument, at index: Int, _ representation: NumberRepresentation) -> ScalarRead {
        if document.kind(at: index) == .number, representation.isNumber, let value = document.finiteDouble(at: index) {
            return .value(.double(value))
        }
        switch representation.literal(document, at: index, expected: "a number") {
        case .success(let literal):
            let value = Double(literal) ?? .nan
            guard value.isFinite else { return .expected("a number within the range of a double", document, at: index) }
            return .value(.double(value))
        case .failure(let mismatch):
            return .mismatch(mismatch.message)
        }
    }
}
