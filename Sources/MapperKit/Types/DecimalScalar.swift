import MapperCEL

/// The `decimal` type: an exact decimal, its digits kept as written in both directions.
enum DecimalScalar: ScalarType {
    static let type = TypeSpec.decimal
    static let name = "decimal"
    static let canonicalKinds: Set<JSONKind> = [.number]
    static let celType = CELCheckedType.decimal
    /// A decimal reads numbers and number text.
    static func holds(_ result: CELCheckedType) -> Bool { [.decimal, .int, .uint, .double, .string].contains(result) }
    static let conversionHint: String? = "convert it with decimal(...)"
    static let canonicalHint: String? = NumberRepresentation.canonicalHint

    /// A decimal in CEL, exact; nil when CEL's decimal cannot hold the number's digits.
    static func cel(_ literal: String) -> CELValue? {
        CELDecimal(parsing: literal).map(CELValue.decimal)
    }

    static func read(_ document: JSONDocument, at index: Int, _ representation: NumberRepresentation) -> ScalarRead {
        if document.kind(at: index) == .number, representation.isNumber {
            return .value(.decimal(JSONNumber(unchecked: document.numberText(at: index))))
        }
        switch representation.literal(document, at: index, expected: "a number") {
        case .success(let literal):
            guard let number = JSONNumber(literal) else { return .expected("a number", document, at: index) }
            return .value(.decimal(number))
        case .failure(let mismatch):
            return .mismatch(mismatch.message)
        }
    }
}
