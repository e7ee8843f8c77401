import MapperKit

/// Writes a draft as mapping files: one per group, models, enums and routes sorted by name, each
/// file starting with a header comment. The same draft always gives the same bytes.
package struct CatalogWriter {
    /// What a line of the output declares, so that a diagnostic about that line can be traced
    /// back to the draft.
    package enum Owner: Sendable, Hashable {
        /// A model's own lines (its name, doc, `extends`, `variants`, …).
        case model(String)
        /// A property of a model.
        case property(model: String, name: String)
        /// An enum.
        case enumeration(String)
        /// A date format.
        case format(String)
        /// A route, by its key (`GET /v2/droplets/#`).
        case route(String)
    }

    /// The written files, and what each of their lines declares.
    package struct Output: Sendable {
        /// File name → text.
        package var files: [(name: String, text: String)]
        /// File name → line (1-based) → what it declares.
        package var owners: [String: [Int: Owner]]
    }

    /// The lines of the comment each file starts with (without `# `).
    package var header: [String]
    /// Model, enum and format name → the group (file stem) it is written to.
    package var groups: [String: String]
    /// The group of anything `groups` does not name.
    package var defaultGroup: String

    /// A writer that starts each file with `header` and puts what `groups` names into its group.
    package init(header: [String], groups: [String: String], defaultGroup: String) {
        self.header = header
        self.groups = groups
        self.defaultGroup = defaultGroup
    }

    /// The files of `draft`, one per group (`GROUP.yaml`), in name order.
    package func write(_ draft: CatalogDraft) -> Output {
        var files: [String: FileBuilder] = [:]
        func builder(for name: String) -> String { groups[name] ?? defaultGroup }
        for name in draft.formats.keys.sorted() { files[builder(for: name), default: FileBuilder()].formats.append(name) }
        for name in draft.enums.keys.sorted() { files[builder(for: name), default: FileBuilder()].enums.append(name) }
        for name in draft.models.keys.sorted() { files[builder(for: name), default: FileBuilder()].models.append(name) }
        for block in draft.routeBlocks where !block.routes.isEmpty {
            files[block.group, default: FileBuilder()].routes = block
        }
        var output = Output(files: [], owners: [:])
        for group in files.keys.sorted() {
            let name = group + ".yaml"
            var lines = LineBuffer()
            for line in header { lines.add("# " + line) }
            lines.add("mapper: 1")
            files[group]?.write(draft, into: &lines)
            output.files.append((name, lines.lines.joined(separator: "\n") + "\n"))
            output.owners[name] = lines.owners
        }
        return output
    }
}

/// Lines with what each one declares.
struct LineBuffer {
    var lines: [String] = []
    var owners: [Int: CatalogWriter.Owner] = [:]

    mutating func add(_ line: String, owner: CatalogWriter.Owner? = nil) {
        lines.append(line)
        if let owner { owners[lines.count] = owner }
    }

    mutating func add(_ more: [String], owner: CatalogWriter.Owner? = nil) {
        for line in more { add(line, owner: owner) }
    }
}

private struct FileBuilder {
    var formats: [String] = []
    var enums: [String] = []
    var models: [String] = []
    var routes: RouteBlockDraft?

    func write(_ draft: CatalogDraft, into lines: inout LineBuffer) {
        if !formats.isEmpty {
            lines.add("formats:")
            for name in formats {
                guard let format = draft.formats[name] else { continue }
                lines.add("  \(name): { date: \(YAMLText.scalar(format.datePattern)) }", owner: .format(name))
            }
        }
        if !enums.isEmpty {
            lines.add("enums:")
            for enumeration in enums.compactMap({ draft.enums[$0] }) { EnumWriter(draft: enumeration).write(into: &lines) }
        }
        if !models.isEmpty {
            lines.add("models:")
            for model in models.compactMap({ draft.models[$0] }) { ModelWriter(draft: model).write(into: &lines) }
        }
        if let routes {
            lines.add("routes:")
            if let prefix = routes.prefix { lines.add("  prefix: \(YAMLText.scalar(prefix))") }
            if let errorModel = routes.errorModel { lines.add("  error_model: \(errorModel)") }
            lines.add("  paths:")
            for route in routes.routes.sorted(by: { ($0.pattern, $0.method) < ($1.pattern, $1.method) }) {
                lines.add("    \(YAMLText.scalar(route.key)): \(route.model)", owner: .route(route.key))
            }
        }
    }
}

private struct EnumWriter {
    var draft: EnumDraft

    func write(into lines: inout LineBuffer) {
        let owner = CatalogWriter.Owner.enumeration(draft.name)
        lines.add("  \(draft.name):", owner: owner)
        if let doc = draft.doc { lines.add(YAMLText.field("doc", DocText.markdown(doc), indent: 4), owner: owner) }
        let entries = draft.cases.map { "\(YAMLText.scalar($0.name)): \(Self.caseValue($0.value))" }
        let flow = "    cases: { " + entries.joined(separator: ", ") + " }"
        if flow.count <= 100 {
            lines.add(flow, owner: owner)
        } else {
            lines.add("    cases:", owner: owner)
            for entry in entries { lines.add("      " + entry, owner: owner) }
        }
        if let defaultCase = draft.defaultCase { lines.add("    default: \(defaultCase)", owner: owner) }
    }

    /// A case's JSON value: objects take the long form `{ json: … }`.
    static func caseValue(_ value: JSONValue) -> String {
        if case .object = value { return "{ json: \(YAMLFlow.value(value)) }" }
        return YAMLFlow.value(value)
    }
}

/// JSON values as YAML flow nodes.
enum YAMLFlow {
    static func value(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.text
        case .string(let text): return YAMLText.scalar(text)
        case .array(let items): return "[" + items.map(Self.value).joined(separator: ", ") + "]"
        case .object(let object):
            if object.members.isEmpty { return "{}" }
            return "{ " + object.members.map { "\(YAMLText.scalar($0.key)): \(Self.value($0.value))" }.joined(separator: ", ") + " }"
        }
    }
}
