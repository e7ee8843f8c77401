public import MapperKit

extension Compatibility {
    /// The report as `mapper compat --format json` writes it. Every member is always present
    /// (`null` when it does not apply), changes in the order of `changes`:
    ///
    /// ```json
    /// {"breaking": true,
    ///  "summary": {"canonical": {"breaking": 1, "compatible": 0}, "external": {"breaking": 0, "compatible": 0}},
    ///  "changes": [{"side": "canonical", "breaking": true, "kind": "property-renamed", "subject": "Issue",
    ///               "member": "title", "message": "…", "old": "v1/issue.yaml:5:7", "new": "v2/issue.yaml:5:7",
    ///               "migration": "version: 2\nmigrations:\n  - { from: 1, rename: { title: headline } }"}]}
    /// ```
    public var json: JSONValue {
        func counts(_ side: Side) -> JSONValue {
            [
                "breaking": .number(JSONNumber(Int64(count(side: side, breaking: true)))),
                "compatible": .number(JSONNumber(Int64(count(side: side, breaking: false)))),
            ]
        }
        let items: [JSONValue] = changes.map { change in
            [
                "side": .string(change.side.rawValue),
                "breaking": .bool(change.breaking),
                "kind": .string(change.kind.rawValue),
                "subject": .string(change.subject),
                "member": change.member.map(JSONValue.string) ?? .null,
                "message": .string(change.message),
                "old": change.old.map { .string($0.description) } ?? .null,
                "new": change.new.map { .string($0.description) } ?? .null,
                "migration": change.migration.map(JSONValue.string) ?? .null,
            ]
        }
        return [
            "breaking": .bool(isBreaking),
            "summary": ["canonical": counts(.canonical), "external": counts(.external)],
            "changes": .array(items),
        ]
    }

    /// The report for people: changes grouped by model or enum, then a summary line.
    public var text: String {
        var lines: [String] = []
        var subject: String?
        for change in changes {
            if change.subject != subject {
                subject = change.subject
                lines.append(change.subject)
            }
            let member = change.member.map { "\($0): " } ?? ""
            let places = [change.old, change.new].compactMap { $0?.description }.joined(separator: " → ")
            let verdict = change.breaking ? "breaking  " : "compatible"
            let side = change.side.rawValue.padding(9)
            lines.append("  \(verdict) \(side) \(member)\(change.message)\(places.isEmpty ? "" : "  [\(places)]")")
            if let migration = change.migration {
                lines.append("      to migrate archives, add to model '\(change.subject)':")
                lines += migration.split(separator: "\n").map { "        " + $0 }
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// `2 breaking changes (canonical 1, external 1), 3 compatible changes`, or `no changes`.
    public var summary: String {
        guard !changes.isEmpty else { return "no changes" }
        let breaking = changes.count(where: \.breaking)
        let compatible = changes.count - breaking
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word) change\(count == 1 ? "" : "s")" }
        var text = plural(breaking, "breaking")
        if breaking > 0 {
            text += " (canonical \(count(side: .canonical, breaking: true)), external \(count(side: .external, breaking: true)))"
        }
        return text + ", " + plural(compatible, "compatible")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
