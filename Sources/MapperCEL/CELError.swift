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
    /// One sentence saying what is wrong, quoting the offending name or value.
    public var message: String
    /// Where in the expression (1-based, in characters).
    public var column: Int
    /// `CELProgram.check`: the declared function (`CELFunction` with `parameters`) whose call's
    /// arguments do not fit its parameters, in number or type; nil for every other error.
    public var function: String?

    /// An error at `column` (1-based) of the expression.
    public init(_ code: Code, _ message: String, column: Int) {
        self.code = code
        self.message = message
        self.column = column
    }

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}
