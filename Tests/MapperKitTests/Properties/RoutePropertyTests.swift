import PropertyBased
import Testing

@testable import MapperKit

/// Route matching (SPEC §7) against a brute-force matcher written from the spec: over generated
/// route tables and paths, `RouteTable.match` picks the same pattern.
struct RoutePropertyTests {
    /// A generated `routes` block: patterns (`M0`…`Mn` are their models) and the prefix.
    struct Table: CustomStringConvertible {
        var prefix: [String]
        var patterns: [(method: String?, segments: [String])]

        var yaml: String {
            var lines = ["mapper: 1", "models:"]
            lines += patterns.indices.map { "  M\($0): { properties: { id: int } }" }
            lines += ["  Failure: { properties: { message: string } }", "routes:", "  error_model: Failure"]
            if !prefix.isEmpty { lines.append("  prefix: \(prefix.joined(separator: "/"))") }
            lines.append("  paths:")
            for (index, pattern) in patterns.enumerated() {
                let path = "/" + pattern.segments.joined(separator: "/")
                lines.append("    \"\(pattern.method.map { "\($0) " } ?? "")\(path)\": M\(index)")
            }
            return lines.joined(separator: "\n") + "\n"
        }

        var description: String { yaml }
    }

    static let segments = ["a", "b", "v1", "#", "*"]
    static let pathSegments = ["a", "b", "v1", "42", "007", "x%2Fy", "%61", "c d"]

    struct Request: CustomStringConvertible {
        var path: String
        var method: String?
        var status: Int?
        var description: String { "\(method ?? "-") \(path) \(status.map(String.init) ?? "-")" }
    }

    /// A table and requests to match against it.
    static let cases = Generator<(table: Table, requests: [Request]), Shrink.None<(table: Table, requests: [Request])>> { rng in
        var seen = Set<String>()
        var patterns: [(method: String?, segments: [String])] = []
        for _ in 0..<Int.random(in: 1...12, using: &rng) {
            let pattern = (0..<Int.random(in: 0...3, using: &rng)).map { _ in RoutePropertyTests.segments.randomElement(using: &rng)! }
            let method = [nil, nil, "GET", "POST"].randomElement(using: &rng)!
            // Identical patterns are a load error.
            guard seen.insert("\(method ?? "") \(pattern)").inserted else { continue }
            patterns.append((method, pattern))
        }
        let requests = (0..<40).map { _ in
            let path =
                (Bool.random(using: &rng) ? "/" : "https://example.com/")
                + (0..<Int.random(in: 0...4, using: &rng)).map { _ in RoutePropertyTests.pathSegments.randomElement(using: &rng)! }.joined(
                    separator: "/")
                + (Bool.random(using: &rng) ? "?q=1" : "")
            return Request(
                path: path, method: [nil, "GET", "POST", "get", "DELETE"].randomElement(using: &rng)!,
                status: [nil, 200, 404].randomElement(using: &rng)!)
        }
        return (Table(prefix: Bool.random(using: &rng) ? [] : ["v1"], patterns: patterns), requests)
    }

    /// The spec's rule, by exhaustion: every pattern of the path's length whose segments all
    /// match and whose method allows the request; the most specific one segment by segment from
    /// the left (literal > `#` > `*`), a method beating no method.
    static func bruteForce(_ table: Table, path: String, method: String?, status: Int?) -> String? {
        guard var segments = RoutePath.segments(of: path) else { return nil }
        if !table.prefix.isEmpty, segments.starts(with: table.prefix) { segments.removeFirst(table.prefix.count) }
        let requested = method?.uppercased() ?? "GET"
        let candidates = table.patterns.enumerated().filter { _, pattern in
            guard pattern.segments.count == segments.count, pattern.method == nil || pattern.method == requested else { return false }
            return zip(pattern.segments, segments).allSatisfy { pattern, segment in
                switch pattern {
                case "*": return !segment.isEmpty
                case "#": return !segment.isEmpty && segment.allSatisfy { ("0"..."9").contains($0) }
                default: return pattern == segment
                }
            }
        }
        func rank(_ pattern: (method: String?, segments: [String])) -> [Int] {
            pattern.segments.map { $0 == "*" ? 0 : $0 == "#" ? 1 : 2 } + [pattern.method == nil ? 0 : 1]
        }
        guard let best = candidates.max(by: { rank($0.element).lexicographicallyPrecedes(rank($1.element)) }) else { return nil }
        if let status, status >= 400 { return "Failure" }
        return "M\(best.offset)"
    }

    @Test func matchingAgreesWithBruteForce() async {
        await propertyCheck(count: 200, input: Self.cases) { testCase in
            let (table, requests) = testCase
            let catalog = try Catalog(yaml: table.yaml, name: "routes.yaml")
            for request in requests {
                let expected = Self.bruteForce(table, path: request.path, method: request.method, status: request.status)
                let actual = catalog.routes.match(request.path, method: request.method, status: request.status)?.model
                #expect(actual == expected, "\(request) against\n\(table)")
            }
        }
    }
}
