import Foundation
import Hummingbird

/// Where a `/proxy/…` request goes: its path below `/proxy` and its query, as the client wrote them.
struct UpstreamTarget {
    /// `/repos/o/r/issues` (`/` for `/proxy` itself), still percent-encoded.
    var path: String
    /// The path with `?query` when there is one.
    var pathAndQuery: String

    /// 400 for a path with `.` or `..` segments, which could leave the upstream's base path, and
    /// for a `%` that does not start an escape (the upstream would get another URL than was sent).
    init(_ request: Request) throws {
        let full = request.uri.path
        var path = String(full.dropFirst(GatewayController.prefix.count))
        if path.isEmpty { path = "/" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { [".", ".."].contains(String($0).removingPercentEncoding ?? String($0)) }) {
            throw Problem.badRequest("the path '\(full.shortened(120))' has a '.' or '..' segment; the gateway forwards only plain paths")
        }
        self.path = path
        pathAndQuery = request.uri.query.map { path + "?" + $0 } ?? path
        if !Self.hasValidEscapes(pathAndQuery) {
            throw Problem.badRequest("'\(full.shortened(120))' has a '%' that is not followed by two hex digits")
        }
    }

    private static func hasValidEscapes(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[(index + 1)...(index + 2)].allSatisfy(\.isHexDigit) else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
