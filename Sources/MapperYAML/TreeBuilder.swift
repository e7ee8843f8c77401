/// Turns libyaml's event stream into a `Node` tree without recursion: an explicit stack of open
/// collections, so that nesting depth is bounded by `limits.maxDepth` and never by the call stack.
struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var mark: Mark
        var anchor: String?
        /// Where this collection's items start in `pending`.
        var start: Int
        /// Where the alias was written, by the position of each item read through one (the node
        /// itself keeps its anchor's position).
        var aliasMarks: [Int: Mark] = [:]
        /// Nodes in this subtree with aliases expanded (itself included).
        var size = 1
        /// Levels of collections in this subtree with aliases expanded (itself included).
        var height = 1
    }

    private struct Anchored {
        var node: Node
        var size: Int
        var height: Int
    }

    /// Stops the event loop: the document cannot be read further.
    private struct Fatal: Error {}

    private static let coreTag = "tag:yaml.org,2002:"

    let file: String
    let limits: YAMLLimits
    private(set) var root: Node?
    private(set) var errors: [YAMLError] = []
    private var stack: [Frame] = []
    /// The items of every open collection, innermost last: items of a sequence, or keys and
    /// values alternating for a mapping. One buffer for all of them, so that a collection costs
    /// one allocation (its finished array) however many items it has.
    private var pending: [Node] = []
    /// The keys of the mapping being finished (one at a time: nested ones are finished first).
    private var seenKeys = SeenKeys()
    private var anchors: [String: Anchored] = [:]
    private var nodeCount = 0
    private var documents = 0

    init(file: String, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
        pending.reserveCapacity(256)
        stack.reserveCapacity(16)
    }

    mutating func run(_ parser: Parser) {
        do {
            while true {
                switch parser.next() {
                case .failure(let error):
                    errors.append(error)
                    throw Fatal()
                case .success((.streamEnd, _)):
                    return
                case .success((let event, let mark)):
                    try handle(event, at: mark)
                }
            }
        } catch {
            root = nil
        }
    }

    private mutating func handle(_ event: Event, at mark: Mark) throws(Fatal) {
        switch event {
        case .streamStart, .streamEnd, .documentEnd:
            break
        case .documentStart:
            documents += 1
            if documents > 1 {
                errors.append(
                    YAMLError(
                        .multipleDocuments,
                        "a mapping file holds one YAML document, but a second one starts here; move it to a file of its own",
                        at: mark))
                throw Fatal()
            }
        case .alias(let anchor):
            guard let anchored = anchors[anchor] else {
                errors.append(
                    YAMLError(
                        .undefinedAlias,
                        "alias '*\(anchor)' refers to no anchor defined before it; define '&\(anchor)' first",
                        at: mark))
                try count(1, at: mark)
                add(Node(.scalar(Scalar(text: "", kind: .null, style: .plain)), mark: mark), size: 1, height: 0)
                return
            }
            // An alias copies its node, so the copy's depth counts where the alias stands.
            guard stack.count + anchored.height <= limits.maxDepth else {
                errors.append(
                    YAMLError(
                        .tooDeep,
                        "alias '*\(anchor)' nests the document deeper than \(limits.maxDepth) levels; flatten the document",
                        at: mark))
                throw Fatal()
            }
            try count(anchored.size, at: mark, alias: anchor)
            add(anchored.node, size: anchored.size, height: anchored.height, alias: mark)
        case .scalar(let text, let anchor, let tag, let style):
            let node = Node(.scalar(scalar(text, tag: tag, style: style, at: mark)), mark: mark)
            if let anchor { anchors[anchor] = Anchored(node: node, size: 1, height: 0) }
            try count(1, at: mark)
            add(node, size: 1, height: 0)
        case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
            let isMapping: Bool
            if case .mappingStart = event { isMapping = true } else { isMapping = false }
            checkCollectionTag(tag, isMapping: isMapping, at: mark)
            guard stack.count < limits.maxDepth else {
                errors.append(
                    YAMLError(
                        .tooDeep,
                        "nesting is deeper than \(limits.maxDepth) levels; flatten the document",
                        at: mark))
                throw Fatal()
            }
            try count(1, at: mark)
            if let anchor { anchors[anchor] = nil }  // an alias inside the node must not see an older one
            stack.append(Frame(isMapping: isMapping, mark: mark, anchor: anchor, start: pending.count))
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            let node: Node
            if frame.isMapping {
                node = Node(.mapping(mapping(from: frame.start, aliasMarks: frame.aliasMarks)), mark: frame.mark)
            } else {
                node = Node(.sequence(Array(pending[frame.start...])), mark: frame.mark)
            }
            pending.removeSubrange(frame.start...)
            if let anchor = frame.anchor {
                anchors[anchor] = Anchored(node: node, size: frame.size, height: frame.height)
            }
            add(node, size: frame.size, height: frame.height)
        }
    }

    /// Counts nodes towards `limits.maxNodes`: a collection where it starts, a scalar where it
    /// stands, an alias with its whole expansion.
    private mutating func count(_ size: Int, at mark: Mark, alias anchor: String? = nil) throws(Fatal) {
        nodeCount += size
        guard nodeCount > limits.maxNodes else { return }
        let message: String
        if let anchor {
            message =
                "alias '*\(anchor)' expands the document beyond \(limits.maxNodes) nodes; "
                + "aliases nested in aliases grow exponentially (the \"billion laughs\" document)"
        } else {
            message = "the document holds more than \(limits.maxNodes) nodes"
        }
        errors.append(YAMLError(.aliasLimit, message, at: mark))
        throw Fatal()
    }

    /// Attaches a finished node to the open collection (or makes it the root).
    private mutating func add(_ node: Node, size: Int, height: Int, alias: Mark? = nil) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        pending.append(node)
        if let alias { stack[stack.count - 1].aliasMarks[pending.count - 1 - stack[stack.count - 1].start] = alias }
        stack[stack.count - 1].size += size
        stack[stack.count - 1].height = max(stack[stack.count - 1].height, height + 1)
    }

    private mutating func scalar(_ text: String, tag: String?, style: Scalar.Style, at mark: Mark) -> Scalar {
        guard let tag, tag != "!" else {
            let kind = style == .plain && tag == nil ? CoreSchema.resolve(plain: text) : .string
            return Scalar(text: text, kind: kind, style: style)
        }
        let kinds: [String: (Scalar.Kind, (String) -> Bool)] = [
            "str": (.string, { _ in true }),
            "null": (.null, CoreSchema.isNull),
            "bool": (.bool, CoreSchema.isBool),
            "int": (.int, CoreSchema.isInteger),
            "float": (.float, { CoreSchema.isFloat($0) || CoreSchema.isInteger($0) }),
        ]
        guard tag.hasPrefix(Self.coreTag), let (kind, accepts) = kinds[String(tag.dropFirst(Self.coreTag.count))] else {
            errors.append(
                YAMLError(
                    .unsupportedTag,
                    "unsupported tag '\(shortTag(tag))'; only !!str, !!int, !!float, !!bool and !!null are understood",
                    at: mark))
            return Scalar(text: text, kind: .string, style: style)
        }
        guard accepts(text) else {
            errors.append(
                YAMLError(
                    .invalidTaggedValue,
                    "'\(text)' is not a valid \(shortTag(tag)) value",
                    at: mark))
            return Scalar(text: text, kind: .string, style: style)
        }
        return Scalar(text: text, kind: kind, style: style)
    }

    private mutating func checkCollectionTag(_ tag: String?, isMapping: Bool, at mark: Mark) {
        guard let tag, tag != "!" else { return }
        if tag == Self.coreTag + (isMapping ? "map" : "seq") { return }
        errors.append(
            YAMLError(
                .unsupportedTag,
                "unsupported tag '\(shortTag(tag))' on a \(isMapping ? "mapping" : "sequence")",
                at: mark))
    }

    private func shortTag(_ tag: String) -> String {
        tag.hasPrefix(Self.coreTag) ? "!!" + tag.dropFirst(Self.coreTag.count) : tag
    }

    /// Pairs up the keys and values in `pending` from `start`, reports duplicate keys (keeping the
    /// first) and applies merge keys: merged entries take the place of the `<<` key, and keys
    /// written in the mapping itself win.
    private mutating func mapping(from start: Int, aliasMarks: [Int: Mark]) -> [Pair] {
        let itemCount = pending.count - start
        seenKeys.reset(capacity: itemCount / 2)
        var pairs: [Pair] = []
        pairs.reserveCapacity(itemCount / 2)
        var merges: [Int: [Pair]] = [:]
        var firstMerge: Mark?
        var index = 0
        while index + 1 < itemCount {
            let key = pending[start + index]
            let value = pending[start + index + 1]
            index += 2
            if isMergeKey(key) {
                if let firstMerge {
                    errors.append(
                        YAMLError(
                            .duplicateKey,
                            "duplicate merge key '<<' (first defined at line \(firstMerge.line), column \(firstMerge.column)); "
                                + "merge several mappings with one list, as in '<<: [*a, *b]'",
                            at: key.mark, related: firstMerge))
                    continue
                }
                firstMerge = key.mark
                merges[pairs.count] = mergeSources(value, writtenAt: aliasMarks[index - 1] ?? value.mark)
                continue
            }
            let identity = KeyIdentity(key)
            if let first = seenKeys.mark(of: identity) {
                errors.append(
                    YAMLError(
                        .duplicateKey,
                        "duplicate key \(describe(key)) (first defined at line \(first.line), column \(first.column)); remove one of them",
                        at: key.mark, related: first))
                continue
            }
            seenKeys.insert(identity, at: key.mark)
            pairs.append(Pair(key: key, value: value))
        }
        guard !merges.isEmpty else { return pairs }

        var result: [Pair] = []
        var seen = seenKeys.keys
        for position in 0...pairs.count {
            for pair in merges[position] ?? [] where seen.insert(KeyIdentity(pair.key)).inserted {
                result.append(pair)
            }
            if position < pairs.count { result.append(pairs[position]) }
        }
        return result
    }

    private func isMergeKey(_ key: Node) -> Bool {
        guard let scalar = key.scalar, scalar.text == "<<" else { return false }
        return scalar.style == .plain
    }

    private mutating func mergeSources(_ value: Node, writtenAt mark: Mark) -> [Pair] {
        switch value.content {
        case .mapping(let pairs):
            return pairs
        case .sequence(let items) where items.allSatisfy({ $0.mapping != nil }):
            // Earlier mappings in the list win over later ones.
            return items.flatMap { $0.mapping ?? [] }
        default:
            errors.append(
                YAMLError(
                    .invalidMerge,
                    "the merge key '<<' takes a mapping or a list of mappings (usually aliases such as *base), not \(value.kindDescription)",
                    at: mark))
            return []
        }
    }

    private func describe(_ key: Node) -> String {
        if let scalar = key.scalar { return "'\(scalar.text)'" }
        return "(\(key.kindDescription))"
    }
}

/// The keys of one mapping read so far and where each is written: most mappings have a few keys,
/// found faster by comparing them in turn than by hashing; a long one is hashed. Reset for each
/// mapping, keeping its storage.
private struct SeenKeys {
    /// Mappings with more keys than this are hashed (a key is hashed in about the time it takes
    /// to compare it with four others).
    private static let listLimit = 8

    private var list: [(key: KeyIdentity, mark: Mark)] = []
    private var table: [KeyIdentity: Mark] = [:]
    private var hashed = false

    /// Empties the set for a mapping of `capacity` keys.
    mutating func reset(capacity: Int) {
        hashed = capacity > Self.listLimit
        list.removeAll(keepingCapacity: true)
        table.removeAll(keepingCapacity: true)
        if hashed { table.reserveCapacity(capacity) }
    }

    /// Where `key` is written, when it was read before.
    func mark(of key: KeyIdentity) -> Mark? {
        hashed ? table[key] : list.first { $0.key == key }?.mark
    }

    /// Records a key not read before.
    mutating func insert(_ key: KeyIdentity, at mark: Mark) {
        if hashed { table[key] = mark } else { list.append((key, mark)) }
    }

    /// Every key read (what merged entries must not repeat).
    var keys: Set<KeyIdentity> { hashed ? Set(table.keys) : Set(list.map(\.key)) }
}
