import Testing

import MapperCEL

/// The language's main features, with the results the CEL specification defines.
struct EvaluationTests {
    private func eval(_ source: String, _ variables: [String: CELValue] = [:]) throws -> CELValue {
        try CELProgram(source: source, variables: Set(variables.keys)).evaluate(variables)
    }

    @Test(arguments: [
        ("1 + 2 * 3", CELValue.int(7)),
        ("7 / 2", .int(3)),
        ("-7 / 2", .int(-3)),
        ("-7 % 3", .int(-1)),
        ("7u / 2u", .uint(3)),
        ("7.0 / 2.0", .double(3.5)),
        ("0x1F", .int(31)),
        ("'a' + 'b'", .string("ab")),
        ("b'\\x00\\xff' + b'a'", .bytes([0, 255, 97])),
        ("[1] + [2]", .list([.int(1), .int(2)])),
        ("true ? 'yes' : 'no'", .string("yes")),
        ("1 == 1.0 && 1u == 1 && [1] == [1.0]", .bool(true)),
        ("1 < 1.5 && 2u > 1 && 'a' < 'b' && b'a' < b'b' && false < true", .bool(true)),
        ("2 in [1, 2] && 'k' in {'k': 1} && !(3 in [1, 2])", .bool(true)),
        ("{1: 'a'}[1u]", .string("a")),
        ("'\\u00e9' == 'é' && '\\303' == 'Ã'", .bool(true)),
        ("r'\\n'", .string("\\n")),
        ("'''two\nlines'''", .string("two\nlines")),
        ("0.0 / 0.0 == 0.0 / 0.0", .bool(false)),
        // Strings compare by code points, without Unicode normalisation.
        ("'Am\\u00E9lie' == 'Ame\\u0301lie'", .bool(false)),
        ("size({'Am\\u00E9lie': 1, 'Ame\\u0301lie': 2})", .int(2)),
    ])
    func operators(_ source: String, _ expected: CELValue) throws {
        #expect(try eval(source) == expected)
    }

    /// The README's example.
    @Test func readmeExample() throws {
        let program = try CELProgram(source: "user.name + ' <' + user.email + '>'", variables: ["user"])
        let user = CELMap([(.string("name"), .string("Ada")), (.string("email"), .string("ada@example.org"))])
        #expect(try program.evaluate(["user": .map(user)]) == .string("Ada <ada@example.org>"))
    }

    /// `&&` and `||` are commutative and absorb an error when the other side decides.
    @Test func logicalOperatorsAbsorbErrors() throws {
        #expect(try eval("false && 1 / 0 == 1") == .bool(false))
        #expect(try eval("1 / 0 == 1 && false") == .bool(false))
        #expect(try eval("1 / 0 == 1 || true") == .bool(true))
        #expect(try eval("'x' || true") == .bool(true))
        #expect(throws: CELError.self) { try eval("1 / 0 == 1 || false") }
        #expect(throws: CELError.self) { try eval("true && 'x'") }
    }

    @Test func variablesFieldsAndHas() throws {
        let user: CELValue = .map(CELMap([(.string("name"), .string("Ada")), (.string("tags"), .list([.string("admin")]))]))
        #expect(try eval("user.name + '!'", ["user": user]) == .string("Ada!"))
        #expect(try eval("has(user.name) && !has(user.email)", ["user": user]) == .bool(true))
        #expect(try eval("user['tags'][0]", ["user": user]) == .string("admin"))
        #expect(try eval("size(user) == 2 && size(user.tags) == 1 && 'héllo'.size() == 5", ["user": user]) == .bool(true))
    }

    @Test func macros() throws {
        #expect(try eval("[1, 2, 3].all(x, x > 0)") == .bool(true))
        #expect(try eval("[1, 2, 3].exists(x, x > 2)") == .bool(true))
        #expect(try eval("[1, 2, 3].exists_one(x, x > 1)") == .bool(false))
        #expect(try eval("[1, 2, 3].map(x, x * x)") == .list([.int(1), .int(4), .int(9)]))
        #expect(try eval("[1, 2, 3].map(x, x % 2 == 1, x * 10)") == .list([.int(10), .int(30)]))
        #expect(try eval("[1, 2, 3, 4].filter(x, x % 2 == 0)") == .list([.int(2), .int(4)]))
        #expect(try eval("{'a': 1, 'b': 2}.map(k, k)") == .list([.string("a"), .string("b")]))
        // `all` is false if any element is false, even if another one errs.
        #expect(try eval("[0, 1].all(x, 1 / x > 5)") == .bool(false))
        #expect(try eval("[1, 2].exists(i, v, i == 1 && v == 2)") == .bool(true))
    }

    @Test func conversionsAndTypes() throws {
        #expect(try eval("int('-42') + int(2.9) + int(3u)") == .int(-37))
        #expect(try eval("uint(42) + uint('8')") == .uint(50))
        #expect(try eval("double('1.5') + double(1)") == .double(2.5))
        #expect(try eval("string(1.5) + string(-2) + string(3u) + string(true) + string(b'ok')") == .string("1.5-23trueok"))
        #expect(try eval("bytes('é')") == .bytes([0xC3, 0xA9]))
        #expect(try eval("bool('true') && !bool('0')") == .bool(true))
        #expect(try eval("type(1) == int && type(1u) == uint && type('') == string && type(type(1)) == type") == .bool(true))
        #expect(try eval("dyn(1) == 1") == .bool(true))
        #expect(throws: CELError.self) { try eval("int('1.5')") }
        #expect(throws: CELError.self) { try eval("string(b'\\xff')") }
    }

    @Test func stringFunctions() throws {
        #expect(try eval("'hello'.contains('ell') && 'hello'.startsWith('he') && 'hello'.endsWith('lo')") == .bool(true))
        #expect(try eval("'user-42'.matches('^[a-z]+-[0-9]+$') && matches('abc', 'b')") == .bool(true))
        #expect(try eval("'a,b,,c'.split(',')") == .list([.string("a"), .string("b"), .string(""), .string("c")]))
        #expect(try eval("'a,b,c'.split(',', 2)") == .list([.string("a"), .string("b,c")]))
        #expect(try eval("['a', 'b'].join('-') + ['x'].join()") == .string("a-bx"))
        #expect(try eval("'banana'.replace('a', 'o', 2)") == .string("bonona"))
        #expect(try eval("'MiXeD é'.lowerAscii() + 'MiXeD é'.upperAscii()") == .string("mixed éMIXED é"))
        #expect(try eval("'  x \\t\\n'.trim()") == .string("x"))
        #expect(try eval("'tacocat'.substring(4) + 'tacocat'.substring(0, 4)") == .string("cattaco"))
        #expect(try eval("'tacocat'.indexOf('c') + 'tacocat'.lastIndexOf('c') + 'tacocat'.indexOf('x')") == .int(5))
        #expect(try eval("'©αT'.charAt(1)") == .string("α"))
        #expect(try eval("'%s has %d items costing %.2f'.format(['cart', 3, 9.5])") == .string("cart has 3 items costing 9.50"))
        #expect(try eval("strings.quote('a\"b\\n')") == .string("\"a\\\"b\\n\""))
        #expect(throws: CELError.self) { try eval("'abc'.substring(2, 1)") }
    }

    @Test func timestampsAndDurations() throws {
        let ts = "timestamp('2009-02-13T23:31:30Z')"
        #expect(try eval("int(\(ts))") == .int(1_234_567_890))
        #expect(try eval("\(ts).getFullYear()") == .int(2009))
        #expect(try eval("\(ts).getMonth()") == .int(1))  // 0-based
        #expect(try eval("\(ts).getDate()") == .int(13))  // 1-based
        #expect(try eval("\(ts).getDayOfMonth()") == .int(12))  // 0-based
        #expect(try eval("\(ts).getDayOfWeek()") == .int(5))  // Friday
        #expect(try eval("\(ts).getDayOfYear()") == .int(43))
        #expect(try eval("\(ts).getHours('Australia/Sydney')") == .int(10))
        #expect(try eval("\(ts).getHours('-02:30')") == .int(21))
        #expect(try eval("string(\(ts) + duration('1h30m'))") == .string("2009-02-14T01:01:30Z"))
        #expect(try eval("string(timestamp('2009-02-13T23:31:30.5+01:00'))") == .string("2009-02-13T22:31:30.5Z"))
        #expect(try eval("\(ts) - timestamp('2009-02-13T23:00:00Z') == duration('31m30s')") == .bool(true))
        #expect(try eval("duration('1.5h').getMinutes()") == .int(90))
        #expect(try eval("string(duration('-1.5s'))") == .string("-1.5s"))
        #expect(throws: CELError.self) { try eval("timestamp('2009-02-30T00:00:00Z')") }
        #expect(throws: CELError.self) { try eval("\(ts).getHours('Mars/Olympus')") }
    }
}
