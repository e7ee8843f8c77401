/// The `decimal` type: an exact decimal, its digits kept as written in both directions.
enum DecimalScalar {
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
