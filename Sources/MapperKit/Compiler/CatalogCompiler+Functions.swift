import MapperCEL
import MapperSupport
import MapperYAML

/// A function of the catalog's `functions:` block, compiled: callable by name from every
/// expression of the catalog.
struct FunctionSpec {
    var name: String
    /// Where the name is written.
    var mark: Mark
    var parameters: [(name: String, type: TypeSpec)]
    var returns: TypeSpec
    /// The body, whose variables are the parameters.
    var program: CELProgram
    /// Where the body (`expr:`) is written.
    var bodyMark: Mark
}

extension CatalogCompiler {
    /// A function as written, its body parsed: what recursion is looked for in before it compiles.
    private struct FunctionDraft {
        var name: String
        var mark: Mark
        var parameters: [(name: String, type: TypeSpec)]
        var returns: TypeSpec
        var source: String
        var bodyMark: Mark
        /// The calls of the catalog's functions the body makes, with their columns.
        var calls: [(name: String, column: Int)]
    }

    /// Reads the `functions:` blocks, refuses names CEL already gives a meaning and recursion,
    /// then compiles each body with the functions it calls (callees first) so that every model
    /// expression can call them. Runs before the models, whose expressions call them.
    mutating func compileFunctions() {
        var drafts: [String: FunctionDraft] = [:]
        for name in functionOrder {
            guard let declaration = functionDeclarations[name], let draft = functionDraft(declaration) else { continue }
            drafts[name] = draft
        }
        for cycle in Self.cycles(in: drafts, order: functionOrder) {
            reportRecursion(cycle, drafts)
            for name in cycle { drafts[name] = nil }
        }
        var visiting: Set<String> = []
        for name in functionOrder { compileFunction(name, drafts, &visiting) }
    }

    /// Compiles `name` once the functions it calls are compiled; one that does not compile
    /// takes any arguments, so that its callers are not refused for it too.
    private mutating func compileFunction(_ name: String, _ drafts: [String: FunctionDraft], _ visiting: inout Set<String>) {
        guard celFunctions.allSatisfy({ $0.name != name }), visiting.insert(name).inserted else { return }
        guard let draft = drafts[name] else {
            celFunctions.append(CELFunction(name: name) { _ throws(CELError) in .null })
            return
        }
        for call in draft.calls where drafts[call.name] != nil { compileFunction(call.name, drafts, &visiting) }
        do {
            let variables = Set(draft.parameters.map(\.name) + (compiledTables.isEmpty ? [] : ["tables"]))
            let program = try CELProgram(
                source: draft.source, variables: variables, costLimit: Expression.costLimit, functions: celFunctions,
                constants: tableConstants)
            let parameters = draft.parameters.map { (name: $0.name, type: Self.signatureType(of: $0.type)) }
            celFunctions.append(
                CELFunction(name: name, parameters: parameters, result: Self.signatureType(of: draft.returns), program: program))
            functionSpecs.append(
                FunctionSpec(
                    name: name, mark: draft.mark, parameters: draft.parameters, returns: draft.returns, program: program,
                    bodyMark: draft.bodyMark))
        } catch {
            let names = draft.parameters.map { "'\($0.name)'" }.joined(separator: ", ")
            self.error(
                .invalidExpression,
                "the body of function '\(name)' does not compile: \(error.message) at column \(error.column) of the expression '\(draft.source)'",
                at: draft.bodyMark, hint: error.code == .unknownVariable ? "the variables here are its parameters: \(names)" : nil,
                excerpt: Diagnostic.Excerpt(text: draft.source, column: error.column))
            celFunctions.append(CELFunction(name: name) { _ throws(CELError) in .null })
        }
    }

    /// Reads one function's `params`, `returns` and `expr`, and parses the body.
    private mutating func functionDraft(_ declaration: Declaration) -> FunctionDraft? {
        let name = declaration.name
        if CELProgram.isBuiltIn(name) || MapperFunctions.all.contains(where: { $0.name == name }) {
            error(
                .functionNameTaken, "function '\(name)' has the name of a CEL built-in, which it would hide", at: declaration.mark,
                hint: "choose another name, e.g. '\(name)_of'")
            return nil
        }
        let what = "function '\(name)'"
        guard let fields = record(declaration.body, allowed: MappingLanguage.names(of: .function), what: what) else { return nil }
        var parameters: [(name: String, type: TypeSpec)] = []
        for pair in fields["params"].flatMap({ mappingPairs($0, what: "the params of \(what)") }) ?? [] {
            guard let parameter = checkedName(pair.key, kind: .property),
                let type = typeSpec(pair.value, what: "parameter '\(parameter)' of \(what)")
            else { return nil }
            parameters.append((parameter, type))
        }
        guard let returnsNode = fields["returns"], let exprNode = fields["expr"] else {
            error(
                .missingKey, "\(what) needs '\(fields["returns"] == nil ? "returns" : "expr")'", at: declaration.mark,
                hint: "a function is { params: { x: int }, returns: int, expr: \"x * 2\" }")
            return nil
        }
        guard let returns = typeSpec(returnsNode, what: "the result of \(what)"),
            let source = string(exprNode, what: "the expr of \(what)")
        else { return nil }
        do {
            let parsed = try CELProgram(source: source)
            let calls = parsed.plainCalls.filter { functionDeclarations[$0.name] != nil }
            return FunctionDraft(
                name: name, mark: declaration.mark, parameters: parameters, returns: returns, source: source, bodyMark: exprNode.mark,
                calls: calls)
        } catch {
            self.error(
                .invalidExpression,
                "the body of \(what) does not parse: \(error.message) at column \(error.column) of the expression '\(source)'",
                at: exprNode.mark, excerpt: Diagnostic.Excerpt(text: source, column: error.column))
            return nil
        }
    }

    /// The cycles of calls among the functions, each once, as the names along it from the one
    /// declared first.
    private static func cycles(in drafts: [String: FunctionDraft], order: [String]) -> [[String]] {
        var found: [[String]] = []
        var done: Set<String> = []
        for start in order where drafts[start] != nil && !done.contains(start) {
            var path: [String] = []
            func walk(_ name: String) {
                if let index = path.firstIndex(of: name) {
                    let cycle = Array(path[index...])
                    if !found.contains(where: { Set($0) == Set(cycle) }) { found.append(cycle) }
                    return
                }
                guard !done.contains(name), let draft = drafts[name] else { return }
                path.append(name)
                for call in draft.calls { walk(call.name) }
                path.removeLast()
                done.insert(name)
            }
            walk(start)
        }
        return found
    }

    /// A `function-recursion` error at the first function's call of the next one on the cycle.
    private mutating func reportRecursion(_ cycle: [String], _ drafts: [String: FunctionDraft]) {
        guard let first = cycle.first, let draft = drafts[first] else { return }
        let next = cycle.count > 1 ? cycle[1] : first
        let column = draft.calls.first { $0.name == next }?.column ?? 1
        let path = (cycle + [first]).map { "'\($0)'" }.joined(separator: " → ")
        let message =
            cycle.count == 1
            ? "function '\(first)' calls itself at column \(column) of its body; functions cannot be recursive"
            : "function '\(first)' calls itself through other functions (\(path)) at column \(column) of its body; functions cannot be recursive"
        error(
            .functionRecursion, message, at: draft.bodyMark,
            hint: "write the repetition with a macro (map, filter, all, exists) over a list instead",
            excerpt: Diagnostic.Excerpt(text: draft.source, column: column))
    }

    /// Checks each function's body against its parameters' types, and that its result fits
    /// `returns`: `invalid-expression` errors at the body.
    mutating func checkFunctionBodies() {
        for function in functionSpecs {
            var variables = Dictionary(function.parameters.map { ($0.name, celType(of: $0.type, depth: 0)) }) { first, _ in first }
            if variables["tables"] == nil { variables["tables"] = compiledTables.type }
            checkType(
                function.program, at: function.bodyMark, what: "the body of function '\(function.name)'",
                result: .type(function.returns, "the result of function '\(function.name)'"), variables: variables)
        }
    }

    /// The `tables` variable's value, for a catalog with tables.
    var tableConstants: [String: CELValue] { compiledTables.isEmpty ? [:] : ["tables": .map(compiledTables.value)] }

    /// What callers see of a parameter or result type: a model is a map of its fields by name
    /// (the body is checked against the model's own fields).
    static func signatureType(of spec: TypeSpec) -> CELCheckedType {
        switch spec {
        case .enumeration: .string
        case .union: .dyn
        case .model: .map(.string, .dyn)
        case .array(let element): .list(signatureType(of: element))
        case .dictionary(let element): .map(.string, signatureType(of: element))
        default: spec.scalarType?.celType ?? .dyn
        }
    }
}
