/// A JSON key path: object keys walked from the model's object, written with `.`
/// between segments; `\.` is a literal dot and `\\` a backslash.
///
/// Named `JSONKeyPath`, not `KeyPath`, so that importing MapperKit never shadows `Swift.KeyPath`.
public struct JSONKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// The object keys in the order they are walked, unescaped.
    public let segments: [String]

    /// A path through these keys, taken as they are (no escapes are interpreted).
    public init(segments: [String]) {
        self.segments = segments
    }

    /// A one-segment path holding `key` exactly (dots and backslashes are part of the key).
    public init(key: String) {
        self.segments = [key]
    }

    /// Parses the written form; throws a message naming the problem.
    init(parsing text: String) throws(JSONKeyPathError) {
        var segments: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                guard character == "." || character == "\\" else {
                    throw JSONKeyPathError("'\\\(character)' is not an escape in key path '\(text)'; only '\\.' and '\\\\' are")
                }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                segments.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !escaping else { throw JSONKeyPathError("key path '\(text)' ends with a lone backslash") }
        segments.append(current)
        guard !segments.contains(where: \.isEmpty) else {
            throw JSONKeyPathError("key path '\(text)' has an empty segment; write '\\.' for a dot inside a key")
        }
        self.segments = segments
    }

    /// The written form, with dots and backslashes inside segments escaped.
    public var description: String {
        segments.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.") }
            .joined(separator: ".")
    }

    /// The same path as an RFC 6901 JSON pointer (`user.login` → `/user/login`).
    public var pointer: String {
        segments.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// Whether this path runs through `other` (equal paths included): `user.login` has prefix `user`.
    public func hasPrefix(_ other: JSONKeyPath) -> Bool {
        segments.count >= other.segments.count && Array(segments.prefix(other.segments.count)) == other.segments
    }
}

struct JSONKeyPathError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
