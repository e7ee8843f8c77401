import Testing

import MapperCEL

/// mapper's exact decimals. Every expected value was computed with Python's `decimal` module
/// (precision 2000, `quantize` with ROUND_HALF_EVEN for `round`, `scaleb` for `scale`), not by
/// this implementation.
struct DecimalTests {
    private func eval(_ source: String) throws -> CELValue {
        try CELProgram(source: source, variables: []).evaluate([:])
    }

    private func text(_ source: String) throws -> String {
        guard case .decimal(let value) = try eval(source) else { return "not a decimal: \(try eval(source))" }
        return value.description
    }

    @Test(arguments: [
        ("decimal('19.99') + decimal('0.01')", "20.00"),
        ("decimal('0.1') + decimal('0.2')", "0.3"),
        ("decimal('-5.25') + decimal('2.5')", "-2.75"),
        ("decimal('1.005') + decimal('-1.005')", "0.000"),
        ("decimal('100') - decimal('0.01')", "99.99"),
        ("decimal('-0.5') - decimal('0.25')", "-0.75"),
        ("decimal('19.99') * 3", "59.97"),
        ("decimal('-1.5') * decimal('1.5')", "-2.25"),
        (
            "decimal('123456789012345678901234567890') * decimal('987654321098765432109876543210')",
            "121932631137021795226185032733622923332237463801111263526900"
        ),
        ("-decimal('0.07')", "-0.07"),
        ("decimal(1999).scale(-2)", "19.99"),
        ("decimal('19.99').scale(2)", "1999"),
        ("decimal('1.5').scale(3)", "1500"),
        ("decimal('-0.07').scale(-1)", "-0.007"),
        ("decimal('1e3')", "1000"),
        ("decimal('2.5E-2')", "0.025"),
        ("decimal('2.345').round(2)", "2.34"),
        ("decimal('2.355').round(2)", "2.36"),
        ("decimal('-2.345').round(2)", "-2.34"),
        ("decimal('2.5').round(0)", "2"),
        ("decimal('3.5').round(0)", "4"),
        ("decimal('0.004').round(2)", "0.00"),
        ("decimal('5').round(2)", "5.00"),
        ("decimal('0.125').round(2)", "0.12"),
        ("decimal('-0.125').round(2)", "-0.12"),
        ("decimal('9.995').round(2)", "10.00"),
    ])
    func exactArithmetic(_ source: String, _ expected: String) throws {
        #expect(try text(source) == expected, "\(source)")
    }

    @Test func comparisonsAndConversions() throws {
        #expect(try eval("decimal('1.0') == decimal('1') && decimal('1.50') == 1.5 && decimal('2') == 2") == .bool(true))
        #expect(try eval("decimal('0.1') + decimal('0.2') == decimal('0.3')") == .bool(true))
        #expect(try eval("decimal('-1') < 0 && decimal('0.01') > decimal('0.001') && 3u > decimal('2.99')") == .bool(true))
        #expect(try eval("string(decimal('19.90'))") == .string("19.90"))
        #expect(try eval("int(decimal('19.99').scale(2))") == .int(1999))
        #expect(try eval("double(decimal('0.5'))") == .double(0.5))
        #expect(try eval("type(decimal('1')) == decimal") == .bool(true))
        // As doubles, decimals are no map keys.
        #expect(throws: CELError.self) { try eval("{decimal('1.0'): 'a'}") }
    }

    @Test(arguments: [
        ("decimal('12,50')", "not a decimal number"),
        ("decimal('')", "not a decimal number"),
        ("decimal(0.1)", "decimal(double)"),
        ("int(decimal('19.99'))", "not a whole number"),
        ("int(decimal('9223372036854775808'))", "out of the range of int"),
        ("decimal('1').scale(5000)", "more than 1000 places"),
        ("decimal('1').round(-1)", "between 0 and 1000"),
        ("decimal('1') / decimal('3')", "no such overload"),
        ("decimal('1') + 1.0", "no such overload"),
    ])
    func errorsSayWhy(_ source: String, _ message: String) {
        do {
            let value = try eval(source)
            Issue.record("\(source) gave \(value)")
        } catch let error as CELError {
            #expect(error.message.contains(message), "\(source): \(error.message)")
        } catch {
            Issue.record("\(source): \(error)")
        }
    }

    @Test func sizesAreBounded() {
        // 10^600 squared has 1,201 digits: over the bound, an error and not a long computation.
        #expect(throws: CELError.self) { try eval("decimal('1e600') * decimal('1e600')") }
        #expect(throws: CELError.self) { try eval("decimal('1e5000')") }
    }
}
