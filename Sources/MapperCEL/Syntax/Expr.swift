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
        /// A selection of a field of the record variable (`CELProgram.binding(fieldsOf:to:)`):
        /// the value at this position of the fields given to the evaluation, when there are any;
        /// otherwise as `field`.
        case slot(Int)
        /// A call of `callee`; `member` when the target is evaluated and passed first (`x.f(y)`),
        /// `sized` when the function's cost grows with its arguments' sizes.
        case call(Callee, member: Bool, sized: Bool)
    }

    /// What a call calls, resolved from its (qualified) name.
    enum Callee: Sendable, Equatable {
        case library(Library.Function)
        /// A function the embedding program added, by qualified name.
        case added(String)
        /// A name nothing defines: calling it fails, once its arguments are evaluated.
        case unknown(String)

        /// What a call of `function` calls: `&&`, `||` and `?:` always mean themselves; otherwise a
        /// function the embedding program added (not as a member) comes before the library's.
        init(_ function: String, member: Bool, isAdded: (String) -> Bool) {
            let library = Library.Function(rawValue: function)
            if let library, library == .and || library == .or || library == .conditional {
                self = .library(library)
            } else if !member && isAdded(function) {
                self = .added(function)
            } else if let library {
                self = .library(library)
            } else {
                self = .unknown(function)
            }
        }
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
