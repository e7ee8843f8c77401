import Testing

@testable import MapperCEL

/// Functions written in CEL (`CELFunction(name:parameters:result:program:)`) and constants: the
/// body runs in the caller's evaluation (its steps count against the caller's cost limit, its
/// errors are reported at the call), and the checker holds calls to the declared signature.
struct DefinedFunctionTests {
    static func function(
        _ name: String, _ parameters: [(name: String, type: CELCheckedType)], _ result: CELCheckedType, _ body: String
    )
        throws -> CELFunction
    {
        let program = try CELProgram(source: body, variables: Set(parameters.map(\.name)), costLimit: 1_000)
        return CELFunction(name: name, parameters: parameters, result: result, program: program)
    }

    @Test func aCallBindsTheParametersInOrder() throws {
        let minus = try Self.function("minus", [("a", .int), ("b", .int)], .int, "a - b")
        #expect(try CELProgram(source: "minus(10, 3)", variables: [], functions: [minus]).evaluate() == .int(7))
    }

    @Test func theBodysStepsCountAgainstTheCallersLimit() throws {
        // The body walks 20 × 20 elements: over a caller's limit of 300 steps, under the body's own 1,000.
        let square = try Self.function("square", [("xs", .list(.int))], .int, "xs.map(x, xs.filter(y, y < x).size()).size()")
        let list = "[" + (1...20).map(String.init).joined(separator: ",") + "]"
        let caller = try CELProgram(source: "square(\(list))", variables: [], costLimit: 300, functions: [square])
        #expect(throws: CELError.self) { try caller.evaluate() }
        do {
            _ = try caller.evaluate()
        } catch {
            #expect(error.code == .costLimit)
            #expect(error.message.contains("300"))
        }
        let generous = try CELProgram(source: "square(\(list))", variables: [], costLimit: 100_000, functions: [square])
        #expect(try generous.evaluate() == .int(20))
    }

    @Test func anErrorInTheBodyIsAtTheCallNamingTheFunction() throws {
        let first = try Self.function("first", [("xs", .list(.int))], .int, "xs[0]")
        let program = try CELProgram(source: "1 + first([])", variables: [], functions: [first])
        do {
            _ = try program.evaluate()
            Issue.record("indexing an empty list must fail")
        } catch {
            #expect(error.code == .indexOutOfRange)
            #expect(error.column == 5)
            #expect(error.message.hasPrefix("first(): index 0 is out of range"))
            #expect(error.message.hasSuffix("(column 3 of its body)"))
        }
    }

    @Test func theCheckerHoldsCallsToTheSignature() throws {
        let minus = try Self.function("minus", [("a", .int), ("b", .int)], .int, "a - b")
        let wrongType = try CELProgram(source: "minus(1, 'x')", variables: [], functions: [minus])
        do {
            _ = try wrongType.check()
            Issue.record("a string argument for an int parameter must not check")
        } catch {
            #expect(error.function == "minus")
            #expect(error.column == 1)
        }
        let wrongCount = try CELProgram(source: "2 * minus(1)", variables: [], functions: [minus])
        #expect(throws: CELError.self) { try wrongCount.check() }
        #expect(try CELProgram(source: "minus(1, 2) + 1", variables: [], functions: [minus]).check() == .int)
    }

    @Test func plainCallsAndBuiltInNames() throws {
        let program = try CELProgram(source: "f(1) + x.g(2) + json.parse('1') + h(f(3))")
        #expect(program.plainCalls.map(\.name) == ["f", "h", "f"])
        #expect(program.plainCalls.map(\.column) == [1, 35, 37])
        #expect(CELProgram.isBuiltIn("size") && CELProgram.isBuiltIn("has") && CELProgram.isBuiltIn("int"))
        #expect(!CELProgram.isBuiltIn("units"))
    }

    @Test func constantsAreSeenByEveryEvaluation() throws {
        let table = CELValue.map(CELMap([(.string("usd"), .int(2)), (.string("jpy"), .int(0))]))
        let program = try CELProgram(source: "t[c] + 1", variables: ["t", "c"], constants: ["t": table])
        #expect(try program.evaluate(["c": .string("usd")]) == .int(3))
        #expect(try program.evaluate(["c": .string("jpy")]) == .int(1))
        #expect(throws: CELError.self) { try program.evaluate(["c": .string("eur")]) }
    }

    @Test func insertIfAbsentRefusesARepeatedKeyAndKeepsTheFirstValue() {
        var map = CELMap()
        for index in 0..<100 {
            let inserted = map.insertIfAbsent(.string("k\(index)"), .int(Int64(index)))
            #expect(inserted)
        }
        let repeated = [map.insertIfAbsent(.string("k5"), .int(-1)), map.insertIfAbsent(.string("k99"), .int(-1))]
        #expect(repeated == [false, false])
        #expect(map.count == 100)
        #expect(map[.string("k5")] == .int(5))
        #expect(map[.string("k99")] == .int(99))
    }

    @Test func reservingRoomKeepsTheEntriesAMapHolds() {
        var map = CELMap([(.string("a"), .int(1)), (.string("b"), .int(2))])
        map.reserveCapacity(1_000)
        #expect(map[.string("a")] == .int(1))
        let repeated = map.insertIfAbsent(.string("b"), .int(-2))
        let added = map.insertIfAbsent(.string("c"), .int(3))
        #expect(!repeated && added)
        #expect(map[.string("b")] == .int(2) && map[.string("c")] == .int(3) && map.count == 3)
    }
}
