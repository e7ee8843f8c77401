import Testing

import MapperCEL

/// Evaluation cannot run away: a cost limit bounds the steps, nesting is bounded when parsing,
/// and integer arithmetic fails rather than wrapping.
struct LimitTests {
    @Test(.timeLimit(.minutes(1))) func nestedComprehensionsStopAtTheCostLimit() throws {
        // 100^4 iterations: far beyond the limit.
        let range = "[" + (1...100).map(String.init).joined(separator: ",") + "]"
        let source = "\(range).all(a, \(range).all(b, \(range).all(c, \(range).all(d, a + b + c + d > 0))))"
        let program = try CELProgram(source: source, costLimit: 100_000)
        do {
            _ = try program.evaluate()
            Issue.record("expected the cost limit to stop the evaluation")
        } catch {
            #expect(error.code == .costLimit)
            #expect(error.message == "the evaluation exceeds its cost limit of 100000 steps")
        }
    }

    @Test func aCheapExpressionStaysUnderTheLimit() throws {
        let program = try CELProgram(source: "[1, 2, 3].map(x, x * 2)", costLimit: 50)
        #expect(try program.evaluate() == .list([.int(2), .int(4), .int(6)]))
        #expect(throws: CELError.self) { try CELProgram(source: "[1, 2, 3].map(x, x * 2)", costLimit: 5).evaluate() }
    }

    @Test func costLimitErrorsAreNotAbsorbedByLogicalOperators() throws {
        let range = "[" + (1...100).map(String.init).joined(separator: ",") + "]"
        let program = try CELProgram(source: "true || \(range).all(a, \(range).all(b, a > 0))", costLimit: 1_000)
        // `true || x` is true without evaluating x, so no cost is spent...
        #expect(try program.evaluate() == .bool(true))
        // ...but an exhausted limit on the left is not absorbed by a `true` on the right.
        let failing = try CELProgram(source: "\(range).all(a, \(range).all(b, a > 0)) || true", costLimit: 1_000)
        #expect(throws: CELError.self) { try failing.evaluate() }
    }

    @Test(.timeLimit(.minutes(1))) func largeMapsBuildAndLookUpInLinearTime() throws {
        let entries = (0..<200_000).map { (CELValue.string("key\($0)"), CELValue.int(Int64($0))) }
        let map = CELMap(entries)
        #expect(map.count == 200_000)
        let program = try CELProgram(source: "m['key199999'] + m.key0", variables: ["m"])
        #expect(try program.evaluate(["m": .map(map)]) == .int(199_999))
    }

    @Test func deepNestingIsRefusedWhenParsing() throws {
        let deep = String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        do {
            _ = try CELProgram(source: deep)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .syntax)
            #expect(error.message.contains("nested more than"))
        }
        let long = (1...400).map(String.init).joined(separator: " + ")
        #expect(throws: CELError.self) { try CELProgram(source: long) }
        // The conformance suite's depths parse and evaluate.
        let fine = String(repeating: "(", count: 32) + "7" + String(repeating: ")", count: 32)
        #expect(try CELProgram(source: fine).evaluate() == .int(7))
    }

    @Test func deepNestingParsesOffTheMainThread() async throws {
        let source = String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200)
        let value = try await Task.detached { try CELProgram(source: "size(\(source))").evaluate() }.value
        #expect(value == .int(1))
    }

    @Test(arguments: [
        "9223372036854775807 + 1", "-9223372036854775808 - 1", "-(-9223372036854775808)",
        "9223372036854775807 * 2", "-9223372036854775808 / -1", "18446744073709551615u + 1u",
        "0u - 1u", "4294967296u * 4294967296u", "int(9223372036854775807u + 1u)", "uint(-1)",
        "int(1e19)", "duration('200000000000s') + duration('200000000000s')",
        "timestamp('9999-12-31T23:59:59Z') + duration('1s')",
    ])
    func overflowIsAnError(_ source: String) throws {
        do {
            let value = try CELProgram(source: source).evaluate()
            Issue.record("\(source) gave \(value)")
        } catch {
            #expect(error.code == .overflow)
        }
    }
}
