import Testing

@testable import MapperKit

extension RuntimeTests {
    /// The catalog's `functions:` block: functions defined once in one file and called by name
    /// from the expressions of every file, their bodies' steps counted against the caller's cost
    /// limit. Expected values are worked out by hand from the inputs.
    struct FunctionTests {
        static let functions = """
            mapper: 1
            functions:
              units:
                params: { cents: int }
                returns: decimal
                expr: "decimal(cents).scale(-2)"
              cents:
                params: { amount: decimal }
                returns: int
                expr: "int(amount.scale(2))"
              label:
                params: { amount: decimal, currency: string }
                returns: string
                expr: "string(amount) + ' ' + currency"
              products:
                params: { xs: "[int]" }
                returns: "[int]"
                expr: "xs.map(x, xs.map(y, x * y).size())"
            """

        static let models = """
            mapper: 1
            models:
              Price:
                properties:
                  amount: { type: decimal, key: amount_cents, decode: "units(input.amount_cents)", encode: "cents(self.amount)" }
                  currency: string
                  text: { type: string, decode: "label(self.amount, self.currency)" }
                rules:
                  - { rule: "cents(self.amount) > 0", message: "the amount must be positive" }
              Grid:
                properties:
                  xs: "[int]"
                  sizes: { type: "[int]", decode: "products(self.xs)" }
            """

        let catalog: Catalog

        init() throws {
            catalog = try Catalog(sources: [
                .init(name: "functions.yaml", bytes: Array(Self.functions.utf8)),
                .init(name: "models.yaml", bytes: Array(Self.models.utf8)),
            ])
        }

        private func decode(_ json: String, as model: String) throws -> String {
            var session = MappingSession(catalog: catalog)
            return String(decoding: try session.decodeToCanonical(Array(json.utf8), as: model), as: UTF8.self)
        }

        /// The errors decoding `json` reports (empty when it decodes).
        static func errors(_ catalog: Catalog, _ json: String, as model: String) -> [MappingError] {
            do {
                _ = try catalog.decode(Array(json.utf8), as: model, now: Instant(milliseconds: 0))
                return []
            } catch {
                return error.errors
            }
        }

        @Test func functionsOfOneFileAreCalledFromTheExpressionsOfAnother() throws {
            let canonical = try decode(#"{"amount_cents":1999,"currency":"EUR"}"#, as: "Price")
            #expect(canonical == #"{"amount":19.99,"currency":"EUR","text":"19.99 EUR"}"#)
            var session = MappingSession(catalog: catalog)
            let external = try session.encodeCanonical(Array(#"{"amount":0.29,"currency":"EUR"}"#.utf8), as: "Price")
            #expect(String(decoding: external, as: UTF8.self) == #"{"amount_cents":29,"currency":"EUR"}"#)
        }

        @Test func aRuleCallsAFunction() {
            let errors = Self.errors(catalog, #"{"amount_cents":-5,"currency":"EUR"}"#, as: "Price")
            #expect(errors.map(\.code) == [.ruleFailed])
            #expect(errors.first?.message == "the amount must be positive")
        }

        @Test func theBodysStepsCountAgainstTheCallersCostLimit() throws {
            // 10 elements: 10 × 10 inner steps, well within the limit; 400: 160,000 products, over 100,000.
            let small = "[" + (1...10).map(String.init).joined(separator: ",") + "]"
            #expect(try decode(#"{"xs":\#(small)}"#, as: "Grid").hasSuffix(#""sizes":[10,10,10,10,10,10,10,10,10,10]}"#))
            let large = "[" + (1...400).map(String.init).joined(separator: ",") + "]"
            let errors = Self.errors(catalog, #"{"xs":\#(large)}"#, as: "Grid")
            #expect(errors.first?.message.contains("cost limit") == true)
            #expect(errors.first?.pointer == "/sizes")
        }

        @Test func aFunctionCallsAnotherDeclaredAfterIt() throws {
            let catalog = try Catalog(
                yaml: """
                    mapper: 1
                    functions:
                      shout:
                        params: { s: string }
                        returns: string
                        expr: "upper(s) + '!'"
                      upper:
                        params: { s: string }
                        returns: string
                        expr: "s.upperAscii()"
                    models:
                      Greeting:
                        properties:
                          text: { type: string, decode: "shout(input.name)" }
                    """, name: "test.yaml")
            var session = MappingSession(catalog: catalog)
            let canonical = try session.decodeToCanonical(Array(#"{"name":"ada"}"#.utf8), as: "Greeting")
            #expect(String(decoding: canonical, as: UTF8.self) == #"{"text":"ADA!"}"#)
        }

        @Test func anErrorInsideTheBodyIsADataErrorAtTheCallingProperty() throws {
            let catalog = try Catalog(
                yaml: """
                    mapper: 1
                    functions:
                      first:
                        params: { xs: "[string]" }
                        returns: string
                        expr: "xs[0]"
                    models:
                      Tags:
                        properties:
                          head: { type: string, decode: "first(input.tags)" }
                    """, name: "test.yaml")
            let error = try #require(Self.errors(catalog, #"{"tags":[]}"#, as: "Tags").first)
            #expect(error.pointer == "/head")
            #expect(error.message.contains("first(): index 0 is out of range"))
            #expect(error.message.contains("column 3 of its body"))
        }

        @Test func aModelParameterIsCheckedAgainstTheModelsProperties() {
            let check = Catalog.check(sources: [
                .init(
                    name: "test.yaml",
                    bytes: Array(
                        """
                        mapper: 1
                        functions:
                          full:
                            params: { p: Person }
                            returns: string
                            expr: "p.frist + ' ' + p.last"
                        models:
                          Person:
                            properties:
                              first: string
                              last: string
                        """.utf8))
            ])
            let messages = check.diagnostics.map { "\($0.code) \($0.line):\($0.column) \($0.message)" }
            #expect(messages.count == 1)
            #expect(messages.first?.hasPrefix("invalid-expression 6:11 the body of function 'full' does not type-check") == true)
            #expect(messages.first?.contains("Person has no field 'frist' (did you mean 'first'?) at column 3") == true)
        }
    }
}
