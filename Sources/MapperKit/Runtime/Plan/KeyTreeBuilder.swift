/// Builds a `KeyTree` node by node. A node's children are found by hashing: searching the root's
/// list for every property would be quadratic in a model of a hundred.
struct KeyTreeBuilder {
    private struct Edge: Hashable {
        var parent: Int
        var segment: String
    }

    private var children: [[(key: String, value: Int)]] = [[]]
    private var segments: [String] = [""]
    private var values: [Bool] = [false]
    private var nodes: [Edge: Int] = [:]

    init(capacity: Int) {
        children.reserveCapacity(capacity + 1)
        segments.reserveCapacity(capacity + 1)
        values.reserveCapacity(capacity + 1)
        nodes.reserveCapacity(capacity)
    }

    /// The node indices along `path`, creating nodes as needed; `isValue`: a property reads the
    /// value at the end of the path.
    mutating func insert(_ path: [String], isValue: Bool = true) -> [Int] {
        var node = 0
        var indices: [Int] = []
        indices.reserveCapacity(path.count)
        for segment in path {
            let child = findOrAdd(&nodes[Edge(parent: node, segment: segment), default: -1], next: children.count)
            if child == children.count {
                children.append([])
                segments.append(segment)
                values.append(false)
                children[node].append((segment, child))
            }
            node = child
            indices.append(node)
        }
        if isValue, let last = indices.last { values[last] = true }
        return indices
    }

    var keyTree: KeyTree {
        KeyTree(
            nodes: children.indices.map {
                // Most nodes are leaves (a property's value): they share one empty table.
                KeyTree.Node(
                    keys: children[$0].isEmpty ? KeyTable.empty : KeyTable(children[$0]), segment: segments[$0],
                    isValue: values[$0])
            })
    }
}

/// The index in `slot` (a dictionary's value for a key, -1 when the key is new), which becomes
/// `next` when the key is new: finding a node, or making room for a new one, hashes its key once.
func findOrAdd(_ slot: inout Int, next: Int) -> Int {
    if slot < 0 { slot = next }
    return slot
}
