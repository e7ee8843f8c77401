import Testing

import MapperCEL

/// `CELProgram.nullHazards`: which fields of `self` an expression reads while they may be absent,
/// or hands to an operator while they may be null, with no test before it. Expected hazards are
/// worked out by hand from CEL's rules: selecting a missing key fails, an operator on null fails,
/// `==`/`!=` take null, `has()` is true for a key holding null, `&&` and `||` absorb an error
/// when the other side decides.
struct NullSafetyTests {
    /// `due` and `done` may be null but are always there; `note` may be absent or null; `owner`
    /// may be null and has a `name` that may be null too; `count` is never missing.
    private let fields: [String: CELFieldPresence] = [
        "due": CELFieldPresence(mayBeAbsent: false, mayBeNull: true),
        "done": CELFieldPresence(mayBeAbsent: false, mayBeNull: true),
        "note": CELFieldPresence(mayBeAbsent: true, mayBeNull: true),
        "count": CELFieldPresence(mayBeAbsent: false, mayBeNull: false),
        "owner": CELFieldPresence(
            mayBeAbsent: false, mayBeNull: true, fields: ["name": CELFieldPresence(mayBeAbsent: false, mayBeNull: true)]),
    ]

    /// Each hazard as `path operation absent/null`.
    private func hazards(_ source: String) throws -> [String] {
        try CELProgram(source: source).nullHazards(of: "self", fields: fields).map {
            "\($0.path.joined(separator: ".")) \($0.operation)\($0.absent ? " absent" : "")\($0.null ? " null" : "")"
        }
    }

    @Test func anOperatorOnAFieldThatMayBeNullIsAHazard() throws {
        #expect(try hazards("self.done > self.due") == ["done '>' null", "due '>' null"])
        #expect(try hazards("self.count + 1 > 2") == [])
        #expect(try hazards("-self.due") == ["due '-' null"])
        #expect(try hazards("size(self.due) > 0") == ["due size() null"])
        #expect(try hazards("self.due.startsWith('x')") == ["due .startsWith() null"])
    }

    @Test func hasIsNotANullTest() throws {
        #expect(try hazards("has(self.done) && self.done > self.count") == ["done '>' null"])
        #expect(try hazards("!has(self.note) || self.note > 0") == ["note '>' null"])
    }

    @Test func aNullTestGuardsWhereItHolds() throws {
        #expect(try hazards("self.done != null && self.due != null && self.done > self.due") == [])
        #expect(try hazards("null != self.done && self.done > 1") == [])
        #expect(try hazards("self.done == null || self.done > 1") == [])
        #expect(try hazards("!(self.done == null) && self.done > 1") == [])
        #expect(try hazards("self.done != null ? self.done + 1 : 0") == [])
        #expect(try hazards("self.done == null ? 0 : self.done + 1") == [])
        // The wrong branch is not guarded.
        #expect(try hazards("self.done == null ? self.done + 1 : 0") == ["done '+' null"])
        // `||` does not say which side held.
        #expect(try hazards("(self.done != null || self.due != null) && self.done > 1") == ["done '>' null"])
    }

    @Test func andIsCommutative() throws {
        // CEL's `&&` gives false when either side is false, even if the other fails.
        #expect(try hazards("self.done > 1 && self.done != null") == [])
    }

    @Test func aFieldThatMayBeAbsentNeedsHas() throws {
        #expect(try hazards("self.note == null") == ["note reading it absent"])
        #expect(try hazards("has(self.note) && self.note == null") == [])
        #expect(try hazards("has(self.note) && self.note != null && self.note > 1") == [])
        #expect(try hazards("!has(self.note) || self.note == null || self.note > 0") == [])
    }

    @Test func nullPassesThroughEqualityTypeAndIn() throws {
        #expect(try hazards("self.done == self.due") == [])
        #expect(try hazards("type(self.done) == int") == [])
        #expect(try hazards("self.done in [1, 2]") == [])
        #expect(try hazards("[self.done, self.due]") == [])
    }

    @Test func selectingFromAFieldThatMayBeNull() throws {
        #expect(try hazards("self.owner.name == 'ann'") == ["owner selecting '.name' null"])
        #expect(try hazards("self.owner != null && self.owner.name == 'ann'") == [])
        #expect(try hazards("self.owner != null && self.owner.name > 'a'") == ["owner.name '>' null"])
        // The test itself selects from owner, which may be null.
        #expect(try hazards("self.owner.name != null && self.owner.name > 'a'") == ["owner selecting '.name' null"])
        #expect(try hazards("self.owner != null && self.owner.name != null && self.owner.name > 'a'") == [])
    }

    @Test func aComprehensionVariableHidesTheRecord() throws {
        #expect(try hazards("[1, 2].all(self, self > 0)") == [])
        #expect(try hazards("self.due.all(d, d > 0)") == ["due all() null"])
    }

    /// Indexing a null fails (`no such overload`), as does a null key into a map; the phrase the
    /// warning uses says which of the two the expression does.
    @Test func indexingIsNamedAsSuch() throws {
        #expect(try hazards("self.due[0] > 1") == ["due indexing null"])
        #expect(try hazards("{'a': 1}[self.due] == 1") == ["due as an index null"])
        let actions = try ["self.due[0] > 1", "{'a': 1}[self.due] == 1", "self.due > 1"].map {
            try #require(CELProgram(source: $0).nullHazards(of: "self", fields: fields).first).action(on: "self.due")
        }
        #expect(actions == ["indexes self.due", "uses self.due as an index", "applies '>' to self.due"])
    }
}
