import Testing

@testable import MapperKit

struct TypeExpressionTests {
    let parser = TypeExpressionParser(isModel: { $0 == "Label" }, isEnum: { $0 == "State" })

    @Test func parsesEveryForm() throws {
        #expect(try parser.parse("string") == .string)
        #expect(try parser.parse("Label") == .model("Label"))
        #expect(try parser.parse("State") == .enumeration("State"))
        #expect(try parser.parse("[Label]") == .array(.model("Label")))
        #expect(try parser.parse("[string: int]") == .dictionary(.int))
        #expect(try parser.parse(" [ [ string : [State] ] ] ") == .array(.dictionary(.array(.enumeration("State")))))
    }

    /// `|` binds loosest, at the top and inside brackets.
    @Test func parsesUnions() throws {
        #expect(try parser.parse("string | Label") == .union([.string, .model("Label")]))
        #expect(try parser.parse("[string | Label]") == .array(.union([.string, .model("Label")])))
        #expect(try parser.parse("[string: int | string]") == .dictionary(.union([.int, .string])))
        #expect(try parser.parse("int|[string]|State") == .union([.int, .array(.string), .enumeration("State")]))
        #expect(try parser.parse("[int] | [string: bool]") == .union([.array(.int), .dictionary(.bool)]))
    }

    @Test func descriptionRoundTrips() throws {
        for text in ["[string: [Label]]", "[[int]]", "uuid", "[string: any]", "string | Label", "[string: int | [State]]"] {
            #expect(try parser.parse(text).description == text)
        }
    }

    @Test(arguments: [
        "[int", "[int]]", "[int: string]", "", "[]", "int string", "[string:]", "int |", "| int", "int || string", "[int | ]",
    ])
    func rejectsMalformedExpressions(_ text: String) {
        #expect(throws: TypeExpressionParser.Failure.self) { try parser.parse(text) }
    }

    @Test func reportsUnknownNames() {
        do {
            _ = try parser.parse("[Usr]")
            Issue.record("expected a failure")
        } catch {
            guard case .unknownName(let name) = error else {
                Issue.record("expected unknownName, got \(error)")
                return
            }
            #expect(name == "Usr")
        }
    }
}
