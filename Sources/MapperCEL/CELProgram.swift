/// A parsed CEL expression, ready to evaluate any number of times (and from any thread).
///
/// ```swift
/// let program = try CELProgram(source: "a + 1", variables: ["a"])
/// try program.evaluate(["a": .int(1)])   // .int(2)
/// ```
public final class CELProgram: Sendable {
    /// The expression as written.
    public let source: String
    /// The namespace names are resolved in first (`a.b` makes `x` try `a.b.x`, then `a.x`, then `x`).
    public let container: String
    /// The most evaluation steps one `evaluate` may take; beyond it evaluation fails with `costLimit`.
    public let costLimit: Int
    /// Functions beyond CEL's library that the embedding program defines, by qualified name.
    public let functions: [String: CELFunction]
    /// Variables whose values are fixed when the program is made (a catalog's lookup tables):
    /// every evaluation sees them, beside the variables it is given.
    public let constants: [String: CELValue]
    let root: Expr
    /// The declared variables, when the program declares them.
    let variables: Set<String>?
    /// `root` with its names resolved (`Binder`) when the program declares its variables: what
    /// `evaluate` walks.
    let bound: Expr

    /// The default `costLimit`: enough for comprehensions over tens of thousands of elements.
    public static let defaultCostLimit = 1_000_000

    /// Parses `source`. With `variables`, every free name must be one of them (or a type name) and
    /// every function one the library defines, so a misspelt name fails here, with its column,
    /// rather than at evaluation.
    /// `functions` adds functions the library does not define (`json.parse`), called by their
    /// qualified names. `constants` binds variables (which `variables` must declare) once for
    /// every evaluation.
    public init(
        source: String, variables: Set<String>? = nil, container: String = "", costLimit: Int = defaultCostLimit,
        functions: [CELFunction] = [], constants: [String: CELValue] = [:]
    ) throws(CELError) {
        self.source = source
        self.container = container
        self.costLimit = costLimit
        self.constants = constants
        self.functions = Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.variables = variables
        root = try Parser.parse(source)
        if let variables {
            try Declarations(variables: variables, container: container, functions: Set(self.functions.keys)).check(root, locals: [])
            bound = Binder(variables: variables, container: container, functions: Set(self.functions.keys)).bind(root, locals: [])
        } else {
            bound = root
        }
    }

    private init(_ program: CELProgram, bound: Expr) {
        (source, container, costLimit, functions) = (program.source, program.container, program.costLimit, program.functions)
        constants = program.constants
        (root, variables, self.bound) = (program.root, program.variables, bound)
    }

    /// This program, with each selection of a field of `variable` named in `fields` (`self.total`,
    /// `has(self.total)`) reading the value at that name's position in the `fields` given to
    /// `evaluate(bindings:fields:)`, instead of finding it in the variable's map: for a caller that
    /// holds a record's fields by position, which then builds no map unless the program also uses
    /// the variable whole. Given no fields, it evaluates as this program does. Unchanged when the
    /// program declares no variables or `variable` is not one of them.
    public func binding(fieldsOf variable: String, to fields: [String]) -> CELProgram {
        guard let variables, variables.contains(variable) else { return self }
        var binder = Binder(variables: variables, container: container, functions: Set(functions.keys))
        binder.record = (variable, Dictionary(fields.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }))
        return CELProgram(self, bound: binder.bind(root, locals: []))
    }

    /// Evaluates the expression with these variable values.
    public func evaluate(_ variables: [String: CELValue] = [:]) throws(CELError) -> CELValue {
        try evaluate(bindings: variables.map { ($0.key, $0.value) })
    }

    /// Evaluates the expression with these variables, given as (name, value) pairs in any order
    /// (a name given twice: the first): what a caller that evaluates often passes, as it builds
    /// no dictionary.
    public func evaluate(bindings: [(String, CELValue)]) throws(CELError) -> CELValue {
        var evaluator = Evaluator(self, variables: bindings)
        return try evaluator.evaluate(bound)
    }

    /// Evaluates the expression with these variables and the record's fields by position, as
    /// `binding(fieldsOf:to:)` names them (nil: the record has no such field, as a key missing
    /// from its map).
    public func evaluate(bindings: [(String, CELValue)], fields: UnsafeBufferPointer<CELValue?>) throws(CELError) -> CELValue {
        var evaluator = Evaluator(self, variables: bindings, fields: fields)
        return try evaluator.evaluate(bound)
    }
}

/// The compile-time check that every free name is declared.
struct Declarations {
    let variables: Set<String>
    let container: String
    var functions: Set<String> = []

    func check(_ expr: Expr, locals: Set<String>) throws(CELError) {
        switch expr.kind {
        case .literal: return
        case .identifier, .select:
            if let (name, rooted) = expr.qualifiedName {
                let first = String(name.split(separator: ".").first ?? "")
                if !rooted && locals.contains(first) { return }
                let prefixes = Self.prefixes(of: name)
                for prefix in prefixes {
                    for candidate in Names.candidates(prefix, container: container, rooted: rooted)
                    where variables.contains(candidate) || CELType.named[candidate] != nil {
                        return
                    }
                }
                throw CELError(.unknownVariable, "undeclared reference to '\(first)'", column: expr.nameOffset + 1)
            }
            if case .select(let operand, _, _) = expr.kind { try check(operand, locals: locals) }
        case .call(let name, let target, let arguments):
            var namespaced = false
            if let target, let (qualified, rooted) = target.qualifiedName,
                Library.namespaced.contains(qualified + "." + name) || functions.contains(qualified + "." + name)
            {
                let first = String(qualified.prefix { $0 != "." })
                namespaced = rooted || !(locals.contains(first) || variables.contains(first) || variables.contains(qualified))
            }
            let isOperator = name.hasPrefix("_") || name.hasPrefix("@") || name == "!_" || name == "-_"
            let plain = name.hasPrefix(".") ? String(name.dropFirst()) : name
            if !isOperator, !namespaced, !Library.known.contains(plain), !functions.contains(plain) {
                throw CELError(.noSuchOverload, "unknown function '\(plain)'", column: expr.offset + 1)
            }
            if let target, !namespaced { try check(target, locals: locals) }
            for argument in arguments { try check(argument, locals: locals) }
        case .list(let items):
            for item in items { try check(item, locals: locals) }
        case .map(let entries):
            for entry in entries {
                try check(entry.key, locals: locals)
                try check(entry.value, locals: locals)
            }
        case .comprehension(_, let range, let variable, let variable2, let arguments):
            try check(range, locals: locals)
            var inner = locals
            inner.insert(variable)
            if let variable2 { inner.insert(variable2) }
            for argument in arguments { try check(argument, locals: inner) }
        }
    }

    /// `a.b.c` → `a.b.c`, `a.b`, `a`.
    static func prefixes(of name: String) -> [String] {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return (1...max(parts.count, 1)).reversed().map { parts.prefix($0).joined(separator: ".") }
    }
}

/// How a name resolves against a container.
enum Names {
    /// The namespaced function the call `target.name(…)` names (`json.parse(s)`: `json.parse`),
    /// or nil when it calls `name` on the value of `target`: the dotted name must be a library or
    /// added function (`isFunction`), and `target` must neither start with a comprehension
    /// variable (`isLocal`, given the first name) nor be a variable (`isVariable`, given the
    /// dotted name and whether it starts with a dot).
    static func namespacedFunction(
        _ name: String, target: Expr, isFunction: (String) -> Bool, isLocal: (String) -> Bool, isVariable: (String, Bool) -> Bool
    ) -> String? {
        guard let (qualified, rooted) = target.qualifiedName else { return nil }
        let function = qualified + "." + name
        guard Library.namespaced.contains(function) || isFunction(function),
            rooted || !isLocal(String(qualified.prefix { $0 != "." })), !isVariable(qualified, rooted)
        else { return nil }
        return function
    }

    /// The names `name` may mean, most qualified first.
    static func candidates(_ name: String, container: String, rooted: Bool) -> [String] {
        guard !rooted, !container.isEmpty else { return [name] }
        var result: [String] = []
        var parts = container.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            result.append(parts.joined(separator: ".") + "." + name)
            parts.removeLast()
        }
        result.append(name)
        return result
    }
}

/// A function the embedding program adds to CEL's library, called with its arguments evaluated.
///
/// ```swift
/// let twice = CELFunction(name: "math.twice") { args throws(CELError) in
///     guard args.count == 1, case .int(let x) = args[0] else { throw CELError(.noSuchOverload, "math.twice(int)", column: 0) }
///     return .int(x * 2)
/// }
/// try CELProgram(source: "math.twice(2)", functions: [twice]).evaluate()   // .int(4)
/// ```
public struct CELFunction: Sendable {
    /// The name expressions call it by, qualified with its namespace (`json.parse`) or plain.
    public let name: String
    /// The parameters' types for `CELProgram.check`, or nil to accept any arguments.
    public let parameters: [CELCheckedType]?
    /// The result's type for `CELProgram.check`.
    public let result: CELCheckedType
    /// The function; an error's column is replaced by the call's.
    public let body: @Sendable ([CELValue]) throws(CELError) -> CELValue
    /// For a function written in CEL (`init(name:parameters:result:program:)`): its parameters'
    /// names and its body, which the caller's evaluation runs step by step under its own cost limit.
    public let definition: Definition?

    /// A function written in CEL: the parameters' names (the body's variables) and the body.
    public struct Definition: Sendable {
        /// The parameters' names, in call order.
        public let parameters: [String]
        /// The body, whose variables are the parameters.
        public let program: CELProgram
    }

    /// A function called `name`; `parameters` and `result` are what `CELProgram.check` knows of
    /// it (by default: any arguments, a `dyn` result).
    public init(
        name: String, parameters: [CELCheckedType]? = nil, result: CELCheckedType = .dyn,
        body: @escaping @Sendable ([CELValue]) throws(CELError) -> CELValue
    ) {
        self.name = name
        self.parameters = parameters
        self.result = result
        self.body = body
        self.definition = nil
    }

    /// A function written in CEL: `program` is its body, whose variables are the parameters'
    /// names; a call binds them to the arguments, in order. Its steps count against the calling
    /// evaluation's cost limit.
    ///
    /// ```swift
    /// let body = try CELProgram(source: "x * 2", variables: ["x"])
    /// let twice = CELFunction(name: "twice", parameters: [("x", .int)], result: .int, program: body)
    /// try CELProgram(source: "twice(2)", variables: [], functions: [twice]).evaluate()   // .int(4)
    /// ```
    public init(name: String, parameters: [(name: String, type: CELCheckedType)], result: CELCheckedType, program: CELProgram) {
        let names = parameters.map(\.name)
        self.name = name
        self.parameters = parameters.map(\.type)
        self.result = result
        self.definition = Definition(parameters: names, program: program)
        self.body = { args throws(CELError) in try program.evaluate(bindings: Array(zip(names, args))) }
    }
}
