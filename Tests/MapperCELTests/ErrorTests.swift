import Testing

import MapperCEL

/// Errors name what is wrong and the 1-based column in the expression.
struct ErrorTests {
    private func parseError(_ source: String) -> CELError? {
        do {
            _ = try CELProgram(source: source)
            return nil
        } catch {
            return error
        }
    }

    private func evaluationError(_ source: String, _ variables: [String: CELValue] = [:]) -> CELError? {
        do {
            _ = try CELProgram(source: source).evaluate(variables)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingOperandIsASyntaxErrorAtTheEnd() throws {
        let error = try #require(parseError("1 +"))
        #expect(error.code == .syntax)
        #expect(error.column == 4)
        #expect(error.description == "column 4: expected an expression, found the end of the expression")
    }

    @Test func anEmptyQuotedNameIsASyntaxError() throws {
        // Found by FuzzCEL: it used to trap when the names were checked against declared variables.
        for source in ["``", "a.``", "x + ``"] {
            let error = try #require(parseError(source), "\(source)")
            #expect(error.code == .syntax)
            #expect(error.message == "a quoted field name cannot be empty")
        }
        #expect(throws: CELError.self) { try CELProgram(source: "``", variables: ["a"]) }
    }

    @Test func unclosedParenthesisPointsAtWhatFollows() throws {
        let error = try #require(parseError("(a + b"))
        #expect(error.code == .syntax)
        #expect(error.column == 7)
        #expect(error.message.contains("')'"))
    }

    @Test func unexpectedCharacterIsNamed() throws {
        let error = try #require(parseError("a # b"))
        #expect(error.column == 3)
        #expect(error.message == "unexpected character '#'")
    }

    @Test func singleEqualsAndAmpersandAreExplained() throws {
        #expect(parseError("a = 1")?.description == "column 3: '=' is not an operator: compare with '=='")
        #expect(parseError("a & b")?.message == "unexpected character '&': the logical operators are '&&' and '||'")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // 'é' is two UTF-8 bytes but one character: the '#' is the 8th character.
        let error = try #require(parseError("'é' + #"))
        #expect(error.column == 7)
    }

    @Test func reservedWordsCannotNameVariables() throws {
        let error = try #require(parseError("1 + while"))
        #expect(error.column == 5)
        #expect(error.message.contains("'while'"))
    }

    @Test func integerLiteralOutOfRange() throws {
        #expect(parseError("9223372036854775808")?.column == 1)
        #expect(parseError("18446744073709551616u") != nil)
        #expect(try CELProgram(source: "-9223372036854775808").evaluate() == .int(.min))
    }

    @Test func unterminatedString() throws {
        let error = try #require(parseError("x == 'abc"))
        #expect(error.column == 6)
        #expect(error.message.contains("not closed"))
    }

    @Test func unknownVariableAtEvaluationHasItsColumn() throws {
        let error = try #require(evaluationError("1 + missing"))
        #expect(error.code == .unknownVariable)
        #expect(error.column == 5)
        #expect(error.message == "no variable named 'missing'")
    }

    @Test func undeclaredVariableIsCaughtWhenParsing() throws {
        do {
            _ = try CELProgram(source: "a + b", variables: ["a"])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unknownVariable)
            #expect(error.column == 5)
        }
        // A misspelt name followed by a field is blamed where the name starts, not at the dot.
        do {
            _ = try CELProgram(source: "1 + inptu.first", variables: ["input"])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unknownVariable)
            #expect(error.column == 5)
        }
        // Comprehension variables and dotted variable names are declared too.
        _ = try CELProgram(source: "a.all(x, x > 0) && req.size > 1", variables: ["a", "req.size"])
    }

    @Test func unknownFunctionIsCaughtWhenParsingWithDeclarations() throws {
        do {
            _ = try CELProgram(source: "name.lenght() > 2", variables: ["name"])
            Issue.record("expected an error")
        } catch {
            #expect(error.column == 5)
            #expect(error.message == "unknown function 'lenght'")
        }
        #expect(try CELProgram(source: "strings.quote(name)", variables: ["name"]).evaluate(["name": .string("a")]) == .string("\"a\""))
    }

    @Test func noSuchOverloadPointsAtTheOperator() throws {
        let error = try #require(evaluationError("1 + 'a'"))
        #expect(error.code == .noSuchOverload)
        #expect(error.column == 3)
        #expect(error.message == "no such overload: _+_(int, string)")
    }

    @Test func missingMapKeyPointsAtTheSelection() throws {
        let error = try #require(evaluationError("m.name", ["m": .map(CELMap([(.string("id"), .int(1))]))]))
        #expect(error.code == .noSuchKey)
        #expect(error.column == 2)
        #expect(error.message == "no such key: 'name'")
    }

    @Test func divisionByZeroAndIndexOutOfRange() throws {
        #expect(evaluationError("1 / 0")?.code == .divisionByZero)
        #expect(evaluationError("1 % 0")?.code == .divisionByZero)
        let error = try #require(evaluationError("[1, 2][2]"))
        #expect(error.code == .indexOutOfRange)
        #expect(error.column == 7)
    }

    @Test func invalidRegularExpression() throws {
        let error = try #require(evaluationError("'abc'.matches('(')"))
        #expect(error.code == .invalidArgument)
        #expect(error.column == 6)
    }

    @Test func duplicateMapKeys() throws {
        let error = try #require(evaluationError("{'a': 1, 'a': 2}"))
        #expect(error.column == 10)
    }
}
