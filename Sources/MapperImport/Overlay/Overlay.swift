import MapperKit
import MapperSupport

/// An OpenAPI Overlay document (Overlay Specification 1.0; 1.1's documents too, without `copy`):
/// an ordered list of actions, each a JSONPath `target` and an `update` to merge into the nodes it
/// selects or `remove: true`. Read with the position of every part, for messages.
///
/// ```yaml
/// overlay: 1.0.0
/// info: { title: Fixes to the Droplets API, version: 1.0.0 }
/// actions:
///   - target: $.components.schemas.droplet.properties.status
///     update: { default: new }
/// ```
struct Overlay {
    /// One action: where it is, what it targets and what it does.
    struct Action {
        /// 0-based, as in `actions[2]`.
        var index: Int
        var target: JSONPath
        /// The `target` scalar: its position, for warnings.
        var targetNode: Node
        /// The `update` as written, for the positions of its parts; nil when there is none.
        var update: Node?
        var updateValue: JSONValue?
        var remove: Bool
    }

    /// The file as messages name it.
    var file: String
    /// `1.0.0` → (1, 0).
    var version: (major: Int, minor: Int)
    var title: String
    var extends: String?
    var actions: [Action]

    private static let rootFields: Set<String> = ["overlay", "info", "extends", "actions"]
    private static let actionFields: Set<String> = ["target", "description", "update", "remove"]

    /// Reads and checks the overlay at `path`; every problem is an `ImportError` with its position.
    static func read(path: String, display: String) throws(ImportError) -> Overlay {
        let bytes: [UInt8]
        do {
            bytes = try InputDescriptor.readFile(path)
        } catch {
            throw .unreadable(error, location: display)
        }
        let document = YAML.parse(bytes, file: display)
        if let error = document.errors.first {
            throw ImportError(code: .invalidYAML, message: "the overlay is not valid YAML: \(error.message)", at: error.mark)
        }
        guard let root = document.root, let pairs = root.mapping else {
            throw invalid(
                "the overlay is \(document.root?.kindDescription ?? "empty"), not a mapping with 'overlay', 'info' and 'actions'",
                at: document.root?.mark ?? Mark(file: display, line: 1, column: 1))
        }
        try checkFields(pairs, known: rootFields, what: "the overlay", fields: "overlay, info, extends and actions")
        let version = try Self.version(root, display: display)
        let title = try info(root, display: display)
        var extends: String?
        if let node = root["extends"] {
            guard let text = node.string else {
                throw invalid("'extends' must be a URI reference (a string), found \(node.kindDescription)", at: node)
            }
            extends = text
        }
        guard let list = root["actions"] else {
            throw invalid(
                "no 'actions': an overlay lists at least one action (target and update or remove)",
                at: Mark(file: display, line: 1, column: 1))
        }
        guard let items = list.sequence, !items.isEmpty else {
            throw invalid("'actions' must be a list of at least one action, found \(list.kindDescription)", at: list)
        }
        var actions: [Action] = []
        for (index, item) in items.enumerated() {
            actions.append(try action(item, index: index, version: version))
        }
        return Overlay(file: display, version: version, title: title, extends: extends, actions: actions)
    }

    private static func version(_ root: Node, display: String) throws(ImportError) -> (major: Int, minor: Int) {
        guard let node = root["overlay"] else {
            throw invalid(
                "no 'overlay' field: an overlay document starts with 'overlay: 1.0.0'", at: Mark(file: display, line: 1, column: 1))
        }
        let text = node.scalar?.text ?? ""
        let parts = text.split(separator: ".").map { Int($0) }
        guard parts.count >= 2, let major = parts[0], let minor = parts[1] else {
            throw invalid("'overlay' must be a version such as 1.0.0, found \(node.kindDescription)", at: node)
        }
        guard major == 1, minor <= 1 else {
            throw invalid("Overlay \(text) is not supported; mapper applies Overlay 1.0 documents (and 1.1 ones without 'copy')", at: node)
        }
        return (major, minor)
    }

    /// The `info` object's title; `title` and `version` are required strings.
    private static func info(_ root: Node, display: String) throws(ImportError) -> String {
        guard let info = root["info"] else {
            throw invalid("no 'info': an overlay needs 'info: {title: …, version: …}'", at: Mark(file: display, line: 1, column: 1))
        }
        guard info.mapping != nil else {
            throw invalid("'info' must be a mapping with title and version, found \(info.kindDescription)", at: info)
        }
        for field in ["title", "version"] {
            guard let value = info[field] else {
                throw invalid("'info' has no '\(field)': an overlay's info needs title and version", at: info)
            }
            guard value.scalar != nil, !value.isNull else {
                throw invalid("'info.\(field)' must be a string, found \(value.kindDescription)", at: value)
            }
        }
        return info["title"]?.scalar?.text ?? ""
    }

    private static func action(_ node: Node, index: Int, version: (major: Int, minor: Int)) throws(ImportError) -> Action {
        let name = "actions[\(index)]"
        guard let pairs = node.mapping else {
            throw invalid("\(name) must be a mapping with 'target', found \(node.kindDescription)", at: node)
        }
        if let copy = pairs.first(where: { $0.key.string == "copy" }) {
            throw invalid("\(name): 'copy' (Overlay 1.1) is not supported; write the value to copy as an 'update'", at: copy.key)
        }
        try checkFields(pairs, known: actionFields, what: name, fields: "target, description, update and remove")
        guard let targetNode = node["target"] else { throw invalid("\(name) has no 'target' (a JSONPath query such as $.paths)", at: node) }
        guard let text = targetNode.string else {
            throw invalid("\(name): 'target' must be a JSONPath query (a string), found \(targetNode.kindDescription)", at: targetNode)
        }
        let target: JSONPath
        do {
            target = try JSONPath(text)
        } catch {
            throw ImportError(
                code: .invalidJSONPath,
                message: "\(name): 'target' is not a JSONPath query: \(error.message) (column \(error.column) of '\(text)')",
                at: position(of: error.column, in: targetNode))
        }
        if let description = node["description"], description.string == nil, !description.isNull {
            throw invalid("\(name): 'description' must be a string, found \(description.kindDescription)", at: description)
        }
        var remove = false
        if let flag = node["remove"] {
            guard let value = flag.scalar?.bool else {
                throw invalid("\(name): 'remove' must be true or false, found \(flag.kindDescription)", at: flag)
            }
            remove = value
        }
        let update = node["update"]
        guard remove || update != nil else {
            throw invalid("\(name) has neither 'update' nor 'remove: true', so it would change nothing", at: node)
        }
        var updateValue: JSONValue?
        if let update, !remove {
            switch JSONValue.fromYAML(update) {
            case .success(let value): updateValue = value
            case .failure(let error): throw invalid("\(name): the update \(error.message)", at: error.mark)
            }
        }
        if remove, target.segments.isEmpty { throw invalid("\(name): the root '$' cannot be removed", at: targetNode) }
        return Action(index: index, target: target, targetNode: targetNode, update: update, updateValue: updateValue, remove: remove)
    }

    /// Unknown fields are errors (a misspelt `updates:` would otherwise change nothing); `x-` ones are extensions.
    private static func checkFields(_ pairs: [Pair], known: Set<String>, what: String, fields: String) throws(ImportError) {
        for pair in pairs {
            guard let key = pair.key.string else { throw invalid("\(what) has a key that is \(pair.key.kindDescription)", at: pair.key) }
            if !known.contains(key), !key.hasPrefix("x-") {
                throw invalid("\(what) has an unknown field '\(key)'; its fields are \(fields) (and x- extensions)", at: pair.key)
            }
        }
    }

    /// The file position of column `column` of a one-line scalar (after its opening quote).
    private static func position(of column: Int, in node: Node) -> Mark {
        guard let scalar = node.scalar, !scalar.text.contains("\n") else { return node.mark }
        let quote = scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0
        var mark = node.mark
        mark.column += quote + column - 1
        return mark
    }

    static func invalid(_ message: String, at node: Node) -> ImportError {
        invalid(message, at: node.mark)
    }

    static func invalid(_ message: String, at mark: Mark) -> ImportError {
        ImportError(code: .invalidOverlay, message: message, at: mark)
    }
}
