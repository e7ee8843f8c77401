import Foundation
import MapperKit

/// Why no route matched, and what would: another method, a missing `error_model`, or a pattern
/// that differs from the path in one segment ("did you mean").
enum RouteHints {
    static func explain(url: String, method: String?, status: Int?, routes: RouteTable) -> String {
        var detail = "no route matches '\(url.shortened(200))'"
        if let method { detail += " for method \(method)" }
        if let status { detail += " with status \(status)" }
        if let status, status >= 400, let plain = routes.match(url, method: method) {
            return detail + "; the pattern '\(plain.route)' matches, but its routes block has no error_model for status 400 and above"
        }
        let methods = Set(routes.routes.compactMap(\.method)).subtracting([method ?? "GET"]).sorted()
        let others = methods.filter { routes.match(url, method: $0, status: status) != nil }
        if !others.isEmpty {
            return detail + "; patterns for \(others.joined(separator: ", ")) match it (pass method=\(others[0]))"
        }
        if let near = closestPattern(to: url, in: routes) {
            return detail + "; did you mean the pattern '\(near)'?"
        }
        return detail
    }

    /// A pattern with as many segments as the path (after the block's prefix) that differs from
    /// it in exactly one segment.
    private static func closestPattern(to url: String, in routes: RouteTable) -> String? {
        guard let path = segments(of: url) else { return nil }
        for block in routes.blocks {
            var candidate = path
            if !block.prefix.isEmpty, path.starts(with: block.prefix) { candidate = Array(path.dropFirst(block.prefix.count)) }
            for route in block.routes where route.segments.count == candidate.count {
                let misses = zip(route.segments, candidate).filter { !matches($0, $1) }.count
                if misses == 1 { return route.description }
            }
        }
        return nil
    }

    private static func matches(_ pattern: RouteTable.Route.Segment, _ segment: String) -> Bool {
        switch pattern {
        case .literal(let text): return text == segment
        case .digits: return !segment.isEmpty && segment.allSatisfy { $0.isASCII && $0.isNumber }
        case .any: return !segment.isEmpty
        }
    }

    private static func segments(of url: String) -> [String]? {
        var rest = Substring(url)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let range = rest.range(of: "://") {
            let afterAuthority = rest[range.upperBound...]
            rest = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? ""
        }
        var result: [String] = []
        for raw in rest.split(separator: "/") {
            guard let decoded = String(raw).removingPercentEncoding else { return nil }
            result.append(decoded)
        }
        return result
    }
}
