import Foundation
import MapperKit

extension JSONPath {
    /// One step of a node's place in a document: an object's key or an array's index.
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// A selected node: its place from the root and its value.
    struct Node: Sendable, Hashable {
        var path: [Step]
        var value: JSONValue
    }

    /// The nodes the query selects in `root`, in RFC 9535 order (each segment applied to the
    /// previous segment's nodes in turn; descendants in document order).
    func select(in root: JSONValue) -> [Node] {
        Self.apply(segments, to: [Node(path: [], value: root)], root: root)
    }

    /// RFC 9535's normalized path of a place: `$['paths']['/pets'][0]`.
    static func normalized(_ path: [Step]) -> String {
        "$"
            + path.map { step in
                switch step {
                case .index(let index): return "[\(index)]"
                case .key(let key):
                    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                    return "['\(escaped)']"
                }
            }.joined()
    }

    private static func apply(_ segments: [Segment], to nodes: [Node], root: JSONValue) -> [Node] {
        var nodes = nodes
        for segment in segments {
            var next: [Node] = []
            for node in nodes {
                if segment.descendant {
                    visit(node, segment.selectors, root: root, into: &next)
                } else {
                    for selector in segment.selectors { next += select(selector, from: node, root: root) }
                }
            }
            nodes = next
        }
        return nodes
    }

    /// Applies the selectors to the node and every node below it, in document order (a node
    /// before its children). Scalars select nothing, so only objects and arrays are visited.
    private static func visit(_ node: Node, _ selectors: [Selector], root: JSONValue, into nodes: inout [Node]) {
        for selector in selectors { nodes += select(selector, from: node, root: root) }
        switch node.value {
        case .object(let object):
            for member in object.members where member.value.isContainer {
                visit(Node(path: node.path + [.key(member.key)], value: member.value), selectors, root: root, into: &nodes)
            }
        case .array(let items):
            for (index, item) in items.enumerated() where item.isContainer {
                visit(Node(path: node.path + [.index(index)], value: item), selectors, root: root, into: &nodes)
            }
        default:
            break
        }
    }

    private static func children(of node: Node) -> [Node] {
        switch node.value {
        case .object(let object): return object.members.map { Node(path: node.path + [.key($0.key)], value: $0.value) }
        case .array(let items): return items.enumerated().map { Node(path: node.path + [.index($0.offset)], value: $0.element) }
        default: return []
        }
    }

    private static func select(_ selector: Selector, from node: Node, root: JSONValue) -> [Node] {
        switch selector {
        case .name(let name):
            guard case .object(let object) = node.value, let value = object[name] else { return [] }
            return [Node(path: node.path + [.key(name)], value: value)]
        case .wildcard:
            return children(of: node)
        case .index(let index):
            guard case .array(let items) = node.value else { return [] }
            let resolved = index < 0 ? items.count + index : index
            guard items.indices.contains(resolved) else { return [] }
            return [Node(path: node.path + [.index(resolved)], value: items[resolved])]
        case .slice(let start, let end, let step):
            guard case .array(let items) = node.value else { return [] }
            return sliceIndexes(count: items.count, start: start, end: end, step: step).map {
                Node(path: node.path + [.index($0)], value: items[$0])
            }
        case .filter(let filter):
            switch node.value {
            case .object(let object):
                return object.members.filter { holds(filter, current: $0.value, root: root) }
                    .map { Node(path: node.path + [.key($0.key)], value: $0.value) }
            case .array(let items):
                return items.enumerated().filter { holds(filter, current: $0.element, root: root) }
                    .map { Node(path: node.path + [.index($0.offset)], value: $0.element) }
            default:
                return []
            }
        }
    }

    /// RFC 9535 §2.3.4.2.2: the indexes a slice selects, in its order.
    private static func sliceIndexes(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
        guard step != 0, count > 0 else { return [] }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            return lower < upper ? Array(stride(from: lower, to: upper, by: step)) : []
        }
        let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
        let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
        return lower < upper ? Array(stride(from: upper, to: lower, by: step)) : []
    }

    private static func holds(_ filter: Filter, current: JSONValue, root: JSONValue) -> Bool {
        switch filter {
        case .or(let terms): return terms.contains { holds($0, current: current, root: root) }
        case .and(let terms): return terms.allSatisfy { holds($0, current: current, root: root) }
        case .not(let inner): return !holds(inner, current: current, root: root)
        case .exists(let query): return !evaluate(query, current: current, root: root).isEmpty
        case .compare(let left, let comparison, let right):
            return compare(value(of: left, current: current, root: root), comparison, value(of: right, current: current, root: root))
        }
    }

    private static func evaluate(_ query: Query, current: JSONValue, root: JSONValue) -> [Node] {
        apply(query.segments, to: [Node(path: [], value: query.relative ? current : root)], root: root)
    }

    /// A literal, or the one node a singular query selects; nil when it selects nothing.
    private static func value(of operand: Operand, current: JSONValue, root: JSONValue) -> JSONValue? {
        switch operand {
        case .literal(let value): return value
        case .query(let query): return evaluate(query, current: current, root: root).first?.value
        }
    }

    /// RFC 9535 §2.3.5.2.2: nothing equals only nothing; `<` orders two numbers or two strings.
    private static func compare(_ left: JSONValue?, _ comparison: Comparison, _ right: JSONValue?) -> Bool {
        switch comparison {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || left == right
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || left == right
        }
    }

    private static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let lhs)?, .number(let rhs)?): return JSONNumber.compare(lhs, rhs) < 0
        case (.string(let lhs)?, .string(let rhs)?): return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
        default: return false
        }
    }
}
