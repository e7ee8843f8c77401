/// The `# yaml-language-server: $schema=…` comment that tells yaml-language-server (VS Code's YAML
/// extension, and the editors that run it) which JSON Schema a file follows: `mapper import` and
/// `mapper infer` write it with `--schema-modeline`.
enum SchemaModeline {
    /// The modeline naming `schema` (a path relative to the file, or a URL).
    static func line(_ schema: String) -> String {
        "# yaml-language-server: $schema=\(schema)"
    }

    /// `text` with the modeline after its leading comment lines (the generator's header, which
    /// must stay first), or `text` itself without a schema.
    static func adding(_ schema: String?, to text: String) -> String {
        guard let schema else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.firstIndex { !$0.hasPrefix("#") } ?? lines.endIndex
        lines.insert(Substring(line(schema)), at: first)
        return lines.joined(separator: "\n")
    }
}
