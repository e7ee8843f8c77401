/// What a field of a record variable (`self`) may lack: its key (absent, so selecting it fails with
/// `no such key`) or a value (null, so an operator or function on it fails with `no such overload`).
public struct CELFieldPresence: Sendable, Hashable {
    /// Whether the key may be missing.
    public var mayBeAbsent: Bool
    /// Whether the value may be null.
    public var mayBeNull: Bool
    /// The fields of the value when it is a record (a nested model), by name.
    public var fields: [String: CELFieldPresence]

    /// A field that may lack its key, its value, both or neither.
    public init(mayBeAbsent: Bool, mayBeNull: Bool, fields: [String: CELFieldPresence] = [:]) {
        self.mayBeAbsent = mayBeAbsent
        self.mayBeNull = mayBeNull
        self.fields = fields
    }
}

/// A field read, or given to an operator, without the test that keeps it from failing.
public struct CELNullHazard: Sendable, Hashable {
    /// The field's path under the variable (`["owner", "name"]`).
    public var path: [String]
    /// Where the field's selection starts (1-based, in characters).
    public var column: Int
    /// What the expression does with it: `'>'`, `size()`, `.scale()`, `selecting '.name'`,
    /// `indexing` (`x[0]`), `as an index` (`m[x]`), `reading it`.
    public var operation: String
    /// It may be absent and no `has()` is true before it is read.
    public var absent: Bool
    /// It may be null and no `!= null` is true before the operation.
    public var null: Bool

    /// What the expression does with the field called `name`, as a verb phrase: `reads self.x`,
    /// `indexes self.x`, `uses self.x as an index`, `applies '>' to self.x`.
    public func action(on name: String) -> String {
        switch operation {
        case "reading it": "reads \(name)"
        case "indexing": "indexes \(name)"
        case "as an index": "uses \(name) as an index"
        default: "applies \(operation) to \(name)"
        }
    }
}

extension CELProgram {
    /// Each field of `variable` that the expression reads while it may be absent, or hands to an
    /// operator or function that refuses null while it may be null, with no test on the way that
    /// rules it out. The tests that count: `has(v.x)` (the key is there), `v.x != null` and
    /// `!(v.x == null)` (there, and not null), on the left or right of `&&`, negated on either side
    /// of `||` and in the condition of `?:`. `==` and `!=` take null, as do `type()`, `dyn()`, `in`'s
    /// left side and the branches of `?:` (their value goes where the `?:`'s goes).
    ///
    /// ```swift
    /// let program = try CELProgram(source: "self.done > self.due")
    /// program.nullHazards(of: "self", fields: ["done": .init(mayBeAbsent: false, mayBeNull: true), …])
    /// // one hazard for ["done"], operation "'>'"
    /// ```
    public func nullHazards(of variable: String, fields: [String: CELFieldPresence]) -> [CELNullHazard] {
        var analysis = NullSafety(variable: variable, fields: fields, functions: functions, container: container)
        analysis.visit(root, Facts(), use: nil)
        return analysis.hazards
    }
}

/// The fields known to be there (`present`), and known to be there and not null (`nonNull`).
private struct Facts {
    var present: Set<[String]> = []
    var nonNull: Set<[String]> = []

    /// Facts after a successful read of `path`: its prefixes were there and not null.
    mutating func add(_ path: [String], nonNull isNonNull: Bool) {
        present.insert(path)
        if isNonNull { nonNull.insert(path) }
        for length in stride(from: 1, to: path.count, by: 1) {
            present.insert(Array(path.prefix(length)))
            nonNull.insert(Array(path.prefix(length)))
        }
    }

    func union(_ other: Facts) -> Facts {
        Facts(present: present.union(other.present), nonNull: nonNull.union(other.nonNull))
    }

    func intersection(_ other: Facts) -> Facts {
        Facts(present: present.intersection(other.present), nonNull: nonNull.intersection(other.nonNull))
    }
}

private struct NullSafety {
    let variable: String
    let fields: [String: CELFieldPresence]
    let functions: [String: CELFunction]
    let container: String
    var hazards: [CELNullHazard] = []

    init(variable: String, fields: [String: CELFieldPresence], functions: [String: CELFunction], container: String) {
        self.variable = variable
        self.fields = fields
        self.functions = functions
        self.container = container
    }

    /// Walks `expr` knowing `facts`; `use` names what its value is handed to when that refuses null.
    mutating func visit(_ expr: Expr, _ facts: Facts, use: String?) {
        if case .select(let operand, let field, testOnly: true) = expr.kind {
            visit(operand, facts, use: "has(….\(field))")
            return
        }
        if let path = expr.fieldPath(of: variable), !path.isEmpty {
            read(path, column: expr.nameOffset + 1, use: use, facts)
            return
        }
        switch expr.kind {
        case .literal, .identifier: break
        case .select(let operand, let field, _): visit(operand, facts, use: "selecting '.\(field)'")
        case .call(let name, let target, let arguments): call(name, target: target, arguments, facts, use: use)
        case .list(let items):
            for item in items { visit(item, facts, use: nil) }
        case .map(let entries):
            for entry in entries {
                visit(entry.key, facts, use: nil)
                visit(entry.value, facts, use: nil)
            }
        case .comprehension(let macro, let range, let name, let name2, let arguments):
            visit(range, facts, use: "\(macro.rawValue)()")
            // A comprehension variable of the same name hides the variable inside.
            guard name != variable, name2 != variable else { return }
            for argument in arguments { visit(argument, facts, use: nil) }
        }
    }

    private mutating func call(_ name: String, target: Expr?, _ arguments: [Expr], _ facts: Facts, use: String?) {
        switch name {
        case "_&&_" where arguments.count == 2:
            // CEL's `&&` is commutative: an error on one side is absorbed when the other is false.
            visit(arguments[0], facts.union(Self.facts(arguments[1], true, variable)), use: "'&&'")
            visit(arguments[1], facts.union(Self.facts(arguments[0], true, variable)), use: "'&&'")
            return
        case "_||_" where arguments.count == 2:
            visit(arguments[0], facts.union(Self.facts(arguments[1], false, variable)), use: "'||'")
            visit(arguments[1], facts.union(Self.facts(arguments[0], false, variable)), use: "'||'")
            return
        case "_?_:_" where arguments.count == 3:
            visit(arguments[0], facts, use: "'?'")
            visit(arguments[1], facts.union(Self.facts(arguments[0], true, variable)), use: use)
            visit(arguments[2], facts.union(Self.facts(arguments[0], false, variable)), use: use)
            return
        default: break
        }
        var member = false
        var added = functions[name]
        if let target {
            let namespaced = Names.namespacedFunction(
                name, target: target, isFunction: { functions[$0] != nil }, isLocal: { _ in false },
                isVariable: { qualified, rooted in
                    Names.candidates(qualified, container: container, rooted: rooted).contains(variable)
                })
            if let namespaced {
                added = functions[namespaced]
            } else {
                member = true
                added = nil
                let refuses = !Overloads.acceptsNull(name, member: true, arity: arguments.count + 1, at: 0)
                visit(target, facts, use: refuses ? ".\(name)()" : nil)
            }
        }
        let shown =
            Overloads.operatorSymbols[name].map { "'\($0)'" } ?? (name == "-_" || name == "!_" ? "'\(name.dropLast())'" : "\(name)()")
        for (index, argument) in arguments.enumerated() {
            let shown = name == "_[_]" ? (index == 0 ? "indexing" : "as an index") : shown
            let accepts: Bool
            if let added {
                accepts = added.parameters.map { index < $0.count && ($0[index] == .dyn || $0[index] == .null) } ?? true
            } else {
                accepts = Overloads.acceptsNull(
                    name, member: member, arity: arguments.count + (member ? 1 : 0), at: index + (member ? 1 : 0))
            }
            visit(argument, facts, use: accepts ? nil : shown)
        }
    }

    /// Reads `path`: every prefix is selected from, so must be there and not null; the field
    /// itself must be there, and not null when `use` refuses null.
    private mutating func read(_ path: [String], column: Int, use: String?, _ facts: Facts) {
        for length in stride(from: 1, to: path.count, by: 1) {
            require(Array(path.prefix(length)), nonNull: true, operation: "selecting '.\(path[length])'", column: column, facts)
        }
        require(path, nonNull: use != nil, operation: use ?? "reading it", column: column, facts)
    }

    private mutating func require(_ path: [String], nonNull: Bool, operation: String, column: Int, _ facts: Facts) {
        guard let presence = presence(of: path) else { return }
        let absent = presence.mayBeAbsent && !facts.present.contains(path) && !facts.nonNull.contains(path)
        let null = nonNull && presence.mayBeNull && !facts.nonNull.contains(path)
        guard absent || null else { return }
        if let index = hazards.firstIndex(where: { $0.path == path }) {
            hazards[index].absent = hazards[index].absent || absent
            hazards[index].null = hazards[index].null || null
            return
        }
        hazards.append(CELNullHazard(path: path, column: column, operation: operation, absent: absent, null: null))
    }

    private func presence(of path: [String]) -> CELFieldPresence? {
        var current = fields
        var found: CELFieldPresence?
        for field in path {
            guard let next = current[field] else { return nil }
            found = next
            current = next.fields
        }
        return found
    }

    /// What is known of `variable`'s fields when `expr` evaluates to `outcome`.
    private static func facts(_ expr: Expr, _ outcome: Bool, _ variable: String) -> Facts {
        var facts = Facts()
        switch expr.kind {
        case .select(let operand, let field, testOnly: true):
            if outcome, let path = operand.fieldPath(of: variable) { facts.add(path + [field], nonNull: false) }
        case .call(let name, nil, let arguments) where (name == "_!=_" || name == "_==_") && arguments.count == 2:
            guard outcome == (name == "_!=_") else { break }
            for (side, other) in [(arguments[0], arguments[1]), (arguments[1], arguments[0])] {
                if case .literal(.null) = other.kind, let path = side.fieldPath(of: variable), !path.isEmpty {
                    facts.add(path, nonNull: true)
                }
            }
        case .call("!_", nil, let arguments) where arguments.count == 1:
            return Self.facts(arguments[0], !outcome, variable)
        case .call(let name, nil, let arguments) where (name == "_&&_" || name == "_||_") && arguments.count == 2:
            let left = Self.facts(arguments[0], outcome, variable)
            let right = Self.facts(arguments[1], outcome, variable)
            // `a && b` true: both were; false: one of them was (what both say). `||` the other way.
            return (name == "_&&_") == outcome ? left.union(right) : left.intersection(right)
        default: break
        }
        return facts
    }
}
