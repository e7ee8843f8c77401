import Testing
@testable import MapperYAML

/// The small API consumers read the tree with.
struct NodeTests {
    @Test func subscriptFindsStringKeysOnly() throws {
        let node = try root("name: a\n1: one\n'2': two\n")
        #expect(node["name"]?.string == "a")
        #expect(node["1"] == nil)
        #expect(node["2"]?.string == "two")
        #expect(node["missing"] == nil)
        #expect(node["name"]?["x"] == nil)
    }

    @Test func accessorsMatchTheContent() throws {
        let node = try root("s: text\nn: ~\nl: [1]\nm: {}\ni: 5\n")
        #expect(node["s"]?.string == "text")
        #expect(node["i"]?.string == nil)
        #expect(node["n"]?.isNull == true)
        #expect(node["s"]?.isNull == false)
        #expect(node["l"]?.sequence?.count == 1)
        #expect(node["l"]?.mapping == nil)
        #expect(node["m"]?.mapping?.isEmpty == true)
        #expect(node["m"]?.scalar == nil)
    }

    @Test(arguments: [
        ("a: {}", "a mapping"), ("a: []", "a sequence"), ("a: ~", "null"), ("a: true", "the boolean true"),
        ("a: 0x1F", "the integer 0x1F"), ("a: 1.5", "the number 1.5"), ("a: '5'", "the string \"5\""),
        ("a: " + String(repeating: "x", count: 41), "the string \"" + String(repeating: "x", count: 37) + "...\""),
    ])
    func kindDescription(text: String, description: String) throws {
        #expect(try root(text)["a"]?.kindDescription == description)
    }

    @Test func errorDescriptionIsCompilerStyle() {
        let error = YAMLError(.duplicateKey, "duplicate key 'a'", at: Mark(file: "m.yaml", line: 3, column: 5))
        #expect(error.description == "m.yaml:3:5: error: duplicate key 'a' [duplicate-key]")
        #expect(error.code.description == "duplicate-key")
    }

    @Test func marksOrderByFileLineAndColumn() {
        let marks = [
            Mark(file: "b", line: 1, column: 1), Mark(file: "a", line: 2, column: 1),
            Mark(file: "a", line: 1, column: 9), Mark(file: "a", line: 1, column: 2),
        ]
        #expect(marks.sorted().map(\.description) == ["a:1:2", "a:1:9", "a:2:1", "b:1:1"])
    }

    @Test func errorCodesAreStable() {
        let codes: [YAMLError.Code] = [
            .syntax, .encoding, .duplicateKey, .multipleDocuments, .tooDeep, .aliasLimit,
            .undefinedAlias, .unsupportedTag, .invalidTaggedValue, .invalidMerge,
        ]
        #expect(
            codes.map(\.rawValue) == [
                "yaml-syntax", "yaml-encoding", "duplicate-key", "multiple-documents",
                "yaml-too-deep", "yaml-alias-limit", "undefined-alias", "unsupported-tag",
                "invalid-tagged-value", "invalid-merge",
            ])
    }
}
