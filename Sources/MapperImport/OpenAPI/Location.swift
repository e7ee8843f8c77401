import Foundation
import MapperKit

/// A place in the files of a description: a file (absolute path) and a JSON pointer in it.
struct Location: Hashable, Comparable {
    var file: String
    var pointer: [String]

    func appending(_ segment: String) -> Location {
        Location(file: file, pointer: pointer + [segment])
    }

    static func < (lhs: Location, rhs: Location) -> Bool {
        (lhs.file, lhs.pointer.joined(separator: "/")) < (rhs.file, rhs.pointer.joined(separator: "/"))
    }

    /// `#/a/b~1c` — the RFC 6901 pointer as a URI fragment.
    var fragment: String {
        "#" + pointer.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// The value at the pointer, if there is one.
    static func resolve(_ pointer: [String], in value: JSONValue) -> JSONValue? {
        var current = value
        for segment in pointer {
            switch current {
            case .object(let object):
                guard let next = object[segment] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(segment), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The target of a `$ref` written in `file`: `other.yml#/a/b`, `#/a/b` or `other.yml`; nil for
    /// a reference that is not to a local file (`https://…`) or whose pointer is malformed.
    static func reference(_ text: String, from file: String) -> Location? {
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        if path.contains("://") { return nil }
        let target: String
        if path.isEmpty {
            target = file
        } else {
            let decoded = path.removingPercentEncoding ?? path
            let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
            target = URL(fileURLWithPath: decoded, relativeTo: directory).standardizedFileURL.path
        }
        guard let pointer = parsePointer(fragment) else { return nil }
        return Location(file: target, pointer: pointer)
    }

    /// The segments of a fragment (`/a/b~1c`, percent-encoded or not); nil when it is not a pointer.
    static func parsePointer(_ fragment: String) -> [String]? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if decoded.isEmpty { return [] }
        guard decoded.hasPrefix("/") else { return nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
