import Testing
@testable import MapperYAML

/// A mapping file is one YAML document (SPEC §2).
struct DocumentTests {
    @Test(arguments: ["", "\n\n", "   \n", "# only a comment\n", "# one\n\n# two", "\u{FEFF}"])
    func emptyFileHasNoRootAndNoErrors(text: String) {
        let document = parse(text)
        #expect(document.root == nil)
        #expect(document.errors == [])
    }

    @Test(arguments: [
        "---\na: 1\n", "a: 1\n...\n", "---\na: 1\n...\n", "# header\n---\na: 1\n",
        "%YAML 1.1\n---\na: 1\n", "%YAML 1.2\n---\na: 1\n", "--- {a: 1}\n",
    ])
    func oneDocumentWithMarkers(text: String) throws {
        #expect(try plain(text) == ["a": 1])
    }

    @Test func explicitEmptyDocumentIsNull() throws {
        #expect(try root("---\n").isNull)
    }

    @Test(arguments: [
        ("a: 1\n---\nb: 2\n", 2), ("a: 1\n...\n---\nb: 2\n", 3), ("--- a\n--- b\n", 2),
        ("---\na: 1\n---\n", 3), ("# x\n---\na: 1\n# y\n---\n- b\n---\n- c\n", 5),
    ])
    func secondDocumentIsAnError(text: String, line: Int) {
        let document = parse(text)
        #expect(
            document.errors == [
                YAMLError(
                    .multipleDocuments,
                    "a mapping file holds one YAML document, but a second one starts here; move it to a file of its own",
                    at: mark(line, 1))
            ])
    }

    @Test func problemsOfTheFirstDocumentAreKept() {
        let document = parse("a: 1\na: 2\n---\nb: 2\n")
        #expect(document.errors.map(\.code) == [.duplicateKey, .multipleDocuments])
    }

    @Test func rootMayBeAnyNode() throws {
        #expect(try plain("- 1\n- two\n") == [1, "two"])
        #expect(try plain("just text\n") == "just text")
        #expect(try plain("42") == 42)
    }
}
