import MapperKit

extension Overlay {
    /// The description's root document with the overlays at `paths` applied in order, and the
    /// warnings they raise. `display` names each overlay file in messages.
    static func applying(
        _ paths: [(path: String, display: String)], to document: JSONValue, describing name: String
    ) throws(ImportError) -> (JSONValue, [ImportWarning]) {
        var document = document
        var warnings: [ImportWarning] = []
        for (path, display) in paths {
            let overlay = try read(path: path, display: display)
            if let extends = overlay.extends, let last = extends.split(separator: "/").last,
                let own = name.split(separator: "/").last, last != own
            {
                warnings.append(
                    ImportWarning(
                        kind: "overlay-extends", location: display,
                        message: "the overlay 'extends' '\(extends)', not \(name); applied to \(name) as asked"))
            }
            let (applied, raised) = try overlay.apply(to: document, describing: name)
            document = applied
            warnings += raised
        }
        return (document, warnings)
    }

    /// The document with every action applied in order, each to the result of the one before, and a
    /// warning for each action whose target selects nothing (the specification asks tools to say so).
    ///
    /// An `update` merges into each selected object (Overlay 1.1's clarified rules, which 1.0
    /// leaves implicit): a property only in the update is added, an object merges recursively, an
    /// array is appended to the target's array, a primitive replaces a primitive; `null` over an
    /// object or array leaves it unchanged (the specification's structured example writes
    /// `components:` empty). On a selected array the update is appended (an array update's items
    /// one by one). `remove: true` deletes each selected node from its object or array.
    func apply(to document: JSONValue, describing name: String) throws(ImportError) -> (JSONValue, [ImportWarning]) {
        var document = document
        var warnings: [ImportWarning] = []
        for action in actions {
            let nodes = action.target.select(in: document)
            guard !nodes.isEmpty else {
                warnings.append(
                    ImportWarning(
                        kind: "overlay-target-unmatched", location: action.targetNode.mark.description,
                        message:
                            "actions[\(action.index)] of \(file): the target '\(action.target.text)' selects nothing in \(name); the action changed nothing"
                    ))
                continue
            }
            if action.remove {
                // Deepest and last first, so that removing one node does not move another.
                for node in nodes.sorted(by: { Self.removesFirst($0.path, $1.path) }) {
                    document = Self.removing(node.path, from: document)
                }
                continue
            }
            guard let update = action.updateValue else { continue }
            for node in nodes {
                let merged = try merge(update, into: node.value, at: node.path, action: action, inUpdate: [])
                document = Self.replacing(node.path, in: document, with: merged)
            }
        }
        return (document, warnings)
    }

    /// `target` with `update` merged in, by the rules above; an incompatible pair is an error
    /// naming the action, the place in the document and the place in the update.
    private func merge(
        _ update: JSONValue, into target: JSONValue, at path: [JSONPath.Step], action: Action, inUpdate: [JSONPath.Step]
    ) throws(ImportError) -> JSONValue {
        if inUpdate.isEmpty, version.minor == 0, !target.isContainer {
            throw ImportError(
                code: .overlayUpdate,
                message:
                    "actions[\(action.index)]: the target selects \(target.kindName) at \(JSONPath.normalized(path)); an Overlay 1.0 target must select objects or arrays: target the object that holds it and update the property",
                at: action.targetNode.mark)
        }
        switch (target, update) {
        case (.object(var object), .object(let changes)):
            for member in changes.members {
                guard let index = object.members.firstIndex(where: { $0.key == member.key }) else {
                    object.append(member.key, member.value)
                    continue
                }
                object.members[index].value = try merge(
                    member.value, into: object.members[index].value, at: path + [.key(member.key)], action: action,
                    inUpdate: inUpdate + [.key(member.key)])
            }
            return .object(object)
        case (.array(let items), .array(let more)):
            return .array(items + more)
        case (.array(let items), _) where inUpdate.isEmpty:
            return .array(items + [update])
        case (.object, .null) where !inUpdate.isEmpty, (.array, .null):
            return target
        case (.object, _), (.array, _), (_, .object), (_, .array):
            throw incompatible(update, with: target, at: path, action: action, inUpdate: inUpdate)
        default:
            return update
        }
    }

    private func incompatible(
        _ update: JSONValue, with target: JSONValue, at path: [JSONPath.Step], action: Action, inUpdate: [JSONPath.Step]
    ) -> ImportError {
        let place = JSONPath.normalized(path)
        let message =
            inUpdate.isEmpty
            ? "actions[\(action.index)]: the update is \(update.kindName) but the target \(place) is \(target.kindName); "
                + (target.isContainer
                    ? "an update merged into an object must be an object of the properties to change"
                    : "a primitive target is replaced by a primitive update")
            : "actions[\(action.index)]: the update's \(JSONPath.normalized(inUpdate).dropFirst()) is \(update.kindName) but \(place) is \(target.kindName); only objects merge with objects, arrays with arrays and primitives with primitives (remove it first to replace it)"
        let node = Self.node(at: inUpdate, in: action.update) ?? action.targetNode
        return ImportError(code: .overlayUpdate, message: message, at: node.mark)
    }

    /// The YAML node of the update at a path inside it, for its position.
    private static func node(at path: [JSONPath.Step], in root: Node?) -> Node? {
        var current = root
        for step in path {
            switch step {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?.sequence.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
        }
        return current
    }

    /// Removal order: a descendant before its ancestor, a later index before an earlier one.
    private static func removesFirst(_ lhs: [JSONPath.Step], _ rhs: [JSONPath.Step]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            switch (left, right) {
            case (.index(let a), .index(let b)): return a > b
            case (.key(let a), .key(let b)): return a > b
            default: return false
            }
        }
        return lhs.count > rhs.count
    }

    /// The document with the node at `path` removed from its object or array.
    static func removing(_ path: [JSONPath.Step], from value: JSONValue) -> JSONValue {
        guard let step = path.first else { return value }
        let rest = Array(path.dropFirst())
        switch (value, step) {
        case (.object(var object), .key(let key)):
            guard let index = object.members.firstIndex(where: { $0.key == key }) else { return value }
            if rest.isEmpty {
                object.members.remove(at: index)
            } else {
                object.members[index].value = removing(rest, from: object.members[index].value)
            }
            return .object(object)
        case (.array(var items), .index(let index)) where items.indices.contains(index):
            if rest.isEmpty { items.remove(at: index) } else { items[index] = removing(rest, from: items[index]) }
            return .array(items)
        default:
            return value
        }
    }

    /// The document with the node at `path` replaced.
    static func replacing(_ path: [JSONPath.Step], in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        guard let step = path.first else { return replacement }
        let rest = Array(path.dropFirst())
        switch (value, step) {
        case (.object(var object), .key(let key)):
            guard let index = object.members.firstIndex(where: { $0.key == key }) else { return value }
            object.members[index].value = replacing(rest, in: object.members[index].value, with: replacement)
            return .object(object)
        case (.array(var items), .index(let index)) where items.indices.contains(index):
            items[index] = replacing(rest, in: items[index], with: replacement)
            return .array(items)
        default:
            return value
        }
    }
}

extension JSONValue {
    /// An object or an array: what an overlay merges into rather than replaces.
    var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
}
