import MapperCEL
import Testing

@testable import MapperKit

extension RuntimeTests {
    /// Keys that expressions read by name (`input.given`, `has(input.nick)`, `input["tax id"]`,
    /// `input.meta.source`) are keys of the model: `unknown_keys: reject` does not refuse them.
    /// `unknown_keys: keep` still keeps those no property writes back (as it keeps a variant's
    /// discriminator), so that encoding gives the input back.
    struct ExpressionKeysTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  Strict:
                    unknown_keys: reject
                    properties:
                      name: { type: string, decode: "input.given + (has(input.nick) ? ' (' + input.nick + ')' : '')" }
                      tax: { type: string, decode: "input['tax id']" }
                      source: { type: string, default: { expr: "input.meta.source" } }
                  Keeping:
                    unknown_keys: keep
                    properties:
                      name: { type: string, decode: "input.given" }
                    rules:
                      - { rule: "input.checked == true", message: "unchecked" }
                """)
        }

        @Test func rejectAcceptsKeysExpressionsRead() throws {
            #expect(
                try mapper.canonical(#"{"given":"Ann","nick":"A","tax id":"X1","meta":{"source":"web"}}"#, as: "Strict")
                    == #"{"name":"Ann (A)","tax":"X1","source":"web"}"#)
            #expect(
                mapper.errors(#"{"given":"Ann","tax id":"X1","meta":{"source":"web"},"other":2}"#, as: "Strict") == [
                    #"error: / (Strict): model 'Strict' does not map the key "other" [test.yaml:3:3]"#
                ])
        }

        @Test func keepStillKeepsWhatOnlyExpressionsRead() throws {
            let input = #"{"given":"Ann","checked":true,"other":2}"#
            #expect(try mapper.canonical(input, as: "Keeping") == #"{"name":"Ann","$extra":{"given":"Ann","checked":true,"other":2}}"#)
            #expect(try mapper.roundTrip(input, as: "Keeping") == input)
        }

        @Test func thePathsAProgramReads() throws {
            func reads(_ source: String) throws -> (paths: [[String]], whole: Bool) {
                try CELProgram(source: source, variables: ["input", "self"]).fieldPaths(of: "input")
            }
            #expect(try reads("input.a.b + self.c + input['d e']") == ([["a", "b"], ["d e"]], false))
            #expect(try reads("has(input.x) && input.list.exists(input, input > 1)") == ([["x"], ["list"]], false))
            #expect(try reads("size(input) + input[self.key]") == ([], true))
        }
    }
}
