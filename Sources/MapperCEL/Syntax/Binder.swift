/// Resolves names once, for a program that declares its variables: each identifier or dotted
/// name that is a declared variable, each selection that names nothing, and each call on a dotted
/// target that is a namespaced function gets its `Expr.Binding`, so that evaluation neither builds
/// qualified names nor tries them against the container. Comprehension variables and type names
/// stay dynamic. The result evaluates exactly as the unbound tree does.
struct Binder {
    let variables: Set<String>
    let container: String
    let functions: Set<String>
    /// A declared variable whose fields the caller gives by position, with those positions by name.
    var record: (variable: String, fields: [String: Int])? = nil

    func bind(_ expr: Expr, locals: Set<String>) -> Expr {
        switch expr.kind {
        case .literal:
            return expr
        case .identifier(let name, let rooted):
            guard rooted || !locals.contains(name), let variable = variable(named: name, rooted: rooted) else { return expr }
            return Expr(expr.kind, at: expr.offset, fieldAt: expr.fieldOffset, binding: .variable(variable))
        case .select(let operand, let field, let testOnly):
            let kind = Expr.Kind.select(bind(operand, locals: locals), field, testOnly: testOnly)
            var binding = Expr.Binding.field
            if !testOnly, let (name, rooted) = expr.qualifiedName, !isLocal(name, rooted: rooted, locals) {
                if let variable = variable(named: name, rooted: rooted) {
                    binding = .variable(variable)
                } else if CELType.named[name] != nil {
                    binding = .dynamic
                }
            }
            if binding == .field, let record, let position = record.fields[field], let (name, rooted) = operand.qualifiedName,
                !isLocal(name, rooted: rooted, locals), variable(named: name, rooted: rooted) == record.variable
            {
                binding = .slot(position)
            }
            return Expr(kind, at: expr.offset, fieldAt: expr.fieldOffset, binding: binding)
        case .call(let name, let target, let arguments):
            var function = name
            var member = false
            if let target {
                if let namespaced = Names.namespacedFunction(
                    name, target: target, isFunction: functions.contains, isLocal: locals.contains,
                    isVariable: { variable(named: $0, rooted: $1) != nil })
                {
                    function = namespaced
                } else {
                    member = true
                }
            }
            let binding = Expr.Binding.call(
                Expr.Callee(function, member: member, isAdded: functions.contains), member: member, sized: !Self.unsized.contains(function))
            let kind = Expr.Kind.call(
                name, target: target.map { bind($0, locals: locals) }, arguments: arguments.map { bind($0, locals: locals) })
            return Expr(kind, at: expr.offset, fieldAt: expr.fieldOffset, binding: binding)
        case .list(let items):
            return Expr(.list(items.map { bind($0, locals: locals) }), at: expr.offset, fieldAt: expr.fieldOffset)
        case .map(let entries):
            let bound = entries.map { (key: bind($0.key, locals: locals), value: bind($0.value, locals: locals)) }
            return Expr(.map(bound), at: expr.offset, fieldAt: expr.fieldOffset)
        case .comprehension(let macro, let range, let variable, let variable2, let arguments):
            var inner = locals
            inner.insert(variable)
            if let variable2 { inner.insert(variable2) }
            let kind = Expr.Kind.comprehension(
                macro, range: bind(range, locals: locals), variable: variable, variable2: variable2,
                arguments: arguments.map { bind($0, locals: inner) })
            return Expr(kind, at: expr.offset, fieldAt: expr.fieldOffset)
        }
    }

    /// Indexing, size and type are constant-time whatever the size of their operand.
    static let unsized: Set<String> = ["_[_]", "size", "dyn", "type"]

    /// The declared variable `name` means, the container's candidates first.
    private func variable(named name: String, rooted: Bool) -> String? {
        Names.candidates(name, container: container, rooted: rooted).first { variables.contains($0) }
    }

    private func isLocal(_ qualified: String, rooted: Bool, _ locals: Set<String>) -> Bool {
        !rooted && locals.contains(String(qualified.prefix { $0 != "." }))
    }
}
