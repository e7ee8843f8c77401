/// One lexical token of an expression, with its offset (0-based, in Unicode scalars).
struct Token {
    enum Kind: Equatable {
        case int(Int64)
        case uint(UInt64)
        /// An integer literal too large for int64 whose value is only valid negated (`-9223372036854775808`).
        case intMinMagnitude
        case double(Double)
        case string(String)
        case bytes([UInt8])
        case identifier(String)
        case punctuation(String)
        case end
    }

    var kind: Kind
    var offset: Int

    /// How the token reads in an error message.
    var described: String {
        switch kind {
        case .int(let value): "'\(value)'"
        case .uint(let value): "'\(value)u'"
        case .intMinMagnitude: "'9223372036854775808'"
        case .double(let value): "'\(value)'"
        case .string: "a string literal"
        case .bytes: "a bytes literal"
        case .identifier(let name): "'\(name)'"
        case .punctuation(let text): "'\(text)'"
        case .end: "the end of the expression"
        }
    }

    func isPunctuation(_ text: String) -> Bool {
        kind == .punctuation(text)
    }
}
