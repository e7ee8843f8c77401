import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §8: every error of a document (up to 100), each with pointer, model path, a message that
    /// quotes the value (shortened to 80 characters) and the source of the property declaration.
    struct ErrorReportingTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  Label:
                    properties:
                      name: string
                      color: string
                  Issue:
                    properties:
                      number: int
                      title: { type: string, required: true }
                      labels: "[Label]"
                      milestone: { type: Label, key: milestone }
                """)
        }

        @Test func everyErrorIsReportedInDeclarationOrder() {
            let input = #"{"number":"1","labels":[{"color":"red"},{"color":"blue"},{"color":42,"name":false}],"milestone":{"color":[]}}"#
            #expect(
                mapper.errors(input, as: "Issue") == [
                    #"error: /number (Issue.number): expected an integer, found "1" [test.yaml:9:7]"#,
                    "error: /title (Issue.title): required key 'title' is missing [test.yaml:10:7]",
                    "error: /labels/2/name (Issue.labels[2].name): expected a string, found false [test.yaml:5:7]",
                    "error: /labels/2/color (Issue.labels[2].color): expected a string, found 42 [test.yaml:6:7]",
                    "error: /milestone/color (Issue.milestone.color): expected a string, found [] [test.yaml:6:7]",
                ])
        }

        @Test func errorsCarryTheirFields() throws {
            let errors = mapper.decodeErrors(Array(#"{"title":"t","labels":[{},{},{"color":42}]}"#.utf8), as: "Issue")
            let error = try #require(errors.first)
            #expect(errors.count == 1)
            #expect(error.code == .typeMismatch)
            #expect(error.pointer == "/labels/2/color")
            #expect(error.path == "Issue.labels[2].color")
            #expect(error.message == "expected a string, found 42")
            #expect(error.source == "test.yaml:6:7")
            #expect(
                error.jsonValue == [
                    "pointer": "/labels/2/color", "path": "Issue.labels[2].color", "message": "expected a string, found 42",
                    "source": "test.yaml:6:7", "code": "type-mismatch",
                ])
        }

        @Test func atMostOneHundredErrorsAreReported() {
            let labels = Array(repeating: #"{"color":1}"#, count: 150).joined(separator: ",")
            let errors = mapper.decodeErrors(Array(#"{"number":"x","title":"t","labels":[\#(labels)]}"#.utf8), as: "Issue")
            #expect(errors.count == MappingErrors.limit)
            #expect(errors.first?.pointer == "/number")
            #expect(errors.last?.pointer == "/labels/98/color")
        }

        @Test func longValuesAreShortenedTo80Characters() throws {
            let long = String(repeating: "x", count: 200)
            let errors = mapper.decodeErrors(Array(#"{"title":"t","number":"\#(long)"}"#.utf8), as: "Issue")
            let message = try #require(errors.first?.message)
            let quoted = "\"" + String(repeating: "x", count: 76) + "..."
            #expect(message == "expected an integer, found \(quoted)")
            #expect(quoted.count == 80)

            let array = "[" + Array(repeating: "1234567890", count: 20).joined(separator: ",") + "]"
            let arrayErrors = mapper.decodeErrors(Array(#"{"title":"t","number":\#(array)}"#.utf8), as: "Issue")
            #expect(arrayErrors.first?.message == "expected an integer, found " + String(array.prefix(77)) + "...")
        }

        @Test func arrayInputKeepsNullElementsAndReportsElementPaths() throws {
            #expect(
                try mapper.canonical(#"[{"title":"a"},null,{"title":"b","number":2}]"#, as: "Issue")
                    == #"[{"title":"a"},null,{"number":2,"title":"b"}]"#)
            #expect(
                mapper.errors(#"[{"title":"a"},null,{"number":"2"},7]"#, as: "Issue") == [
                    #"error: /2/number (Issue[2].number): expected an integer, found "2" [test.yaml:9:7]"#,
                    "error: /2/title (Issue[2].title): required key 'title' is missing [test.yaml:10:7]",
                    "error: /3 (Issue[3]): expected an object for model 'Issue', found 7 [test.yaml:7:3]",
                ])
            let decoded = try mapper.catalog.decode(Array(#"[null,{"title":"a"}]"#.utf8), as: "Issue")
            guard case .array(let models) = decoded else { Issue.record("expected an array"); return }
            #expect(models.count == 2)
            #expect(models[0] == nil)
            #expect(models[1]?.title == .string("a"))
            #expect(try mapper.canonical("[]", as: "Issue") == "[]")
        }

        @Test(arguments: [
            ("5", "5"), (#""issue""#, #""issue""#), ("null", "null"), ("true", "true"),
        ])
        func topLevelScalarsAreErrors(json: String, quoted: String) {
            #expect(
                mapper.errors(json, as: "Issue") == [
                    "error: / (Issue): expected a JSON object or an array of objects for model 'Issue', found \(quoted) [test.yaml:7:3]"
                ])
        }

        @Test func unknownModelsSuggestTheClosestName() {
            #expect(mapper.errors("{}", as: "Issu") == ["error: /: unknown model 'Issu'; did you mean 'Issue'?"])
        }

        @Test func decodeModelRejectsArrays() {
            #expect(throws: MappingErrors.self) { try mapper.catalog.decodeModel(Array("[]".utf8), as: "Issue") }
        }

        @Test func errorsPrintOnePerLine() {
            do {
                _ = try mapper.catalog.decode(Array(#"{"number":"1"}"#.utf8), as: "Issue")
                Issue.record("expected errors")
            } catch {
                #expect(
                    error.description == """
                        error: /number (Issue.number): expected an integer, found "1" [test.yaml:9:7]
                        error: /title (Issue.title): required key 'title' is missing [test.yaml:10:7]
                        """)
                #expect(JSONWriter.write(error.jsonValue).hasPrefix(#"{"errors":[{"pointer":"/number","path":"Issue.number","#))
            }
        }
    }
}
