import Foundation
import MapperKit

/// The path the API serves its operations under, from the description's `servers`: the routes'
/// `prefix`, so that both the URL the API serves (`https://app.asana.com/api/1.0/tasks/123`, or
/// `/api/1.0/tasks/123`) and the path as the description writes it (`/tasks/123`) match.
///
/// Server variables take their `default`. Servers whose paths differ (a sandbox under another
/// path) cannot all be one prefix: the first server's path is the prefix and a warning names the
/// others; a server whose path keeps a variable without a default is skipped with a warning.
enum ServerPrefix {
    /// The prefix (`api/1.0`), or nil when the servers give no path.
    static func of(_ servers: JSONValue?, root: String, warnings: inout [ImportWarning]) -> String? {
        guard case .array(let list)? = servers else { return nil }
        var paths: [String] = []
        for (index, server) in list.enumerated() {
            guard case .string(var url)? = server["url"] else { continue }
            let origin = "\(root)#/servers/\(index)"
            if case .object(let variables)? = server["variables"] {
                for member in variables {
                    guard case .string(let value)? = member.value["default"] else { continue }
                    url = url.replacingOccurrences(of: "{\(member.key)}", with: value)
                }
            }
            let path = Self.path(of: url)
            if path.contains("{") {
                warnings.append(
                    ImportWarning(
                        kind: "server-variable", location: origin,
                        message: "the path of '\(url)' has a variable without a default; this server gives no prefix"))
                continue
            }
            if !paths.contains(path) { paths.append(path) }
        }
        guard let first = paths.first else { return nil }
        if paths.count > 1 {
            let others = paths.dropFirst().map { "'/\($0)'" }.joined(separator: ", ")
            warnings.append(
                ImportWarning(
                    kind: "servers", location: "\(root)#/servers",
                    message:
                        "servers have different paths ('/\(first)', \(others)); the routes' prefix is the first server's '/\(first)'"))
        }
        return first.isEmpty ? nil : first
    }

    /// The path of a server URL without its leading and trailing slashes: `https://host/api/1.0/`
    /// → `api/1.0`; a relative URL (`/v2`) is a path already.
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let scheme = rest.range(of: "://") {
            let authority = rest[scheme.upperBound...]
            rest = authority.firstIndex(of: "/").map { authority[$0...] } ?? ""
        } else if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2)
            rest = authority.firstIndex(of: "/").map { authority[$0...] } ?? ""
        }
        return rest.split(separator: "/").joined(separator: "/")
    }
}
