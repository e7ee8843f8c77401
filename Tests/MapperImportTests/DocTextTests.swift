import Testing
@testable import MapperImport

/// Descriptions in HTML become plain Markdown in `doc`.
struct DocTextTests {
    /// Asana's `TaskCompact` (github.com/Asana/openapi `defs/asana_oas.yaml`, commit fc9f8dcf):
    /// HTML with a JSX `style` attribute.
    @Test func asanasScopeNoteIsMarkdown() {
        let description = """
            <p><strong style={{ color: "#4573D2" }}>Full object requires scope: </strong><code>tasks:read</code></p>

            The *task* is the basic object around which many operations in Asana are centered.
            """
        #expect(
            DocText.markdown(description)
                == "**Full object requires scope: **`tasks:read`\n\nThe *task* is the basic object around which many operations in Asana are centered."
        )
    }

    @Test func linksListsAndEntities() {
        #expect(
            DocText.markdown(#"See <a href="https://x.test/a">the guide</a> &amp; more."#) == "See [the guide](https://x.test/a) & more.")
        #expect(DocText.markdown("<ul><li>one</li><li>two</li></ul>") == "- one\n- two")
        #expect(DocText.markdown("a &lt;b&gt; &amp;lt;") == "a <b> &lt;")
    }

    @Test func plainTextAndMarkdownStayAsTheyAre() {
        let text = "Use `a < b` and **bold**; 3 > 2.\n\nSecond paragraph."
        #expect(DocText.markdown(text) == text)
    }
}
