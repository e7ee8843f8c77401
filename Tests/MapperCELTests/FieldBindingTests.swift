import Testing

import MapperCEL

/// `binding(fieldsOf:to:)`: a record's fields read by position evaluate exactly as the same
/// fields read from the record's map — values, errors and their columns, `has()`, cost.
struct FieldBindingTests {
    private static let names = ["a", "b", "name", "missing"]
    /// The record: `missing` is one of its fields by name but has no value.
    private static let values: [CELValue?] = [.int(1), .int(2), .string("Ada"), nil]

    private static var map: CELValue {
        .map(CELMap(zip(names, values).compactMap { name, value in value.map { (.string(name), $0) } }))
    }

    /// The result, or the error's code and column, of evaluating `program` with the record as a map.
    private func byMap(_ program: CELProgram) -> Result<CELValue, CELError> {
        Result { () throws(CELError) in try program.evaluate(bindings: [("self", Self.map), ("input", .null)]) }
    }

    /// The same with the record's fields by position (and `self` as its map, for what still reads it).
    private func bySlots(_ program: CELProgram, values: [CELValue?] = values) -> Result<CELValue, CELError> {
        let bound = program.binding(fieldsOf: "self", to: Self.names)
        return values.withUnsafeBufferPointer { fields in
            Result { () throws(CELError) in try bound.evaluate(bindings: [("self", Self.map), ("input", .null)], fields: fields) }
        }
    }

    private func program(_ source: String, costLimit: Int = CELProgram.defaultCostLimit) throws -> CELProgram {
        try CELProgram(source: source, variables: ["self", "input"], costLimit: costLimit)
    }

    private func same(_ left: Result<CELValue, CELError>, _ right: Result<CELValue, CELError>) -> Bool {
        switch (left, right) {
        case (.success(let left), .success(let right)): left == right
        case (.failure(let left), .failure(let right)): left.code == right.code && left.column == right.column
        default: false
        }
    }

    @Test(arguments: [
        ("self.a + self.b", CELValue.int(3)),
        ("self.name + ' <' + string(self.b) + '>'", .string("Ada <2>")),
        ("has(self.a) && !has(self.missing) && !has(self.other)", .bool(true)),
        ("self.a == 1 ? self.name : 'no'", .string("Ada")),
        ("[self.a, self.b].map(x, x * 10)", .list([.int(10), .int(20)])),
        // `self` inside the macro is its variable, not the record.
        ("[{'a': 5}].map(self, self.a)", .list([.int(5)])),
        ("self['a'] + self.a", .int(2)),
        ("size(self) + self.b", .int(5)),
    ])
    func slotsGiveTheRecordsValues(_ source: String, _ expected: CELValue) throws {
        let program = try program(source)
        #expect(same(bySlots(program), .success(expected)))
        #expect(same(byMap(program), .success(expected)))
    }

    /// The column is the selecting dot's.
    @Test(arguments: [("self.missing", 5), ("self.a + self.missing", 14), ("  self.missing.x", 7), ("false || self.missing", 14)])
    func aFieldWithoutAValueFailsAsAMissingKeyDoes(_ source: String, _ column: Int) throws {
        let program = try program(source)
        let result = bySlots(program)
        #expect(same(result, byMap(program)))
        guard case .failure(let error) = result else {
            Issue.record("\(source) gave \(result)")
            return
        }
        #expect(error.code == .noSuchKey)
        #expect(error.column == column)
    }

    /// Reading a slot costs what reading the variable and selecting in its map costs.
    @Test func slotsCostWhatMapsCost() throws {
        for limit in 1...12 {
            let program = try program("self.a + self.b + self.a * self.b", costLimit: limit)
            #expect(same(bySlots(program), byMap(program)), "cost limit \(limit)")
        }
    }

    @Test func onlyWhatStillReadsTheVariableUsesIt() throws {
        func uses(_ source: String) throws -> Bool {
            try program(source).binding(fieldsOf: "self", to: Self.names).uses("self")
        }
        #expect(try !uses("self.a + self.b"))
        #expect(try !uses("has(self.name) ? self.name : 'none'"))
        #expect(try !uses("[{'a': 1}].all(self, self.a == 1)"))
        #expect(try uses("self['a']"))
        #expect(try uses("size(self)"))
        #expect(try uses("self.other"))
        #expect(try uses("self"))
        #expect(try !uses("input.x"))
    }

    /// Given no fields, a bound program reads the record's map as the program it came from does.
    @Test func withoutFieldsTheMapIsRead() throws {
        let program = try program("self.a + self.b")
        #expect(same(bySlots(program, values: []), .success(.int(3))))
    }

    /// A variable the program does not declare leaves it as it was.
    @Test func bindingAnUndeclaredVariableChangesNothing() throws {
        let program = try program("self.a")
        #expect(program.binding(fieldsOf: "other", to: ["a"]) === program)
        let undeclared = try CELProgram(source: "self.a")
        #expect(undeclared.binding(fieldsOf: "self", to: ["a"]) === undeclared)
    }
}
