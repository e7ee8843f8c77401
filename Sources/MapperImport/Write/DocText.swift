import Foundation

/// Descriptions as plain Markdown: many descriptions write HTML (Asana's `<p><strong style={{
/// color: "#4573D2" }}>Full object requires scope: </strong><code>tasks:read</code></p>`, JSX
/// attributes included) where a catalog's `doc` is read as Markdown.
enum DocText {
    /// `<code>` → backticks, `<strong>`/`<b>` → `**`, `<em>`/`<i>` → `*`, `<a href>` → a link,
    /// `<li>` → `- `, `<p>`/`<br>` → line breaks, other tags dropped, entities decoded. Text
    /// without a tag or an entity is returned as it is.
    static func markdown(_ text: String) -> String {
        guard text.range(of: #"</?[A-Za-z][^<>]*>|&[a-z#0-9]+;"#, options: .regularExpression) != nil else { return text }
        var result = text
        let replacements: [(String, String)] = [
            (#"<a\b[^>]*?href=["']([^"']*)["'][^>]*>(.*?)</a>"#, "[$2]($1)"),
            (#"</?code\b[^>]*>"#, "`"),
            (#"</?(strong|b)\b[^>]*>"#, "**"),
            (#"</?(em|i)\b[^>]*>"#, "*"),
            (#"</li>\s*"#, ""),
            (#"<li\b[^>]*>\s*"#, "\n- "),
            (#"<br\s*/?>"#, "\n"),
            (#"</p>\s*<p\b[^>]*>"#, "\n\n"),
            (#"</?(p|ul|ol|div|span|li|h[1-6])\b[^>]*>"#, "\n"),
            (#"</?[A-Za-z][A-Za-z0-9]*\b[^<>]*>"#, ""),
        ]
        for (pattern, template) in replacements {
            result = result.replacingOccurrences(
                of: pattern, with: template, options: [.regularExpression, .caseInsensitive])
        }
        // `&amp;` last: `&amp;lt;` is the text `&lt;`.
        let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")]
        for (entity, character) in entities {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        // No run of blank lines, no spaces at line ends, no leading or trailing breaks.
        result = result.replacingOccurrences(of: #"[ \t]+\n"#, with: "\n", options: .regularExpression)
        result = result.replacingOccurrences(of: #"\n{3,}"#, with: "\n\n", options: .regularExpression)
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
