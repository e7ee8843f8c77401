public import MapperYAML

/// URL model matching: the `routes` blocks of every file of the catalog.
public struct RouteTable: Sendable, Hashable {
    /// One URL pattern of a `routes` block and the model that decodes its responses.
    public struct Route: Sendable, Hashable, CustomStringConvertible {
        /// One `/`-separated piece of a pattern: literal text, `#` or `*`.
        public enum Segment: Sendable, Hashable, CustomStringConvertible {
            case literal(String)
            /// `#`: one segment of ASCII digits.
            case digits
            /// `*`: any one non-empty segment.
            case any

            /// The segment as written in a pattern.
            public var description: String {
                switch self {
                case .literal(let text): return text
                case .digits: return "#"
                case .any: return "*"
                }
            }
        }

        /// Upper-case HTTP method, or nil for a pattern that matches any method.
        public var method: String?
        /// The pattern's path segments; a route matches paths with exactly this many segments.
        public var segments: [Segment]
        /// The model that decodes the response body of a matching request.
        public var model: String
        /// Where the route is written.
        public var mark: Mark

        /// The pattern as written in canonical form: `GET /users/*`.
        public var description: String {
            let path = "/" + segments.map(\.description).joined(separator: "/")
            return method.map { "\($0) \(path)" } ?? path
        }
    }

    /// The routes of one file's `routes:` block, with the settings they share.
    public struct Block: Sendable, Hashable {
        /// Leading segments stripped from a path before matching, when it starts with them.
        public var prefix: [String]
        /// `error_model`: the model that decodes the body of a response with status 400 or above.
        public var errorModel: String?
        /// The block's patterns, in written order.
        public var routes: [Route]
        /// The mapping file the block comes from.
        public var file: String
    }

    /// What a URL matched.
    public struct Match: Sendable, Hashable {
        /// The route that matched: the most specific one (literal beats `#` beats `*`, segment by
        /// segment; then a route with a method beats one without).
        public var route: Route
        /// The model for the body: the route's, or the block's `error_model` for a status of 400 and above.
        public var model: String
        /// The percent-decoded path segments that were matched (after the prefix).
        public var segments: [String]
    }

    /// One block per file that has `routes:`, in load order.
    public var blocks: [Block]

    /// Every route of every block, in load and written order.
    public var routes: [Route] { blocks.flatMap(\.routes) }

    /// The most specific route for a URL or path: the query and fragment are dropped,
    /// segments are percent-decoded, and each block's prefix is stripped when present. Without a
    /// method only method-less and `GET` patterns are considered. A `status` of 400 or more picks
    /// the block's `error_model` (no match when the block has none).
    public func match(_ url: String, method: String? = nil, status: Int? = nil) -> Match? {
        guard let path = RoutePath.segments(of: url) else { return nil }
        let method = method?.uppercased()
        var best: (match: Match, rank: [Int])?
        for block in blocks {
            var candidates = [path]
            if !block.prefix.isEmpty, path.starts(with: block.prefix) {
                candidates.insert(Array(path.dropFirst(block.prefix.count)), at: 0)
            }
            for segments in candidates {
                for route in block.routes where route.segments.count == segments.count {
                    guard Self.methodAllows(route.method, requested: method),
                        Self.matches(route.segments, segments)
                    else { continue }
                    let rank = route.segments.map(\.specificity) + [route.method == nil ? 0 : 1]
                    if let current = best, !rank.lexicographicallyPrecedes(current.rank, by: >) { continue }
                    let model: String
                    if let status, status >= 400 {
                        guard let errorModel = block.errorModel else { continue }
                        model = errorModel
                    } else {
                        model = route.model
                    }
                    best = (Match(route: route, model: model, segments: segments), rank)
                }
                // A path that carries the prefix matches the block's patterns without it only.
                if candidates.count > 1 { break }
            }
        }
        return best?.match
    }

    private static func methodAllows(_ routeMethod: String?, requested: String?) -> Bool {
        guard let routeMethod else { return true }
        return routeMethod == (requested ?? "GET")
    }

    static func matches(_ pattern: [Route.Segment], _ segments: [String]) -> Bool {
        zip(pattern, segments).allSatisfy { pattern, segment in
            switch pattern {
            case .literal(let text): return text == segment
            case .digits: return !segment.isEmpty && segment.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            case .any: return !segment.isEmpty
            }
        }
    }
}

extension RouteTable.Route.Segment {
    /// Literal beats `#` beats `*`.
    var specificity: Int {
        switch self {
        case .literal: return 2
        case .digits: return 1
        case .any: return 0
        }
    }
}

/// Turning URLs and paths into segments.
enum RoutePath {
    /// The percent-decoded segments of the path of a URL or path; nil when a `%` escape is invalid
    /// or decodes to invalid UTF-8.
    static func segments(of url: String) -> [String]? {
        var rest = Substring(url)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        // Drop `scheme://authority` from a full URL.
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://"),
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            let afterAuthority = rest[rest.index(colon, offsetBy: 3)...]
            rest = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? ""
        }
        var segments: [String] = []
        for raw in rest.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = percentDecode(raw) else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    static func percentDecode(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
