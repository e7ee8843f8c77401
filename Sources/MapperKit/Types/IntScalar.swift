import MapperCEL

/// The `int` type: an exact 64-bit integer, never through Double. External JSON may write it
/// `5.0` or `5e2`; canonical JSON writes plain digits.
enum IntScalar: ScalarType {
    static let type = TypeSpec.int
    static let name = "int"
    static let canonicalKinds: Set<JSONKind> = [.number]
    static let celType = CELCheckedType.int
    static func holds(_ result: CELCheckedType) -> Bool { [.int, .uint, .double].contains(result) }
    static let conversionHint: String? = "convert it with int(...)"
    static let canonicalHint: String? = NumberRepresentation.canonicalHint

    static func read(_ document: JSONDocument, at index: Int, _ representation: NumberRepresentation, canonical: Bool) -> ScalarRead {
        // A plain JSON number, the common case: exact without building text.
        if document.kind(at: index) == .number, representation.isNumber {
            let value =
                canonical
                ? (document[index].flags & JSONTape.isInteger != 0 ? document.int64(at: index) : nil)
                : document.integralInt64(at: index)
            if let value { return .value(.int(value)) }
        }
        let literal: String
        switch representation.literal(document, at: index, expected: "an integer") {
        case .success(let text): literal = text
        case .failure(let mismatch): return .mismatch(mismatch.message)
        }
        guard let number = JSONNumber(literal) else { return .expected("an integer", document, at: index) }
        // Canonical JSON writes integers as plain digits.
        let integral = canonical ? !literal.contains { $0 == "." || $0 == "e" || $0 == "E" } : number.isInteger
        guard integral, let value = number.int64 else {
            return .expected(integral ? "an integer that fits in 64 bits" : "an integer", document, at: index)
        }
        return .value(.int(value))
    }

    static func schema(_ representation: NumberRepresentation) -> JSONObject {
        representation.schema(integer: true)
    }
}
