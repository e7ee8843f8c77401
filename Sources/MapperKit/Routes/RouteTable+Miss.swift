extension RouteTable {
    /// Why no route matches a URL, and what would: another method, a missing `error_model`, or a
    /// pattern that differs from the path in one segment ("did you mean"). What `mapper match`,
    /// `mapper decode --route` and the service say on a miss.
    ///
    /// ```swift
    /// routes.explainMiss("/api/orders/1")
    /// // no route matches '/api/orders/1'; did you mean the pattern '/products/*'?
    /// ```
    public func explainMiss(_ url: String, method: String? = nil, status: Int? = nil) -> String {
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
            return detail + "; patterns for \(others.joined(separator: ", ")) match it (pass method=\(others[0]))"
        }
        if let near = closestPattern(to: url) {
            return detail + "; did you mean the pattern '\(near)'?"
        }
        return detail
    }

    /// A pattern with as many segments as the path (after the block's prefix) that differs from
    /// it in exactly one segment.
    private func closestPattern(to url: String) -> String? {
        guard let path = RoutePath.segments(of: url) else { return nil }
        for block in blocks {
            var candidate = path
            if !block.prefix.isEmpty, path.starts(with: block.prefix) { candidate = Array(path.dropFirst(block.prefix.count)) }
            for route in block.routes where route.segments.count == candidate.count {
                let misses = zip(route.segments, candidate).filter { !Self.matches([$0], [$1]) }.count
                if misses == 1 { return route.description }
            }
        }
        return nil
    }

    private static func shortened(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(197)) + "..." : text
    }
}
