extension RouteTable {
    /// Why no route matches a URL, and what would: another method, a missing `error_model`, or a
    /// pattern that differs from the path in one segment ("did you mean"). What `mapper match`,
    /// `mapper decode --route` and the service say on a miss.
    ///
    /// ```swift
    /// routes.explainMiss("/api/product/1")
    /// // no route matches '/api/product/1'; did you mean the pattern '/products/*'?
    /// ```
    ///
    /// `methodOption` is how the caller's user passes a method: `method=` for the service's query
    /// (the default), `--method ` for the command line.
    public func explainMiss(_ url: String, method: String? = nil, status: Int? = nil, methodOption: String = "method=") -> String {
        let method = method?.uppercased()
        var detail = "no route matches '\(Self.shortened(url))'"
        if let method { detail += " for method \(method)" }
        if let status { detail += " with status \(status)" }
        if let status, status >= 400, let plain = match(url, method: method) {
            return detail + "; the pattern '\(plain.route)' matches, but its routes block has no error_model for status 400 and above"
        }
        let methods = Set(routes.compactMap(\.method)).subtracting([method ?? "GET"]).sorted()
        let others = methods.filter { match(url, method: $0, status: status) != nil }
        if !others.isEmpty {
            return detail + "; patterns for \(others.joined(separator: ", ")) match it (pass \(methodOption)\(others[0]))"
        }
        if let near = closestPattern(to: url) {
            return detail + "; did you mean the pattern '\(near)'?"
        }
        return detail
    }

    /// The pattern with as many segments as the path (after the block's prefix) that differs from
    /// it in exactly one segment, and there by the fewest edits (`/tasks/123/dependancies` →
    /// `/tasks/*/dependencies`, not `/tasks/*/projects`); none when the differing segment is not
    /// close (at most a third of its letters changed, or one).
    private func closestPattern(to url: String) -> String? {
        guard let path = RoutePath.segments(of: url) else { return nil }
        var best: (pattern: String, distance: Int)?
        for block in blocks {
            var candidate = path
            if !block.prefix.isEmpty, path.starts(with: block.prefix) { candidate = Array(path.dropFirst(block.prefix.count)) }
            for route in block.routes where route.segments.count == candidate.count {
                let misses = zip(route.segments, candidate).filter { !Self.matches([$0], [$1]) }
                guard misses.count == 1, let (pattern, segment) = misses.first else { continue }
                let distance: Int
                switch pattern {
                case .literal(let text):
                    distance = Self.editDistance(text, segment)
                    guard distance <= max(1, max(text.count, segment.count) / 3) else { continue }
                case .digits, .any:
                    distance = 1
                }
                if best == nil || distance < best!.distance { best = (route.description, distance) }
            }
        }
        return best?.pattern
    }

    /// Levenshtein distance between two strings, by Unicode characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        var previous = Array(0...b.count)
        for (i, character) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (character == b[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func shortened(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(197)) + "..." : text
    }
}
