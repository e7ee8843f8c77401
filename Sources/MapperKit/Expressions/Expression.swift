public import MapperCEL
public import MapperYAML

/// A CEL expression written in a mapping file (`decode:`, `encode:`, `default: {expr:}`, a rule, a
/// variant's `if:`), compiled once when the catalog loads.
///
/// Two expressions are equal when their source and position are.
public final class Expression: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    /// Where the expression is written in the mapping file.
    public let mark: Mark
    /// The compiled program, evaluated per record.
    public let program: CELProgram
    /// The keys of `input` the expression reads by name, or nil when it uses `input` whole: only
    /// those become CEL values for an evaluation.
    let inputPaths: [[String]]?
    /// Whether the expression reads `input` at all.
    var readsInput: Bool { inputPaths?.isEmpty != true }

    /// Compiles `source`; every free name must be one of `variables`, every function CEL's,
    /// mapper's (`MapperFunctions`) or one of `functions` (the catalog's own, with mapper's).
    init(
        source: String, mark: Mark, variables: Set<String>, functions: [CELFunction] = MapperFunctions.all,
        constants: [String: CELValue] = [:]
    ) throws(CELError) {
        self.source = source
        self.mark = mark
        self.program = try CELProgram(
            source: source, variables: variables, container: "", costLimit: Self.costLimit, functions: functions,
            constants: constants)
        let reads = program.fieldPaths(of: "input")
        inputPaths = reads.whole ? nil : reads.paths
    }

    /// The most evaluation steps one evaluation may take, so that no expression can hang a request.
    public static let costLimit = 100_000

    /// The same text written at the same place.
    public static func == (lhs: Expression, rhs: Expression) -> Bool { lhs.source == rhs.source && lhs.mark == rhs.mark }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
    /// The expression as written.
    public var description: String { source }
}

/// A model's cross-field rule (`rules: [{rule: EXPR, message: TEXT}]`), checked after decoding.
public struct ModelRule: Sendable, Hashable {
    /// The condition every decoded model must satisfy (variable `self`).
    public var rule: Expression
    /// What the data error says when the rule does not hold.
    public var message: String
}
