extension PlanBuilder {
    /// Members in order of first appearance; flattened models' members join the parent's object,
    /// and discriminator values of the `by` variants this model is a case of are written too.
    func encodeTree(of spec: ModelSpec) -> [EncodeNode] {
        var tree = EncodeTreeBuilder(capacity: spec.properties.count)
        addEncodeMembers(of: spec, prefix: [], into: &tree, visiting: [])
        var ancestor: String? = spec.name
        // The compiler broke inheritance cycles; the bound only keeps a bad catalog from looping.
        var steps = 0
        while let name = ancestor, steps <= bases.count {
            if let discriminator = variants[name]?.discriminator,
                let match = discriminator.cases.first(where: { $0.model == spec.name })
            {
                tree.update(discriminator.by.segments[...]) { $0.constant = match.value }
            }
            ancestor = bases[name]
            steps += 1
        }
        return tree.roots
    }

    private func addEncodeMembers(of spec: ModelSpec, prefix: [Int], into tree: inout EncodeTreeBuilder, visiting: Set<String>) {
        // By index: binding each property would copy the whole spec of every property.
        for index in spec.properties.indices {
            if let key = spec.properties[index].key {
                var consumer = prefix
                consumer.append(index)
                tree.update(key.segments[...]) { $0.consumers.append(consumer) }
            } else if spec.properties[index].flatten, case .model(let name) = spec.properties[index].type, !visiting.contains(name),
                let nested = models[name]
            {
                addEncodeMembers(of: nested, prefix: prefix + [index], into: &tree, visiting: visiting.union([spec.name]))
            }
        }
    }
}

/// Builds a model's encode tree. The top level, where most of a model's members are, is
/// searched by hashing: a search of the list per member is quadratic in a model of a hundred.
private struct EncodeTreeBuilder {
    private(set) var roots: [EncodeNode] = []
    private var rootIndices: [String: Int] = [:]

    init(capacity: Int) {
        roots.reserveCapacity(capacity)
        rootIndices.reserveCapacity(capacity)
    }

    /// Finds or appends the node at `path` and lets `body` change it.
    mutating func update(_ path: ArraySlice<String>, _ body: (inout EncodeNode) -> Void) {
        guard let first = path.first else { return }
        // One lookup finds the node or makes room for a new one.
        let index = findOrAdd(&rootIndices[first, default: -1], next: roots.count)
        if index == roots.count { roots.append(EncodeNode(key: first, consumers: [], constant: nil, children: [])) }
        if path.count == 1 {
            body(&roots[index])
        } else {
            EncodeNode.insert(path.dropFirst(), into: &roots[index].children, update: body)
        }
    }
}

extension EncodeNode {
    /// Finds or appends the node at `path` and lets `update` change it.
    static func insert(_ path: ArraySlice<String>, into nodes: inout [EncodeNode], update: (inout EncodeNode) -> Void) {
        guard let first = path.first else { return }
        let index: Int
        if let existing = nodes.firstIndex(where: { $0.key == first }) {
            index = existing
        } else {
            nodes.append(EncodeNode(key: first, consumers: [], constant: nil, children: []))
            index = nodes.count - 1
        }
        if path.count == 1 {
            update(&nodes[index])
        } else {
            insert(path.dropFirst(), into: &nodes[index].children, update: update)
        }
    }
}
