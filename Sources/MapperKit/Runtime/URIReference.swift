/// The `url` type's check (SPEC §3): an RFC 3986 URI reference.
///
/// Accepted: the RFC's unreserved, reserved and `%XX` characters, a valid scheme when there is one
/// (`scheme:` before any `/`, `?` or `#`), and — as IRIs (RFC 3987) allow — non-ASCII letters.
/// Rejected: spaces, control characters, `"<>\^`{|}`, bad `%` escapes, a colon in the first
/// segment of a scheme-less reference (`a:b` is read as scheme `a`), and an invalid scheme.
enum URIReference {
    static func isValid(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { isValid($0) } ?? isValid(Array(text.utf8))
    }

    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isValid(bytes.assumingMemoryBound(to: UInt8.self))
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        var sawDelimiter = false  // a '/', '?' or '#' before any ':'
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            case UInt8(ascii: ":") where !sawDelimiter:
                guard isScheme(bytes[0..<index]) else { return false }
                sawDelimiter = true
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                sawDelimiter = true
            case 0x80...:
                break  // UTF-8 of a non-ASCII character (validated as a Swift string already)
            default:
                guard allowed[Int(byte)] else { return false }
            }
            index += 1
        }
        return true
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = bytes.first, isAlpha(first) else { return false }
        return bytes.dropFirst().allSatisfy { isAlpha($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
    }

    /// unreserved / gen-delims / sub-delims of RFC 3986, by ASCII code.
    private static let allowed: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        let characters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
        for byte in characters.utf8 { table[Int(byte)] = true }
        return table
    }()
}

/// The `uuid` type's check: `8-4-4-4-12` hex digits.
enum UUIDText {
    /// Whether `text` is a UUID in any letter case.
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66) else { return false }
            }
        }
        return true
    }

    /// Whether `text` is a UUID in canonical (lower-case) form.
    static func isCanonical(_ text: String) -> Bool {
        isValid(text) && text == text.lowercased()
    }
}
