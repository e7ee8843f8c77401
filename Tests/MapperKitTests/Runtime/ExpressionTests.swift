import Testing

@testable import MapperKit

extension RuntimeTests {
    /// CEL expressions in the mapping: `decode`/`encode`, `default: {expr}`, model `rules`, variants
    /// `when: [{if}]`, mapper's functions, and the load errors of expressions that do not compile.
    /// Expected values are worked out by hand from the expressions.
    struct ExpressionTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  Price:
                    properties:
                      amount:
                        type: decimal
                        key: cents
                        decode: "decimal(input.cents).scale(-2)"
                        encode: "int(self.amount.scale(2))"
                  Person:
                    properties:
                      first: { type: string, key: given }
                      last: { type: string, key: family }
                      full: { type: string, decode: "self.first + ' ' + self.last" }
                      shout: { type: string, decode: "input.given.upperAscii()" }
                      age: { type: int, decode: "input.years", encode: "self.age" }
                  Box:
                    properties:
                      raw: { type: any, decode: "json.parse(input.raw)", encode: "json.stringify(self.raw)" }
                      label:
                        type: string
                        default: { expr: "has(input.raw) ? 'with raw' : 'empty'" }
                  Span:
                    properties:
                      from: int
                      to: int
                    rules:
                      - { rule: "self.to >= self.from", message: "'to' must not be before 'from'" }
                  Odd:
                    properties:
                      n: int
                    rules:
                      - { rule: "input.n", message: "never shown" }
                  Holder:
                    properties:
                      spans: "[Span]"
                  Animal:
                    properties:
                      legs: int
                    variants:
                      when:
                        - { if: "input.legs == 2", model: Bird }
                      fallback: Animal
                  Bird:
                    extends: Animal
                    properties:
                      wings: { type: int, default: { expr: "2" } }
                """)
        }

        @Test func decodeComputesTheCanonicalValueFromTheInput() throws {
            #expect(try mapper.canonical(#"{"cents":1999}"#, as: "Price") == #"{"amount":19.99}"#)
            #expect(try mapper.canonical(#"{"cents":7}"#, as: "Price") == #"{"amount":0.07}"#)
            #expect(try mapper.canonical(#"{"cents":-250}"#, as: "Price") == #"{"amount":-2.50}"#)
        }

        @Test func encodeWritesTheExpressionsResultAtTheKey() throws {
            #expect(try mapper.encode(#"{"amount":19.99}"#, as: "Price") == #"{"cents":1999}"#)
            // Exact: 0.29 units are 29 cents (0.29 * 100 in doubles is 28.999999999999996).
            #expect(try mapper.encode(#"{"amount":0.29}"#, as: "Price") == #"{"cents":29}"#)
            #expect(try mapper.roundTrip(#"{"cents":1999}"#, as: "Price") == #"{"cents":1999}"#)
        }

        @Test func selfHoldsThePropertiesDecodedSoFar() throws {
            let canonical = try mapper.canonical(#"{"given":"Ada","family":"Lovelace","years":36}"#, as: "Person")
            #expect(canonical == #"{"first":"Ada","last":"Lovelace","full":"Ada Lovelace","shout":"ADA","age":36}"#)
        }

        @Test func decodeOnlyPropertiesAreLeftOutWhenEncoding() throws {
            let external = try mapper.encode(
                #"{"first":"Ada","last":"Lovelace","full":"Ada Lovelace","shout":"ADA","age":36}"#, as: "Person")
            #expect(external == #"{"given":"Ada","family":"Lovelace","age":36}"#)
            let person = try #require(mapper.catalog.models["Person"])
            #expect(person.property(named: "full")?.isDecodeOnly == true)
            #expect(person.property(named: "age")?.isDecodeOnly == false)
        }

        @Test func theResultIsCheckedAgainstThePropertysType() {
            // `input.years` is a string here, and `age` is an int.
            let errors = mapper.errors(#"{"given":"A","family":"B","years":"old"}"#, as: "Person")
            #expect(errors.count == 1)
            #expect(errors.first?.contains("/age") == true)
        }

        @Test func evaluationErrorsAreDataErrorsAtTheProperty() {
            let errors = mapper.decodeErrors(Array(#"{"given":"A","family":"B"}"#.utf8), as: "Person")
            #expect(errors.map(\.code) == [.expressionFailed])
            #expect(errors.first?.pointer == "/age")
            #expect(errors.first?.message.contains("years") == true)
            #expect(errors.first?.source == "test.yaml:16:33")
        }

        @Test func jsonInAStringAndAComputedDefault() throws {
            #expect(try mapper.canonical(#"{"raw":"{\"a\":[1,true]}"}"#, as: "Box") == #"{"raw":{"a":[1,true]},"label":"with raw"}"#)
            #expect(try mapper.encode(#"{"raw":{"a":[1,true]},"label":"x"}"#, as: "Box") == #"{"raw":"{\"a\":[1,true]}","label":"x"}"#)
            // The default applies only when the key is absent.
            #expect(try mapper.canonical(#"{"raw":"null","label":"given"}"#, as: "Box") == #"{"raw":null,"label":"given"}"#)
            let errors = mapper.decodeErrors(Array(#"{"raw":"[1,"}"#.utf8), as: "Box")
            #expect(errors.map(\.code) == [.expressionFailed])
            #expect(errors.first?.message.contains("not JSON") == true)
        }

        @Test func aFailingRuleIsADataErrorWithItsMessageAtTheModel() throws {
            #expect(try mapper.canonical(#"{"from":1,"to":2}"#, as: "Span") == #"{"from":1,"to":2}"#)
            let errors = mapper.decodeErrors(Array(#"{"spans":[{"from":1,"to":2},{"from":5,"to":3}]}"#.utf8), as: "Holder")
            #expect(errors.map(\.code) == [.ruleFailed])
            #expect(errors.first?.pointer == "/spans/1")
            #expect(errors.first?.message == "'to' must not be before 'from'")
            #expect(errors.first?.source == "test.yaml:28:17")
        }

        @Test func aRuleThatIsNotABoolIsAnError() {
            let errors = mapper.decodeErrors(Array(#"{"n":3}"#.utf8), as: "Odd")
            #expect(errors.map(\.code) == [.ruleFailed])
            #expect(errors.first?.message.contains("not a bool") == true)
        }

        @Test func variantsChosenByACondition() throws {
            #expect(try mapper.canonical(#"{"legs":2}"#, as: "Animal") == #"{"$type":"Bird","legs":2,"wings":2}"#)
            #expect(try mapper.canonical(#"{"legs":4}"#, as: "Animal") == #"{"$type":"Animal","legs":4}"#)
        }

        @Test func modelsWithExpressionsStayOnTheFastPathsWhereTheyEvaluateThem() throws {
            let table = mapper.catalog.table
            // Price's result is a decimal, Person's are strings and an int, Span has a rule and
            // Holder holds Spans, Box reads its payload with json.parse into `any`: evaluated by
            // the transcoder (Box's result read as the general reader reads it). Encoding:
            // `encode:` expressions and decode-only properties stay on the fast path.
            for name in ["Price", "Person", "Span", "Holder", "Box"] {
                let type = try #require(table.type(named: name))
                #expect(table.flat.arenas.models[type.index].transcodable, "\(name)")
                #expect(table.flat.arenas.models[type.index].encodable, "\(name)")
            }
        }

        @Test func base64Functions() throws {
            let mapper = try Mapper(
                """
                mapper: 1
                models:
                  B:
                    properties:
                      text: { type: string, key: b64, decode: "string(base64.decode(input.b64))", encode: "base64.encode(self.text)" }
                """)
            // RFC 4648 §10: BASE64("foob") = "Zm9vYg==".
            #expect(try mapper.canonical(#"{"b64":"Zm9vYg=="}"#, as: "B") == #"{"text":"foob"}"#)
            #expect(try mapper.encode(#"{"text":"fooba"}"#, as: "B") == #"{"b64":"Zm9vYmE="}"#)
        }

        // MARK: - Load errors

        private func diagnostics(_ yaml: String) -> [Diagnostic] {
            do {
                _ = try Catalog(yaml: yaml, name: "test.yaml")
                return []
            } catch {
                return error.diagnostics
            }
        }

        @Test func anUnknownNameIsALoadErrorWithTheColumnInTheExpression() {
            let found = diagnostics(
                """
                mapper: 1
                models:
                  P:
                    properties:
                      name: { type: string, decode: "input.first + ' ' + last" }
                """)
            #expect(found.count == 1)
            let diagnostic = found.first
            #expect(diagnostic?.code == "invalid-expression")
            #expect(diagnostic?.line == 5)
            #expect(diagnostic?.column == 37)
            #expect(diagnostic?.message.contains("undeclared reference to 'last' at column 21") == true)
            #expect(diagnostic?.hint?.contains("'input' and 'self'") == true)
        }

        @Test func typeErrorsAreLoadErrorsWithTheColumnInTheExpression() {
            let found = diagnostics(
                """
                mapper: 1
                models:
                  P:
                    properties:
                      age: int
                      born: { type: date, required: true }
                      name: { type: string, key: name }
                      label: { type: string, decode: "self.age + 'x'" }
                      count: { type: int, decode: "self.name + '!'" }
                      when: { type: date, decode: "self.age > 1" }
                      later: { type: date, decode: "self.born + duration('1h')" }
                      fine: { type: int, decode: "input.a.b + 1" }
                    rules:
                      - { rule: "self.age + 1", message: "m" }
                """)
            #expect(found.map(\.code) == Array(repeating: "invalid-expression", count: 4))
            #expect(found.map(\.line) == [8, 9, 10, 14])
            #expect(found[0].message.contains("no such overload") && found[0].message.contains("at column 10"))
            #expect(found[0].excerpt == Diagnostic.Excerpt(text: "self.age + 'x'", column: 10))
            #expect(found[0].description.hasSuffix("\n    self.age + 'x'\n             ^"))
            #expect(found[0].jsonValue["excerpt"] == ["text": "self.age + 'x'", "column": 10])
            #expect(found[1].message.contains("gives string, which 'P.count' of type int cannot hold"))
            #expect(found[1].hint == "convert it with int(...)")
            #expect(found[2].message.contains("gives bool, which 'P.when' of type date cannot hold"))
            #expect(found[3].message.contains("the rule of model 'P' gives int, not a bool"))
        }

        @Test func selfNamingNoPropertyIsALoadErrorWithTheNearestOne() {
            let found = diagnostics(
                """
                mapper: 1
                models:
                  P:
                    properties:
                      first: { type: string, required: true }
                      full: { type: string, decode: "self.frist + '!'", encode: "self.full" }
                    rules:
                      - { rule: "has(self.first) || self.lenght > 0", message: "m" }
                  Q:
                    extends: P
                    properties:
                      shout: { type: string, decode: "self.first.upperAscii() + self['$type']" }
                """)
            #expect(found.map(\.code) == ["invalid-expression", "invalid-expression"])
            #expect(found.map(\.line) == [6, 8])
            #expect(found.first?.message.contains("reads self.frist at column 1 of the expression") == true)
            #expect(found.first?.hint?.contains("'first'") == true)
            #expect(found.last?.message.contains("the rule of model 'P' reads self.lenght at column 20") == true)
        }

        @Test func aSyntaxErrorInARuleIsALoadError() {
            let found = diagnostics(
                """
                mapper: 1
                models:
                  P:
                    properties:
                      n: int
                    rules:
                      - rule: "self.n >"
                        message: positive
                """)
            #expect(found.map(\.code) == ["invalid-expression"])
            #expect(found.first?.line == 7)
            #expect(found.first?.message.contains("does not parse") == true)
            #expect(found.first?.message.contains("column 9") == true)
        }

        @Test func encodeCannotReadInputAndAVariantConditionCannotReadSelf() {
            let found = diagnostics(
                """
                mapper: 1
                models:
                  P:
                    properties:
                      n: { type: int, encode: "input.n" }
                    variants:
                      when:
                        - { if: "self.n > 1", model: Q }
                  Q:
                    extends: P
                """)
            #expect(found.map(\.code) == ["invalid-expression", "invalid-expression"])
            #expect(found.map(\.line) == [5, 8])
        }

        @Test func anUnknownFunctionIsALoadError() {
            let found = diagnostics(
                """
                mapper: 1
                models:
                  P:
                    properties:
                      n: { type: string, decode: "json.parsee(input.n)" }
                """)
            #expect(found.map(\.code) == ["invalid-expression"])
        }
    }
}
