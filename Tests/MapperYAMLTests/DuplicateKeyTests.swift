import Testing
@testable import MapperYAML

/// A key written twice in one mapping is an error (SPEC §2): the first stays, every later one is
/// reported at its own position with the first as `related`.
struct DuplicateKeyTests {
    @Test func duplicateKeyNamesBothPlaces() throws {
        let document = parse("name: a\ntitle: b\nname: c\n")
        #expect(
            document.errors == [
                YAMLError(
                    .duplicateKey, "duplicate key 'name' (first defined at line 1, column 1); remove one of them",
                    at: mark(3, 1), related: mark(1, 1))
            ])
        #expect(try Plain(#require(document.root)) == ["name": "a", "title": "b"])
    }

    @Test func duplicateInsideNestedFlowMapping() {
        let document = parse("a:\n  - {x: 1, y: 2, x: 3}\n")
        #expect(
            document.errors == [
                YAMLError(
                    .duplicateKey, "duplicate key 'x' (first defined at line 2, column 6); remove one of them",
                    at: mark(2, 18), related: mark(2, 6))
            ])
    }

    @Test func everyDuplicateIsReported() {
        let document = parse("a: 1\nb: 2\na: 3\nc:\n  d: 4\n  d: 5\nb: 6\na: 7\n")
        #expect(document.errors.map(\.mark) == [mark(3, 1), mark(6, 3), mark(7, 1), mark(8, 1)])
        #expect(document.errors.map(\.related) == [mark(1, 1), mark(5, 3), mark(2, 1), mark(1, 1)])
        #expect(document.errors.allSatisfy { $0.code == .duplicateKey })
    }

    @Test func integerAndStringKeysDiffer() throws {
        #expect(try root("1: int\n\"1\": string\n").mapping?.count == 2)
    }

    @Test(arguments: [
        ("true", "True"), ("false", "FALSE"), ("null", "~"), ("~", "NULL"), ("null", "Null"), ("1", "0x1"), ("8", "0o10"),
        ("1", "+1"), ("1.5", "1.50"), ("quoted", "'quoted'"), ("plain", "\"plain\""),
    ])
    func keysWithTheSameValueAreTheSameKey(first: String, second: String) {
        let document = parse("\(first): a\n\(second): b\n")
        #expect(
            document.errors == [
                YAMLError(
                    .duplicateKey,
                    "duplicate key '\(Self.text(of: second))' (first defined at line 1, column 1); remove one of them",
                    at: mark(2, 1), related: mark(1, 1))
            ])
    }

    /// The scalar text a short key is read as.
    static func text(of key: String) -> String {
        key.first == "'" || key.first == "\"" ? String(key.dropFirst().dropLast()) : key
    }

    @Test(arguments: [("1", "1.0"), ("true", "'true'"), ("null", "'null'"), ("1", "'1'"), ("a", "A")])
    func keysWithDifferentValuesDiffer(first: String, second: String) throws {
        #expect(try root("\(first): a\n\(second): b\n").mapping?.count == 2)
    }

    @Test func collectionKeysCompareByValue() {
        let document = parse("? [a, b]\n: 1\n? [a, b]\n: 2\n? {x: 1, y: 2}\n: 3\n? {y: 2, x: 1}\n: 4\n? [b, a]\n: 5\n")
        #expect(
            document.errors == [
                YAMLError(
                    .duplicateKey, "duplicate key (a sequence) (first defined at line 1, column 3); remove one of them",
                    at: mark(3, 3), related: mark(1, 3)),
                YAMLError(
                    .duplicateKey, "duplicate key (a mapping) (first defined at line 5, column 3); remove one of them",
                    at: mark(7, 3), related: mark(5, 3)),
            ])
    }

    @Test func duplicatesAmongMergedMappingsAreNotErrors() throws {
        let node = try root("a: &a {x: 1}\nb: &b {x: 2}\nc:\n  <<: [*a, *b]\n  x: 3\n")
        #expect(try Plain(#require(node["c"])) == ["x": 3])
    }

    @Test func aliasedKeyDuplicatesItsAnchor() {
        let document = parse("&k name: 1\n*k : 2\n")
        #expect(document.errors.map(\.code) == [.duplicateKey])
        #expect(document.errors.first?.mark == mark(1, 1))
    }
}
