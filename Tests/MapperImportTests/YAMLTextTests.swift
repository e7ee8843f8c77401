import MapperYAML
import Testing
@testable import MapperImport

/// Scalars the writer emits must read back, through our libyaml reader and the YAML 1.2 core
/// schema, as exactly the same string.
struct YAMLTextTests {
    static let tricky = [
        "yes", "no", "on", "off", "Yes", "y", "n", "true", "False", "null", "~", "", " ", "  leading", "trailing ",
        "#", "# comment", "a #b", "a: b", "key:", ": x", "*alias", "&anchor", "!tag", "%directive", "@at", "`tick",
        "|", ">", "-", "- item", "? question", "[x]", "{y}", "a, b", "'single'", "\"double\"", "back\\slash",
        "123", "0x1F", "0o17", "1e3", ".5", "-.inf", ".NaN", "+1", "007", "1_000", "2020-07-21T18:37:44Z",
        "naïve café", "日本語", "emoji 😀", "\u{85}next", "line\u{2028}separator", "nbsp\u{A0}x", "\u{FEFF}bom",
        "tab\there", "new\nline", "cr\rreturn", "bell\u{7}", "del\u{7F}", "\u{FFFE}", "trailing newline\n",
        "two\n\nparagraphs", "  indented\nfirst", "ends with colon:", "https://example.com/a#b?c=d",
    ]

    @Test(arguments: tricky)
    func scalarReadsBack(_ text: String) throws {
        let yaml = "key: \(YAMLText.scalar(text))\nflow: { a: \(YAMLText.scalar(text)), b: 1 }\n"
        let document = YAML.parse(yaml, file: "t.yaml")
        #expect(document.errors.isEmpty, "\(document.errors) in \(yaml)")
        let root = try #require(document.root)
        #expect(root["key"]?.scalar?.text == text)
        #expect(root["key"]?.scalar?.kind == .string)
        #expect(root["flow"]?["a"]?.scalar?.text == text)
    }

    @Test(
        arguments: tricky + [
            String(repeating: "A long description that goes on and on ", count: 8) + "and ends.",
            "Markdown:\n\n- a list\n  - nested\n\n```\ncode\n```\n**bold** # not a comment",
            "A line with    several spaces and a very long tail that needs wrapping past the width of one hundred columns",
        ])
    func fieldReadsBack(_ text: String) throws {
        let lines = ["root:"] + YAMLText.field("doc", text, indent: 2) + ["  after: 1"]
        let document = YAML.parse(lines.joined(separator: "\n") + "\n", file: "t.yaml")
        #expect(document.errors.isEmpty, "\(document.errors)")
        let root = try #require(document.root)
        #expect(root["root"]?["doc"]?.scalar?.text == text, "\(lines.joined(separator: "\n"))")
        #expect(root["root"]?["after"]?.scalar?.int == 1)
    }

    @Test func longLinesAreFoldedAndMultiLineTextIsLiteral() {
        let long = String(repeating: "word ", count: 40) + "end"
        let folded = YAMLText.field("doc", long, indent: 4)
        #expect(folded[0] == "    doc: >-")
        #expect(folded.dropFirst().allSatisfy { $0.count <= 100 && $0.hasPrefix("      ") })
        #expect(YAMLText.field("doc", "a\nb", indent: 0) == ["doc: |-", "  a", "  b"])
        #expect(YAMLText.field("doc", "short", indent: 0) == ["doc: short"])
    }

    @Test func plainWhereUnambiguous() {
        #expect(YAMLText.scalar("active") == "active")
        #expect(YAMLText.scalar("in progress") == "in progress")
        #expect(YAMLText.scalar("yes") == "\"yes\"")
        #expect(YAMLText.scalar("a: b") == "\"a: b\"")
    }
}
