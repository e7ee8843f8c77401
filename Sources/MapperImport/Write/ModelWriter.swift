import Foundation
import MapperKit

/// Writes one model: its key style is the one that reproduces most of its JSON keys from the
/// property names; the other properties get an explicit `key`.
struct ModelWriter {
    var draft: ModelDraft

    /// Styles tried, in order of preference on a tie.
    private static let styles: [KeyStyle] = [.asIs, .snakeCase, .camelCase, .pascalCase, .kebabCase, .screamingSnakeCase]

    static func keyStyle(for properties: [PropertyDraft]) -> KeyStyle {
        var best = (style: KeyStyle.asIs, count: -1)
        for style in styles {
            let count = properties.filter { style.key(for: $0.name) == $0.jsonKey }.count
            if count > best.count { best = (style, count) }
        }
        return best.style
    }

    func write(into lines: inout LineBuffer) {
        let owner = CatalogWriter.Owner.model(draft.name)
        lines.add("  \(draft.name):", owner: owner)
        if let doc = draft.doc { lines.add(YAMLText.field("doc", DocText.markdown(doc), indent: 4), owner: owner) }
        if let base = draft.extends { lines.add("    extends: \(base)", owner: owner) }
        let style = Self.keyStyle(for: draft.properties)
        if style != .asIs { lines.add("    key_style: \(style.rawValue)", owner: owner) }
        if let unknownKeys = draft.unknownKeys { lines.add("    unknown_keys: \(unknownKeys.rawValue)", owner: owner) }
        if !draft.properties.isEmpty {
            lines.add("    properties:", owner: owner)
            for property in draft.properties {
                let key = style.key(for: property.name) == property.jsonKey ? nil : Self.escapedKey(property.jsonKey)
                lines.add(
                    Self.lines(for: property, key: key),
                    owner: .property(model: draft.name, name: property.name))
            }
        }
        if let variants = draft.variants {
            lines.add("    variants:", owner: owner)
            lines.add("      by: \(YAMLText.scalar(Self.escapedKey(variants.by)))", owner: owner)
            lines.add("      cases:", owner: owner)
            for entry in variants.cases {
                lines.add("        \(YAMLFlow.value(entry.value)): \(entry.model)", owner: owner)
            }
        }
    }

    /// A JSON key as a one-segment key path: `.` and `\` escaped.
    static func escapedKey(_ key: String) -> String {
        key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
    }

    /// The short form (`name: type`), the flow form on one line, or the block form with `doc`.
    static func lines(for property: PropertyDraft, key: String?) -> [String] {
        var fields: [(String, String)] = [("type", YAMLText.scalar(property.type.description))]
        if let key { fields.append(("key", YAMLText.scalar(key))) }
        if property.required { fields.append(("required", "true")) }
        if let format = property.format { fields.append(("format", format)) }
        let constraints = property.constraints
        if let minimum = constraints.minimum { fields.append(("minimum", minimum.text)) }
        if let maximum = constraints.maximum { fields.append(("maximum", maximum.text)) }
        if let minLength = constraints.minLength { fields.append(("min_length", String(minLength))) }
        if let maxLength = constraints.maxLength { fields.append(("max_length", String(maxLength))) }
        if let pattern = constraints.pattern { fields.append(("pattern", YAMLText.scalar(pattern))) }
        let name = "      \(property.name):"
        if property.doc == nil {
            if fields.count == 1 { return ["\(name) \(fields[0].1)"] }
            let flow = "\(name) { " + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
            if flow.count <= 100 { return [flow] }
        }
        var lines = [name] + fields.map { "        \($0.0): \($0.1)" }
        if let doc = property.doc { lines += YAMLText.field("doc", DocText.markdown(doc), indent: 8) }
        return lines
    }
}
