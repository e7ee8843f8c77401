/// The checker's type variables and what each is bound to, with CEL's gradual assignability:
/// `dyn` fits anywhere and takes anything, and an unbound variable becomes what it first meets.
struct Substitution {
    private var bindings: [Int: CheckType] = [:]
    private var next = 0

    /// A variable nothing constrains yet.
    mutating func fresh() -> CheckType {
        next += 1
        return .variable(next)
    }

    /// `type` with its variables bound so far followed, at the top only.
    func resolve(_ type: CheckType) -> CheckType {
        var type = type
        while case .variable(let id) = type, let bound = bindings[id] { type = bound }
        return type
    }

    /// `type` with every bound variable replaced, all the way down.
    func apply(_ type: CheckType) -> CheckType {
        switch resolve(type) {
        case .list(let element): .list(apply(element))
        case .map(let key, let value): .map(apply(key), apply(value))
        case .type(let inner): .type(apply(inner))
        case let other: other
        }
    }

    /// The public type: variables still unbound are `dyn`.
    func checked(_ type: CheckType) -> CELCheckedType { apply(type).checked }

    /// Whether the variable `id` occurs in `type` (binding it there would make an infinite type).
    private func occurs(_ id: Int, in type: CheckType) -> Bool {
        switch resolve(type) {
        case .variable(let other): other == id
        case .list(let element): occurs(id, in: element)
        case .map(let key, let value): occurs(id, in: key) || occurs(id, in: value)
        case .type(let inner): occurs(id, in: inner)
        default: false
        }
    }

    /// Whether a value of type `value` may go where `target` is expected, binding the unbound
    /// variables this needs. On `false` some bindings may have been made: try on a copy.
    mutating func assignable(_ target: CheckType, _ value: CheckType) -> Bool {
        let target = resolve(target)
        let value = resolve(value)
        if target == value { return true }
        if case .variable(let id) = value {
            guard !occurs(id, in: target) else { return false }
            bindings[id] = target
            return true
        }
        if case .variable(let id) = target {
            guard !occurs(id, in: value) else { return false }
            bindings[id] = value
            return true
        }
        // A dyn may be anything, so what it meets is unconstrained by it: `dyn(x) + [1]` is a
        // list(dyn), not a list(int), since `x` may hold strings.
        if target == .dyn {
            bindFree(value)
            return true
        }
        if value == .dyn {
            bindFree(target)
            return true
        }
        switch (target, value) {
        case (.list(let a), .list(let b)), (.type(let a), .type(let b)):
            return assignable(a, b)
        case (.map(let k1, let v1), .map(let k2, let v2)):
            return assignable(k1, k2) && assignable(v1, v2)
        case (.object(let a, _), .object(let b, _)):
            return a == b
        case (.map(let key, let value), .object):
            // A record is a map from its field names at evaluation (`size(self)`, `'a' in self`).
            return assignable(key, .string) && assignable(value, .dyn)
        default:
            return false
        }
    }

    /// Binds every variable still unbound in `type` to dyn.
    private mutating func bindFree(_ type: CheckType) {
        switch resolve(type) {
        case .variable(let id): bindings[id] = .dyn
        case .list(let element): bindFree(element)
        case .map(let key, let value):
            bindFree(key)
            bindFree(value)
        case .type(let inner): bindFree(inner)
        default: break
        }
    }

    /// The more general of two types already found assignable (`list(int)` and `list(dyn)` give
    /// `list(dyn)`).
    func join(_ a: CheckType, _ b: CheckType) -> CheckType {
        let a = resolve(a)
        let b = resolve(b)
        if a == b { return a }
        if a == .dyn || b == .dyn { return .dyn }
        switch (a, b) {
        case (.variable, _): return b
        case (_, .variable): return a
        case (.list(let x), .list(let y)): return .list(join(x, y))
        case (.type(let x), .type(let y)): return .type(join(x, y))
        case (.map(let k1, let v1), .map(let k2, let v2)): return .map(join(k1, k2), join(v1, v2))
        default: return a
        }
    }

    /// The common type of `a` and `b` (binding variables to make them agree), or `dyn` when they
    /// cannot agree: how list and map literals, the branches of `?:` and several matching
    /// overloads combine.
    mutating func common(_ a: CheckType, _ b: CheckType) -> CheckType {
        var trial = self
        guard trial.assignable(a, b) else { return .dyn }
        self = trial
        return join(a, b)
    }
}
