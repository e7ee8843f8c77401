import Testing

@testable import MapperKit

extension RuntimeTests {
    /// `on_error: null | default | drop`: a present value that does not convert becomes null, the
    /// default or absent (or leaves its array), and is recorded as a warning shaped like the error
    /// it would have been. Expected texts are derived from the rule and the catalog below (its
    /// lines give the `[test.yaml:L:C]` sources), not from mapper's output.
    struct LenientDecodingTests {
        static let yaml = """
            mapper: 1
            enums:
              Availability:
                cases: { in_stock: "in_stock", sold_out: "sold_out" }
            models:
              Product:
                properties:
                  sku: { type: string, required: true }
                  price: { type: int, on_error: null }
                  availability: { type: Availability, default: in_stock, on_error: default }
                  tags: { type: "[string]", on_error: drop }
                  sizes: { type: "[string: int]", on_error: drop }
                  weight: { type: double, minimum: 0, on_error: drop }
                  box: { type: Box, on_error: null }
                  stock: int
              Box:
                properties:
                  width: { type: int, required: true }
              Review:
                on_error: null
                properties:
                  id: { type: int, required: true }
                  stars: int
                  title: { type: string, on_error: fail }
              LongReview:
                extends: Review
                properties:
                  body: string
            """

        /// Decodes with one session; the canonical text and the warnings as the CLI prints them.
        static func decode(_ json: String, as model: String, strict: Bool = false, transcoder: Bool = true) throws -> (String, [String]) {
            let mapper = try Mapper(yaml)
            var session = MappingSession(catalog: mapper.catalog)
            session.strict = strict
            session.usesTranscoder = transcoder
            let output = try session.decodeToCanonical(Array(json.utf8), as: model)
            return (String(decoding: output, as: UTF8.self), session.warnings.map(\.warningDescription))
        }

        @Test func nullModeMakesTheValueNullWithAWarning() throws {
            let (output, warnings) = try Self.decode(#"{"sku":"A1","price":"cheap"}"#, as: "Product")
            #expect(output == #"{"sku":"A1","price":null,"availability":"in_stock"}"#)
            #expect(
                warnings == [
                    #"warning: /price (Product.price): expected an integer, found "cheap"; decoded as null (on_error: null) [test.yaml:9:7]"#
                ])
        }

        @Test func defaultModeTakesTheDefault() throws {
            let (output, warnings) = try Self.decode(#"{"sku":"A1","availability":"backordered"}"#, as: "Product")
            #expect(output == #"{"sku":"A1","availability":"in_stock"}"#)
            #expect(
                warnings == [
                    #"warning: /availability (Product.availability): unknown value "backordered" for enum 'Availability'; expected one of "in_stock", "sold_out"; decoded as its default (on_error: default) [test.yaml:10:7]"#
                ])
        }

        @Test func dropModeLeavesBadElementsOutOfArraysAndDictionaries() throws {
            let (output, warnings) = try Self.decode(#"{"sku":"A1","tags":["a",7,"b",null],"sizes":{"s":1,"m":"x","l":3}}"#, as: "Product")
            #expect(output == #"{"sku":"A1","availability":"in_stock","tags":["a","b",null],"sizes":{"s":1,"l":3}}"#)
            #expect(warnings.count == 2)
            #expect(
                warnings.first
                    == "warning: /tags/1 (Product.tags[1]): expected a string, found 7; element left out (on_error: drop) [test.yaml:11:7]")
            #expect(warnings.last?.hasPrefix("warning: /sizes/m (") == true)
            #expect(warnings.last?.hasSuffix(#"expected an integer, found "x"; entry left out (on_error: drop) [test.yaml:12:7]"#) == true)
        }

        @Test func dropModeLeavesTheWholePropertyOutWhenTheValueItselfIsWrong() throws {
            let (output, warnings) = try Self.decode(#"{"sku":"A1","tags":"a,b","weight":-1}"#, as: "Product")
            #expect(output == #"{"sku":"A1","availability":"in_stock"}"#)
            #expect(
                warnings == [
                    #"warning: /tags (Product.tags): expected an array, found "a,b"; left out (on_error: drop) [test.yaml:11:7]"#,
                    "warning: /weight (Product.weight): expected a number of at least 0, found -1; left out (on_error: drop) [test.yaml:13:7]",
                ])
        }

        @Test func anErrorInsideANestedModelMakesTheModelPropertyNull() throws {
            let (output, warnings) = try Self.decode(#"{"sku":"A1","box":{"width":"wide"}}"#, as: "Product")
            #expect(output == #"{"sku":"A1","availability":"in_stock","box":null}"#)
            #expect(
                warnings == [
                    #"warning: /box/width (Product.box.width): expected an integer, found "wide"; decoded as null (on_error: null) [test.yaml:18:7]"#
                ])
        }

        @Test func propertiesWithoutOnErrorAndMissingRequiredKeysStayErrors() throws {
            let mapper = try Mapper(Self.yaml)
            #expect(
                mapper.errors(#"{"sku":"A1","price":"cheap","stock":"many"}"#, as: "Product") == [
                    #"error: /stock (Product.stock): expected an integer, found "many" [test.yaml:15:7]"#
                ])
            #expect(
                mapper.errors(#"{"price":1}"#, as: "Product") == [
                    "error: /sku (Product.sku): required key 'sku' is missing [test.yaml:8:7]"
                ])
        }

        @Test func strictTurnsWarningsBackIntoTheErrorsTheyWere() throws {
            let input = #"{"sku":"A1","price":"cheap","tags":["a",7]}"#
            #expect(throws: MappingErrors.self) { try Self.decode(input, as: "Product", strict: true) }
            let mapper = try Mapper(Self.yaml)
            var session = MappingSession(catalog: mapper.catalog)
            session.strict = true
            do {
                _ = try session.decodeToCanonical(Array(input.utf8), as: "Product")
                Issue.record("strict decoding accepted a bad price")
            } catch {
                #expect(
                    error.errors.map(\.description) == [
                        #"error: /price (Product.price): expected an integer, found "cheap" [test.yaml:9:7]"#,
                        "error: /tags/1 (Product.tags[1]): expected a string, found 7 [test.yaml:11:7]",
                    ])
            }
        }

        @Test func warningsBelongToTheLastDocumentOnly() throws {
            let mapper = try Mapper(Self.yaml)
            var session = MappingSession(catalog: mapper.catalog)
            _ = try session.decodeToCanonical(Array(#"{"sku":"A1","price":"x"}"#.utf8), as: "Product")
            #expect(session.warnings.count == 1)
            _ = try session.decodeToCanonical(Array(#"{"sku":"A2","price":2}"#.utf8), as: "Product")
            #expect(session.warnings.isEmpty)
            _ = try session.decode(Array(#"{"sku":"A3","tags":[1]}"#.utf8), as: "Product")
            #expect(session.warnings.map(\.pointer) == ["/tags/0"])
        }

        @Test func warningsHaveTheShapeOfErrors() throws {
            let mapper = try Mapper(Self.yaml)
            var session = MappingSession(catalog: mapper.catalog)
            _ = try session.decodeToCanonical(Array(#"{"sku":"A1","price":true}"#.utf8), as: "Product")
            let warning = try #require(session.warnings.first)
            #expect(warning.code == .typeMismatch)
            #expect(
                warning.jsonValue == [
                    "pointer": "/price", "path": "Product.price",
                    "message": "expected an integer, found true; decoded as null (on_error: null)",
                    "source": "test.yaml:9:7", "code": "type-mismatch",
                ])
        }

        /// The fast path gives up on a value that does not convert; the general reader applies
        /// `on_error`. Both must give the same bytes and warnings.
        @Test(arguments: [
            #"{"sku":"A1","price":3,"tags":["a"],"weight":2.5}"#,
            #"{"sku":"A1","price":"3","tags":["a",1],"weight":-2.5,"box":{"width":1}}"#,
            #"[{"sku":"A1","availability":"gone"},null,{"sku":"A2","sizes":{"a":"b"}}]"#,
        ])
        func fastAndGeneralPathsAgree(_ input: String) throws {
            let fast = try Self.decode(input, as: "Product", transcoder: true)
            let general = try Self.decode(input, as: "Product", transcoder: false)
            #expect(fast.0 == general.0)
            #expect(fast.1 == general.1)
        }

        @Test func aModelsOnErrorAppliesToItsOptionalPropertiesAndIsInherited() throws {
            let (output, warnings) = try Self.decode(#"{"id":1,"stars":"five"}"#, as: "Review")
            #expect(output == #"{"id":1,"stars":null}"#)
            #expect(
                warnings == [
                    #"warning: /stars (Review.stars): expected an integer, found "five"; decoded as null (on_error: null) [test.yaml:23:7]"#
                ])
            let inherited = try Self.decode(#"{"id":1,"body":7}"#, as: "LongReview")
            #expect(inherited.0 == #"{"id":1,"body":null}"#)
            let mapper = try Mapper(Self.yaml)
            // Required (id) and the property's own `fail` (title) stay errors.
            #expect(
                mapper.errors(#"{"id":"one","title":2}"#, as: "Review") == [
                    #"error: /id (Review.id): expected an integer, found "one" [test.yaml:22:7]"#,
                    "error: /title (Review.title): expected a string, found 2 [test.yaml:24:7]",
                ])
            let review = try #require(mapper.catalog.modelType(named: "LongReview"))
            #expect(review.spec.properties.map(\.onError) == [.fail, .null, .fail, .null])
        }

        @Test func canonicalJSONIsReadStrictly() throws {
            let mapper = try Mapper(Self.yaml)
            #expect(
                mapper.canonicalErrors(#"{"sku":"A1","price":"x"}"#, as: "Product") == [
                    #"error: /price (Product.price): expected an integer, found "x" [test.yaml:9:7]"#
                ])
        }

        @Test func yamlNullIsTheNullModeAndOtherWordsAreRefused() {
            let written = Catalog.check(sources: [
                .init(
                    name: "test.yaml",
                    text: """
                        mapper: 1
                        models:
                          A:
                            properties:
                              a: { type: int, on_error: null }
                              b: { type: int, on_error: ~ }
                        """)
            ])
            #expect(
                written.diagnostics.map { "\($0.line):\($0.column) \($0.code) \($0.message)" } == [
                    "6:33 invalid-on-error on_error of property 'b' of model 'A' must be fail, null, default or drop, not '~'"
                ])
        }
    }
}
