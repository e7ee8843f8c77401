import MapperKit

/// An RFC 9535 JSONPath query, the subset overlays use: `$`, `.name`, `['name']`, `*`, `..`
/// (descendants), array indexes and slices, and filters (`[?@.in == 'query' && @.required]`)
/// with comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`), existence tests, `!`, `&&`, `||` and
/// parentheses. Function extensions (`length()`, `match()`) are not supported.
///
/// One leniency real overlays need: a dot-notation name may contain `-` after its first character
/// (`$.paths.*.get.x-speakeasy-group`), which RFC 9535 spells `['x-speakeasy-group']`.
struct JSONPath: Sendable, Hashable {
    /// One selector of a segment: what it picks from each node it is applied to.
    indirect enum Selector: Sendable, Hashable {
        /// An object's member.
        case name(String)
        /// Every member value of an object, every element of an array.
        case wildcard
        /// An array's element; a negative index counts from the end.
        case index(Int)
        /// Array elements `start:end:step`.
        case slice(start: Int?, end: Int?, step: Int)
        /// Every member value or element for which the expression holds.
        case filter(Filter)
    }

    /// `.x`, `[a, b]` (child) or `..x`, `..[a, b]` (the node and all its descendants).
    struct Segment: Sendable, Hashable {
        var descendant: Bool
        var selectors: [Selector]
    }

    /// A query inside a filter: from `@` (the current node) or `$` (the root).
    struct Query: Sendable, Hashable {
        var relative: Bool
        var segments: [Segment]

        /// At most one node: names and indexes only, no descendants.
        var isSingular: Bool {
            segments.allSatisfy { segment in
                guard !segment.descendant, segment.selectors.count == 1 else { return false }
                switch segment.selectors[0] {
                case .name, .index: return true
                default: return false
                }
            }
        }
    }

    /// A side of a comparison.
    enum Operand: Sendable, Hashable {
        case literal(JSONValue)
        case query(Query)
    }

    enum Comparison: String, Sendable, Hashable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// A filter's logical expression.
    indirect enum Filter: Sendable, Hashable {
        case or([Filter])
        case and([Filter])
        case not(Filter)
        /// True when the query selects at least one node.
        case exists(Query)
        case compare(Operand, Comparison, Operand)
    }

    /// Why a text is not a query: what is wrong, at which 1-based column of the expression.
    struct SyntaxError: Error, Sendable, Hashable {
        var message: String
        var column: Int
    }

    /// The expression as written.
    var text: String
    var segments: [Segment]

    /// Parses `text`; throws with the column of the first character that does not fit.
    init(_ text: String) throws(SyntaxError) {
        var parser = JSONPathParser(text)
        self.text = text
        self.segments = try parser.parseQuery()
    }
}
