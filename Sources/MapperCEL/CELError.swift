/// A CEL expression that does not parse, or whose evaluation fails: what went wrong and where.
///
/// ```swift
/// do { _ = try CELProgram(source: "1 +") } catch let error as CELError {
///     error.description   // "column 4: expected an expression, found the end of the expression"
/// }
/// ```
public struct CELError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; stable, for programs that react to it.
    public enum Code: String, Sendable, Hashable {
        /// The expression does not parse.
        case syntax
        /// A variable the expression names is not bound.
        case unknownVariable
        /// A function or operator is not defined for the arguments' types.
        case noSuchOverload
        /// A map key or a message field is absent.
        case noSuchKey
        /// Integer arithmetic leaves the range of its type.
        case overflow
        /// Division or modulus by zero.
        case divisionByZero
        /// An index outside a list.
        case indexOutOfRange
        /// A conversion or function refuses its argument (a malformed timestamp, an invalid pattern…).
        case invalidArgument
        /// The evaluation took more steps than the cost limit allows.
        case costLimit
        /// `CELProgram.check`: an expression's type does not fit where it is used (a condition
        /// that cannot be a bool, a field selected from a value that has no fields).
        case typeMismatch
    }

    /// What kind of failure this is.
    public var code: Code
    /// The sentence, with the CEL types it names kept as types, so that an embedding program can
    /// name them its own way (`message(naming:)`).
    public var text: Text
    /// Where in the expression (1-based, in characters).
    public var column: Int
    /// `CELProgram.check`: the declared function (`CELFunction` with `parameters`) whose call's
    /// arguments do not fit its parameters, in number or type; nil for every other error.
    public var function: String?

    /// One sentence saying what is wrong, quoting the offending name or value; types by CEL's
    /// names (`null_type`, `google.protobuf.Timestamp`).
    public var message: String {
        get { text.rendered(\.name) }
        set { text = Text(newValue) }
    }

    /// The sentence with each type it names written by `naming` (an embedding program's own type
    /// names: `date` for `google.protobuf.Timestamp`), and each checked type (the checker's
    /// messages) by `checked`.
    public func message(naming: (CELType) -> String, checked: (CELCheckedType) -> String = \.description) -> String {
        text.rendered(naming, checked)
    }

    /// An error at `column` (1-based) of the expression.
    public init(_ code: Code, _ message: String, column: Int) {
        self.init(code, text: Text(message), column: column)
    }

    /// An error whose sentence names types: `CELError(.noSuchOverload, text: "no such overload: \(a.type) > \(b.type)", column: 0)`.
    public init(_ code: Code, text: Text, column: Int) {
        self.code = code
        self.text = text
        self.column = column
    }

    /// A sentence in parts: text, and the CEL types it names.
    public struct Text: Sendable, Hashable, ExpressibleByStringInterpolation {
        enum Part: Sendable, Hashable {
            case text(String)
            case type(CELType)
            case checked(CELCheckedType)
        }

        var parts: [Part]

        init(_ string: String) { parts = [.text(string)] }

        init(parts: [Part]) { self.parts = parts }

        /// Equal when the sentences read the same with CEL's names.
        public static func == (lhs: Text, rhs: Text) -> Bool { lhs.rendered(\.name) == rhs.rendered(\.name) }

        /// Hashes the sentence with CEL's names.
        public func hash(into hasher: inout Hasher) { hasher.combine(rendered(\.name)) }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

        /// The sentence with each type written by `naming`, each checked type by `checked`.
        func rendered(_ naming: (CELType) -> String, _ checked: (CELCheckedType) -> String = \.description) -> String {
            parts.map { part in
                switch part {
                case .text(let text): text
                case .type(let type): naming(type)
                case .checked(let type): checked(type)
                }
            }.joined()
        }

        /// Builds the parts: a `CELType` stays a type, anything else becomes its text.
        public struct Interpolation: StringInterpolationProtocol {
            var parts: [Part] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

            public mutating func appendInterpolation(_ type: CELType) { parts.append(.type(type)) }

            public mutating func appendInterpolation(_ type: CELCheckedType) { parts.append(.checked(type)) }

            /// Parts built elsewhere (`Checker.describe`).
            mutating func appendInterpolation(_ text: Text) { parts += text.parts }

            /// The types, `separator` between them.
            public mutating func appendInterpolation(_ types: [CELType], separator: String) {
                for (index, type) in types.enumerated() {
                    if index > 0 { parts.append(.text(separator)) }
                    parts.append(.type(type))
                }
            }

            public mutating func appendInterpolation(_ value: some CustomStringConvertible) { parts.append(.text(value.description)) }

            public mutating func appendInterpolation(_ value: String) { parts.append(.text(value)) }
        }
    }

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}
