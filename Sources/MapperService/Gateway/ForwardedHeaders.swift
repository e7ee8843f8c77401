import HTTPTypes

/// Which header fields cross the gateway, each way. Hop-by-hop fields (RFC 9110, section 7.6.1) never do:
/// `Connection`, `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`, and every
/// field the `Connection` header names. Neither do `Mapper-*` fields, which are the gateway's own.
enum ForwardedHeaders {
    private static let hopByHop: Set<String> = ["connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade"]

    /// Request fields the gateway sets itself: `Host` (rewritten to the upstream's by the client),
    /// `Content-Length` (the body may be re-encoded), `Accept-Encoding` (a mapped body must arrive
    /// as plain JSON) and `Expect` (the body was already read).
    private static let ownRequestFields: Set<String> = ["host", "content-length", "accept-encoding", "expect"]

    /// Response fields that describe the upstream's bytes, not the mapped body the gateway sends.
    private static let representationFields: Set<String> = [
        "content-type", "content-encoding", "content-md5", "digest", "content-digest", "repr-digest",
    ]

    /// What goes upstream: the client's end-to-end fields, without its `Authorization` when the
    /// gateway consumed it (`--token-file`) and without its `traceparent` and `tracestate` when the
    /// gateway traces (the HTTP client writes the gateway's span there, a child of the client's),
    /// `Via: 1.1 mapper` added (RFC 9110, section 7.6.3), then the configured `--upstream-header`s,
    /// which win.
    static func request(
        _ fields: HTTPFields, consumeAuthorization: Bool, tracing: Bool = false, extra: [(name: String, value: String)]
    ) -> HTTPFields {
        let named = connectionNamed(fields)
        var forwarded = HTTPFields()
        for field in fields {
            let name = field.name.canonicalName
            if isHopByHop(name, named) || ownRequestFields.contains(name) || name.hasPrefix("mapper-") { continue }
            if consumeAuthorization && name == "authorization" { continue }
            if tracing && (name == "traceparent" || name == "tracestate") { continue }
            forwarded.append(field)
        }
        forwarded.append(HTTPField(name: .via, value: "1.1 mapper"))
        for (name, value) in extra {
            guard let name = HTTPField.Name(name) else { continue }
            forwarded[name] = value
        }
        return forwarded
    }

    /// What goes back to the client: the upstream's end-to-end fields, with upstream URLs in `Link`,
    /// `Location` and `Content-Location` pointed at the gateway. A mapped body also loses the fields
    /// that describe the upstream's bytes (its type, encoding and digests); `ETag` and
    /// `Last-Modified` stay, so conditional requests keep working through the gateway.
    static func response(_ fields: HTTPFields, mapped: Bool, rewriter: LinkRewriter) -> HTTPFields {
        let named = connectionNamed(fields)
        var forwarded = HTTPFields()
        for field in fields {
            let name = field.name.canonicalName
            if isHopByHop(name, named) || name == "content-length" || name == "date" || name == "server" || name.hasPrefix("mapper-") {
                continue
            }
            if mapped && representationFields.contains(name) { continue }
            var field = field
            switch name {
            case "link": field.value = rewriter.rewriteLink(field.value)
            case "location", "content-location": field.value = rewriter.rewrite(field.value)
            default: break
            }
            forwarded.append(field)
        }
        return forwarded
    }

    /// The lower-cased names listed in the `Connection` fields.
    private static func connectionNamed(_ fields: HTTPFields) -> Set<String> {
        var names: Set<String> = []
        for value in fields[values: .connection] {
            for name in value.split(separator: ",") {
                let trimmed = name.trimmingSpaces.lowercased()
                if !trimmed.isEmpty { names.insert(trimmed) }
            }
        }
        return names
    }

    private static func isHopByHop(_ name: String, _ connectionNamed: Set<String>) -> Bool {
        hopByHop.contains(name) || name.hasPrefix("proxy-") || connectionNamed.contains(name)
    }
}
