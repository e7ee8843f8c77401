import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §3: nested models, `[T]` and `[string: T]` on decode, canonical output and encode.
    struct CompositeTypeTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  Label:
                    key_style: snake_case
                    properties:
                      name: string
                      colorCode: int
                  Issue:
                    properties:
                      ints: "[int]"
                      counts: "[string: int]"
                      labels: "[Label]"
                      byName: { type: "[string: Label]", key: by_name }
                      grid: "[[int]]"
                      main: Label
                """)
        }

        @Test func arraysKeepNullElements() throws {
            #expect(try mapper.canonical(#"{"ints": [1, null, 2.0, null]}"#, as: "Issue") == #"{"ints":[1,null,2,null]}"#)
            #expect(try mapper.roundTrip(#"{"ints": [null]}"#, as: "Issue") == #"{"ints":[null]}"#)
            #expect(try mapper.canonical(#"{"ints": []}"#, as: "Issue") == #"{"ints":[]}"#)
        }

        @Test func arrayElementsAreConverted() {
            #expect(
                mapper.errors(#"{"ints": [1, "2", 3.5]}"#, as: "Issue") == [
                    #"error: /ints/1 (Issue.ints[1]): expected an integer, found "2" [test.yaml:10:7]"#,
                    "error: /ints/2 (Issue.ints[2]): expected an integer, found 3.5 [test.yaml:10:7]",
                ])
            #expect(
                mapper.errors(#"{"ints": {"a": 1}}"#, as: "Issue") == [
                    #"error: /ints (Issue.ints): expected an array, found {"a":1} [test.yaml:10:7]"#
                ])
        }

        @Test func dictionariesKeepKeysInOrder() throws {
            let json = #"{"counts":{"zeta":1,"alpha":2,"mid":null,"":0,"a/b~c":4}}"#
            #expect(try mapper.canonical(json, as: "Issue") == json)
            #expect(try mapper.roundTrip(json, as: "Issue") == json)
        }

        @Test func dictionaryValuesAreConverted() {
            #expect(
                mapper.errors(#"{"counts": {"a": 1, "b/c": "x"}}"#, as: "Issue") == [
                    #"error: /counts/b~1c (Issue.counts["b/c"]): expected an integer, found "x" [test.yaml:11:7]"#
                ])
            #expect(
                mapper.errors(#"{"counts": [1]}"#, as: "Issue") == [
                    "error: /counts (Issue.counts): expected an object, found [1] [test.yaml:11:7]"
                ])
        }

        @Test func nestedModelsUseTheirOwnKeys() throws {
            let input = #"{"main": {"color_code": 1, "name": "bug"}, "labels": [{"name": "a"}, null, {"color_code": 2}]}"#
            #expect(
                try mapper.canonical(input, as: "Issue")
                    == #"{"labels":[{"name":"a"},null,{"colorCode":2}],"main":{"name":"bug","colorCode":1}}"#)
            #expect(
                try mapper.roundTrip(input, as: "Issue")
                    == #"{"labels":[{"name":"a"},null,{"color_code":2}],"main":{"name":"bug","color_code":1}}"#)
        }

        @Test func dictionariesOfModelsAndArraysOfArrays() throws {
            let input = #"{"by_name": {"bug": {"color_code": 1}, "none": null}, "grid": [[1, 2], [], null, [3]]}"#
            #expect(
                try mapper.canonical(input, as: "Issue")
                    == #"{"byName":{"bug":{"colorCode":1},"none":null},"grid":[[1,2],[],null,[3]]}"#)
            #expect(
                try mapper.roundTrip(input, as: "Issue")
                    == #"{"by_name":{"bug":{"color_code":1},"none":null},"grid":[[1,2],[],null,[3]]}"#)
            #expect(
                mapper.errors(#"{"grid": [[1], [2, "x"]]}"#, as: "Issue") == [
                    #"error: /grid/1/1 (Issue.grid[1][1]): expected an integer, found "x" [test.yaml:14:7]"#
                ])
        }

        /// The source is the property that expected the object, not the nested model's declaration.
        @Test func nestedModelMustBeAnObject() {
            #expect(
                mapper.errors(#"{"main": "bug", "labels": [7]}"#, as: "Issue") == [
                    "error: /labels/0 (Issue.labels[0]): expected an object for model 'Label', found 7 [test.yaml:12:7]",
                    #"error: /main (Issue.main): expected an object for model 'Label', found "bug" [test.yaml:15:7]"#,
                ])
        }

        @Test func errorsInsideNestedModelsCiteTheNestedDeclaration() {
            #expect(
                mapper.errors(#"{"labels": [{}, {}, {"color_code": "red"}]}"#, as: "Issue") == [
                    #"error: /labels/2/color_code (Issue.labels[2].colorCode): expected an integer, found "red" [test.yaml:7:7]"#
                ])
        }
    }
}
