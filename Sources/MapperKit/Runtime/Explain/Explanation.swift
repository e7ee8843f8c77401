/// Why each canonical value of a decoded document is what it is (`mapper decode --explain`):
/// where in the input it came from, the property that read it, and what was applied.
///
/// ```swift
/// var session = MappingSession(catalog: catalog)
/// let (decoded, explanation) = try session.explain(bytes, as: "Issue")
/// print(explanation.text)
/// ```
public struct Explanation: Sendable, Hashable {
    /// One canonical value: a property of a model (of the document, or nested in it).
    public struct Entry: Sendable, Hashable {
        /// Where the value is in the models: `Issue.labels[0].name`.
        public var path: String
        /// The input JSON pointer it was read from; for a missing key, where it was looked for.
        public var pointer: String
        /// Whether the input had the key (false: the value is a default, computed, or absent).
        public var present: Bool
        /// `file:line:column` of the property's declaration in the mapping file.
        public var rule: String
        /// The canonical JSON of the value; nil when the value was not decided (an error).
        public var value: JSONValue?
        /// What was applied, in order.
        public var steps: [Step]
    }

    /// One thing applied to a value.
    public struct Step: Sendable, Hashable {
        /// The kinds of rules a step applies (`kind` in the JSON form).
        public enum Kind: String, Sendable, Hashable {
            /// The JSON key (`detail`: the key), `keyPath` for a dotted path.
            case key, keyPath
            /// The model's `key_style` named the key (`detail`: `snake_case: createdAt → created_at`).
            case keyStyle
            case format, representation
            case enumCase, alias, fallback
            /// The key was missing (or the property transient) and the `default` was used.
            case `default`
            /// The key was missing and the property has no default: absent (null).
            case absent
            case null
            case computed, flatten
            case variant, unionMember, transform
            /// A CEL expression gave the value (`detail`: `decode: EXPR`, or the default expression
            /// used because the key was missing).
            case expression
        }

        /// What kind of rule applied.
        public var kind: Kind
        /// The rule as written, with the values involved (`format: yyyy-MM-dd`).
        public var detail: String
        /// Where it applied, when deeper than the entry's pointer (an array element).
        public var pointer: String?
    }

    /// An input key no property read.
    public struct UnreadKey: Sendable, Hashable {
        /// The key's JSON pointer in the input.
        public var pointer: String
        /// The model whose object held it.
        public var model: String
    }

    /// The model the document was decoded as.
    public var model: String
    /// Every canonical value, in the order the properties were read.
    public var entries: [Entry] = []
    /// Input keys no property read (kept, ignored or refused by `unknown_keys`).
    public var unread: [UnreadKey] = []
}

extension Explanation {
    /// For tools: `{"model", "values": [{"path", "pointer", "present", "rule", "value", "applied":
    /// [{"kind", "detail", "pointer"?}]}], "unread": [{"pointer", "model"}]}`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.append("model", .string(model))
        object.append(
            "values",
            .array(
                entries.map { entry in
                    var item = JSONObject()
                    item.append("path", .string(entry.path))
                    item.append("pointer", .string(entry.pointer))
                    item.append("present", .bool(entry.present))
                    item.append("rule", .string(entry.rule))
                    item.append("value", entry.value ?? .null)
                    item.append(
                        "applied",
                        .array(
                            entry.steps.map { step in
                                var applied = JSONObject()
                                applied.append("kind", .string(step.kind.rawValue))
                                applied.append("detail", .string(step.detail))
                                if let pointer = step.pointer { applied.append("pointer", .string(pointer)) }
                                return .object(applied)
                            }))
                    return .object(item)
                }))
        object.append(
            "unread",
            .array(
                unread.map { key in
                    var item = JSONObject()
                    item.append("pointer", .string(key.pointer))
                    item.append("model", .string(key.model))
                    return .object(item)
                }))
        return .object(object)
    }

    /// For people: one block per value, then the unread keys.
    public var text: String {
        var lines: [String] = []
        for entry in entries {
            let value =
                entry.value.map { Self.short(JSONWriter.write($0)) }
                ?? (entry.steps.contains { $0.kind == .absent } ? "(absent)" : "(error)")
            // No pointer: a computed or flattened property, or the document's own `$type`.
            let from =
                entry.present
                ? (entry.pointer.isEmpty ? "/" : entry.pointer)
                : entry.pointer.isEmpty ? "(not read from the input)" : "\(entry.pointer) (missing)"
            lines.append("\(entry.path) = \(value)")
            lines.append("    from \(from)  rule \(entry.rule)")
            for step in entry.steps {
                let at = step.pointer.map { " at \($0)" } ?? ""
                lines.append("    \(step.kind.rawValue): \(step.detail)\(at)")
            }
        }
        if unread.isEmpty {
            lines.append("unread keys: none")
        } else {
            lines.append("unread keys:")
            for key in unread { lines.append("    \(key.pointer)  (\(key.model))") }
        }
        return lines.joined(separator: "\n")
    }

    private static func short(_ text: String) -> String {
        text.count <= 72 ? text : String(text.prefix(71)) + "…"
    }
}
