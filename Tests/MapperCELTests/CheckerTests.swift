import Testing

import MapperCEL

/// `CELProgram.check`: the types a mapping author's expressions deduce, and the mistakes it
/// reports with their column before any record is read.
struct CheckerTests {
    private let person: CELCheckedType = .object(
        "Person",
        [
            "first": .string, "last": .string, "count": .int, "price": .decimal, "born": .timestamp,
            "tags": .list(.string), "scores": .map(.string, .int),
        ])

    private func type(_ source: String, _ variables: [String: CELCheckedType] = [:], functions: [CELFunction] = []) throws -> CELCheckedType
    {
        try CELProgram(source: source, functions: functions).check(variables)
    }

    private func error(_ source: String, _ variables: [String: CELCheckedType] = [:], functions: [CELFunction] = []) -> CELError? {
        do {
            let type = try CELProgram(source: source, functions: functions).check(variables)
            Issue.record("expected a check error, got the type \(type)")
            return nil
        } catch {
            return error
        }
    }

    // MARK: What a mapping author writes

    @Test func concatenatingStringFieldsIsAString() throws {
        #expect(try type("self.first + ' ' + self.last", ["self": person]) == .string)
    }

    @Test func addingAStringToAnIntIsAnErrorAtThePlus() throws {
        let found = try #require(error("self.count + 'x'", ["self": person]))
        #expect(found.code == .noSuchOverload)
        #expect(found.column == 12)
        #expect(found.message.contains("int") && found.message.contains("string"))
    }

    @Test func aMisspeltFieldIsAnErrorAtItsColumnNamingIt() throws {
        let found = try #require(error("self.nmae", ["self": .object("Person", ["name": .string])]))
        #expect(found.code == .noSuchKey)
        #expect(found.column == 6)
        #expect(found.message.contains("'nmae'"))
        #expect(found.message.contains("Person"))
        #expect(found.message.contains("did you mean 'name'"))
    }

    @Test func aMisspeltFieldInsideAnExpressionPointsAtTheField() throws {
        let found = try #require(error("size(self.first) > 0 && has(self.frist)", ["self": person]))
        #expect(found.column == 34)
        #expect(found.message.contains("'frist'"))
    }

    @Test func dynInputPlusAnIntIsAnInt() throws {
        #expect(try type("input.a.b + 1", ["input": .dyn]) == .int)
        // An undeclared variable is dyn too.
        #expect(try type("input.a.b + 1") == .int)
    }

    @Test func decimalOfDynInputScaledIsADecimal() throws {
        #expect(try type("decimal(input.x).scale(-2)", ["input": .dyn]) == .decimal)
    }

    @Test func aRegisteredFunctionReturnsItsDeclaredResult() throws {
        let parse = CELFunction(name: "json.parse", parameters: [.string]) { args throws(CELError) in args[0] }
        #expect(try type("json.parse(s)", ["s": .string], functions: [parse]) == .dyn)
        #expect(try type("json.parse(s).total + 1", ["s": .string], functions: [parse]) == .int)
        let found = try #require(error("json.parse(1)", functions: [parse]))
        #expect(found.code == .noSuchOverload)
        #expect(found.column == 1)
        let length = CELFunction(name: "text.length", parameters: [.string], result: .int) { _ throws(CELError) in .int(0) }
        #expect(try type("text.length('abc') * 2", functions: [length]) == .int)
    }

    @Test func aFunctionWithoutDeclaredTypesTakesAnythingAndIsDyn() throws {
        let loose = CELFunction(name: "loose") { _ throws(CELError) in .null }
        #expect(try type("loose(1, 'a', [])", functions: [loose]) == .dyn)
    }

    // MARK: Operators and functions as the library defines them

    @Test func thereIsNoIntPlusDouble() throws {
        let found = try #require(error("1 + 1.0"))
        #expect(found.code == .noSuchOverload)
        #expect(found.column == 3)
    }

    @Test func arithmeticKeepsItsOperandsType() throws {
        #expect(try type("1u * 2u") == .uint)
        #expect(try type("2.0 / 3.0") == .double)
        #expect(try type("b'a' + b'b'") == .bytes)
        #expect(try type("-self.count", ["self": person]) == .int)
        #expect(try type("[1] + [2]") == .list(.int))
        #expect(error("1.5 % 2.0")?.code == .noSuchOverload)
        #expect(error("-1u")?.code == .noSuchOverload)
    }

    @Test func timeArithmetic() throws {
        #expect(try type("self.born + duration('1h')", ["self": person]) == .timestamp)
        #expect(try type("timestamp('2024-01-01T00:00:00Z') - self.born", ["self": person]) == .duration)
        #expect(try type("self.born.getFullYear('Europe/Paris')", ["self": person]) == .int)
        #expect(try type("duration('90m').getHours()") == .int)
        #expect(error("self.born + self.born", ["self": person])?.code == .noSuchOverload)
    }

    @Test func comparisonsIncludeMixedNumbers() throws {
        #expect(try type("self.count < 1.5", ["self": person]) == .bool)
        #expect(try type("1u >= 2") == .bool)
        #expect(try type("self.price > 10", ["self": person]) == .bool)
        let found = try #require(error("self.first < 3", ["self": person]))
        #expect(found.code == .noSuchOverload)
        #expect(found.column == 12)
    }

    @Test func equalityAndInTakeAnyTypes() throws {
        // The library's heterogeneous equality: values of different kinds are unequal, not an error.
        #expect(try type("self.first == 1", ["self": person]) == .bool)
        #expect(try type("[1] != ['a']") == .bool)
        #expect(try type("'a' in self.tags", ["self": person]) == .bool)
        #expect(try type("'x' in self.scores", ["self": person]) == .bool)
        #expect(error("1 in 'abc'")?.code == .noSuchOverload)
    }

    @Test func indexing() throws {
        #expect(try type("self.tags[0]", ["self": person]) == .string)
        #expect(try type("self.scores['math']", ["self": person]) == .int)
        #expect(try type("self.scores.math", ["self": person]) == .int)
        #expect(try type("input[0]", ["input": .dyn]) == .dyn)
        #expect(error("self.first[0]", ["self": person])?.code == .noSuchOverload)
    }

    @Test func conversionsAndTypes() throws {
        #expect(try type("int('12') + string(1).size()") == .int)
        #expect(try type("string(self.born)", ["self": person]) == .string)
        #expect(try type("type(self.count)", ["self": person]) == .type(.int))
        #expect(try type("int") == .type(.int))
        #expect(try type("dyn(1)") == .dyn)
        #expect(try type("double(x)") == .double)
        #expect(error("bytes(1)")?.code == .noSuchOverload)
        #expect(error("unknownFunction(1)")?.code == .noSuchOverload)
    }

    @Test func stringFunctions() throws {
        #expect(try type("self.first.startsWith('A') && self.last.matches('^[a-z]+$')", ["self": person]) == .bool)
        #expect(try type("self.first.split(' ')", ["self": person]) == .list(.string))
        #expect(try type("self.tags.join(', ')", ["self": person]) == .string)
        #expect(try type("'%s-%d'.format([self.first, self.count])", ["self": person]) == .string)
        #expect(try type("strings.quote(self.first)", ["self": person]) == .string)
        #expect(try type("self.first.substring(1, 3).upperAscii()", ["self": person]) == .string)
        let found = try #require(error("self.first.indexOf(1)", ["self": person]))
        #expect(found.column == 11)
    }

    @Test func decimals() throws {
        #expect(try type("self.price * 2 + decimal('0.5')", ["self": person]) == .decimal)
        #expect(try type("-self.price", ["self": person]) == .decimal)
        #expect(try type("self.price.round(2)", ["self": person]) == .decimal)
        #expect(try type("string(self.price)", ["self": person]) == .string)
        #expect(try type("int(self.price.round(0))", ["self": person]) == .int)
        #expect(try type("double(self.price)", ["self": person]) == .double)
        // Division of decimals and decimal(double) are not in the library.
        #expect(error("self.price / 2", ["self": person])?.code == .noSuchOverload)
        #expect(error("decimal(1.5)")?.code == .noSuchOverload)
        #expect(error("self.price + 1.5", ["self": person])?.code == .noSuchOverload)
        // A dyn value is taken as a decimal only when nothing else fits.
        #expect(try type("x * 2") == .int)
        #expect(try type("x.scale(2)") == .decimal)
    }

    // MARK: Conditions

    @Test func conditionsMustBeBool() throws {
        let ternary = try #require(error("self.count ? 1 : 2", ["self": person]))
        #expect(ternary.code == .typeMismatch)
        #expect(ternary.column == 1)
        let and = try #require(error("true && self.first", ["self": person]))
        #expect(and.code == .typeMismatch)
        #expect(and.column == 9)
        #expect(error("!self.count", ["self": person])?.code == .noSuchOverload)
        #expect(try type("input.ok ? 'yes' : 'no'") == .string)
        // Branches of different types make a dyn.
        #expect(try type("input.ok ? 1 : 'no'") == .dyn)
    }

    // MARK: Literals and macros

    @Test func collectionLiterals() throws {
        #expect(try type("[]") == .list(.dyn))
        #expect(try type("{}") == .map(.dyn, .dyn))
        #expect(try type("[1, 2]") == .list(.int))
        #expect(try type("[1, 'a']") == .list(.dyn))
        #expect(try type("{'a': 1, 'b': 2.0}") == .map(.string, .dyn))
        #expect(try type("[[], [1]]") == .list(.list(.int)))
        #expect(error("{1.5: 'a'}")?.code == .typeMismatch)
    }

    @Test func macrosTypeTheirVariables() throws {
        let order: CELCheckedType = .object("Order", ["lines": .list(.object("Line", ["qty": .int, "price": .decimal]))])
        #expect(try type("self.lines.map(l, l.price * l.qty)", ["self": order]) == .list(.decimal))
        #expect(try type("self.lines.filter(l, l.qty > 0)", ["self": order]) == .list(.object("Line", ["qty": .int, "price": .decimal])))
        #expect(try type("self.lines.exists(l, l.qty > 10)", ["self": order]) == .bool)
        #expect(try type("self.lines.all(i, l, i < 10 && l.qty > 0)", ["self": order]) == .bool)
        #expect(try type("{'a': 1}.map(k, k + '!')") == .list(.string))
        #expect(try type("{'a': 1}.transformMap(k, v, v * 2)") == .map(.string, .int))
        #expect(try type("input.items.map(i, i.name)") == .list(.dyn))
        let predicate = try #require(error("self.lines.filter(l, l.qty)", ["self": order]))
        #expect(predicate.code == .typeMismatch)
        #expect(predicate.column == 22)
        let field = try #require(error("self.lines.map(l, l.quantity)", ["self": order]))
        #expect(field.code == .noSuchKey)
        #expect(field.column == 21)
        #expect(error("self.count.all(x, x)", ["self": person])?.code == .noSuchOverload)
    }

    @Test func aMacroVariableHidesAVariableOfTheSameName() throws {
        #expect(try type("[1, 2].map(self, self + 1)", ["self": person]) == .list(.int))
    }

    @Test func aRecordIsAMapOfItsFieldsAtEvaluation() throws {
        #expect(try type("size(self)", ["self": person]) == .int)
        #expect(try type("'first' in self", ["self": person]) == .bool)
        #expect(try type("self['first']", ["self": person]) == .dyn)
        #expect(try type("self.all(k, k != '')", ["self": person]) == .bool)
        #expect(error("self + 1", ["self": person])?.code == .noSuchOverload)
    }

    @Test func selectingAFieldOfAValueWithoutFieldsIsAnError() throws {
        let found = try #require(error("self.count.value", ["self": person]))
        #expect(found.code == .typeMismatch)
        #expect(found.column == 12)
    }

    // MARK: The types as CEL writes them

    @Test func descriptions() {
        #expect(CELCheckedType.map(.string, .dyn).description == "map(string, dyn)")
        #expect(CELCheckedType.list(.list(.int)).description == "list(list(int))")
        #expect(CELCheckedType.timestamp.description == "google.protobuf.Timestamp")
        #expect(CELCheckedType.duration.description == "google.protobuf.Duration")
        #expect(CELCheckedType.type(.uint).description == "type(uint)")
        #expect(CELCheckedType.null.description == "null_type")
        #expect(person.description == "Person")
    }

    // MARK: The checker and the evaluator agree

    /// Each expression checks, and its value at evaluation is of the deduced type.
    @Test(arguments: [
        "1 + 2", "'a' + 'b'", "[1, 2] + [3]", "[1] + ['a']", "size('abc')", "{'a': [1, 2]}['a']", "type(1)",
        "timestamp(0) + duration('1s')", "decimal('1.5') * 2", "[1, 2].map(x, double(x) * 2.0 > 1.0)", "'a,b'.split(',')",
        "{'k': 1}.transformMap(k, v, string(v))", "true ? [1] : []", "x.a + 1", "dyn(['a']) + [1]", "[[1], dyn(['a'])]",
    ])
    func valuesFitTheirDeducedTypes(source: String) throws {
        let program = try CELProgram(source: source)
        let deduced = try program.check()
        let value = try program.evaluate(["x": .map(CELMap([(.string("a"), .int(1))]))])
        #expect(Self.fits(value, deduced), "\(value) is not a \(deduced)")
    }

    private static func fits(_ value: CELValue, _ type: CELCheckedType) -> Bool {
        switch (type, value) {
        case (.dyn, _), (.null, .null), (.bool, .bool), (.int, .int), (.uint, .uint), (.double, .double), (.string, .string),
            (.bytes, .bytes), (.timestamp, .timestamp), (.duration, .duration), (.decimal, .decimal), (.type, .type):
            return true
        case (.list(let element), .list(let items)):
            return items.allSatisfy { fits($0, element) }
        case (.map(let key, let valueType), .map(let map)):
            return map.entries.allSatisfy { fits($0.key, key) && fits($0.value, valueType) }
        default:
            return false
        }
    }
}
