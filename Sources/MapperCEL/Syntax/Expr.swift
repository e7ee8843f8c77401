/// A node of a parsed expression, with where it starts in the source (0-based, in Unicode scalars).
final class Expr: Sendable {
    enum Macro: String, Sendable {
        case all, exists, existsOne, map, filter, transformList, transformMap, transformMapEntry
    }

    indirect enum Kind: Sendable {
        case literal(CELValue)
        /// A name; `rooted` when written with a leading dot (`.a`), which skips the container.
        case identifier(String, rooted: Bool)
        /// `operand.field`; `testOnly` for `has(operand.field)`.
        case select(Expr, String, testOnly: Bool)
        /// A function or operator: `name(args)` or `target.name(args)`. Operators use CEL's internal
        /// names (`_+_`, `_[_]`, `!_`, `_?_:_`…).
        case call(String, target: Expr?, arguments: [Expr])
        case list([Expr])
        case map([(key: Expr, value: Expr)])
        /// A comprehension macro: `range.all(x, predicate)`, `range.map(x, filter, transform)`…
        /// (`variable2` for the two-variable forms over maps and lists).
        case comprehension(Macro, range: Expr, variable: String, variable2: String?, arguments: [Expr])
    }

    /// How a name resolves, decided once when the program declares its variables (`Binder`), so
    /// that evaluation does not build and look up qualified names.
    enum Binding: Sendable, Equatable {
        /// Resolved while evaluating (no declared variables, a comprehension variable, a type name).
        case dynamic
        /// An identifier or a qualified name that is this declared variable.
        case variable(String)
        /// A selection that names no variable or type: evaluate the operand, then select.
        case field
        /// A call of `function` (qualified for a namespaced one, `a.b.f(x)`); `member` when the
        /// target is evaluated and passed first (`x.f(y)`), `added` when the function is one the
        /// embedding program added, `sized` when its cost grows with its arguments' sizes.
        case call(function: String, member: Bool, added: Bool, sized: Bool)
    }

    let kind: Kind
    let offset: Int
    /// For a selection, where its field name starts (`offset` is the dot's, or `has`'s).
    let fieldOffset: Int?
    let binding: Binding

    init(_ kind: Kind, at offset: Int, fieldAt fieldOffset: Int? = nil, binding: Binding = .dynamic) {
        self.kind = kind
        self.offset = offset
        self.fieldOffset = fieldOffset
        self.binding = binding
    }

    /// Where the first name of a selection chain starts (`inptu` in `inptu.first`): errors about
    /// the name point there, not at the last dot.
    var nameOffset: Int {
        if case .select(let operand, _, _) = kind { return operand.nameOffset }
        return offset
    }

    /// The dotted name this expression spells when it is only identifiers and selections (`a.b.c`),
    /// with whether it starts with a dot.
    var qualifiedName: (name: String, rooted: Bool)? {
        switch kind {
        case .identifier(let name, let rooted): return (name, rooted)
        case .select(let operand, let field, testOnly: false):
            guard let inner = operand.qualifiedName else { return nil }
            return (inner.name + "." + field, inner.rooted)
        default: return nil
        }
    }
}
