/// The `url` type's check (SPEC §3): an RFC 3986 URI reference, by the RFC's grammar.
///
/// `URI-reference = URI / relative-ref`: an optional `scheme:`, then `//authority` (userinfo,
/// host as `[IP-literal]` or a name, digits-only port) or a path, then `?query` and `#fragment`.
/// Only ASCII is allowed (write other characters as `%XX`); spaces, control characters,
/// `"<>\^`{|}`, a second `#`, bad `%` escapes, invalid schemes and ports are rejected.
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
        var end = bytes.count
        // fragment = *( pchar / "/" / "?" ), after the first "#".
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            guard valid(bytes, hash + 1, end, extra: queryExtras) else { return false }
            end = hash
        }
        // query = *( pchar / "/" / "?" ), after the first "?".
        if let question = bytes[0..<end].firstIndex(of: UInt8(ascii: "?")) {
            guard valid(bytes, question + 1, end, extra: queryExtras) else { return false }
            end = question
        }
        var start = 0
        // A ":" before any "/" ends a scheme.
        if let colon = bytes[0..<end].firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") }),
           bytes[colon] == UInt8(ascii: ":") {
            guard isScheme(bytes[0..<colon]) else { return false }
            start = colon + 1
        }
        // "//" authority path-abempty, or a path.
        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            let authorityStart = start + 2
            let authorityEnd = bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            guard isAuthority(bytes, authorityStart, authorityEnd) else { return false }
            start = authorityEnd
        }
        return valid(bytes, start, end, extra: pathExtras)
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    private static func isAuthority(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var hostStart = start
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) {
            guard valid(bytes, start, at, extra: userinfoExtras) else { return false }
            hostStart = at + 1
        }
        var hostEnd = end
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            // IP-literal: IPv6 (hex, ":", "." for an embedded IPv4) or IPvFuture ("v" …).
            guard let close = bytes[hostStart..<end].firstIndex(of: UInt8(ascii: "]")), close > hostStart + 1 else { return false }
            let inside = bytes[(hostStart + 1)..<close]
            if inside.first == UInt8(ascii: "v") || inside.first == UInt8(ascii: "V") {
                guard inside.contains(UInt8(ascii: ".")), inside.dropFirst().allSatisfy({ allowed[Int($0)] && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") }) else { return false }
            } else {
                guard inside.contains(UInt8(ascii: ":")),
                      inside.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
                else { return false }
            }
            hostEnd = close + 1
            guard hostEnd == end || bytes[hostEnd] == UInt8(ascii: ":") else { return false }
        } else if let colon = bytes[hostStart..<end].lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
        }
        if hostStart < hostEnd, bytes[hostStart] != UInt8(ascii: "[") {
            guard valid(bytes, hostStart, hostEnd, extra: hostExtras) else { return false }
        }
        // port = *DIGIT
        if hostEnd < end {
            return bytes[(hostEnd + 1)..<end].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        return true
    }

    /// Unreserved, sub-delims and `%XX` everywhere, plus the component's own extras.
    private static func valid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, extra: String) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < end, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard byte < 0x80, unreservedOrSubDelim[Int(byte)] || extra.utf8.contains(byte) else { return false }
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

    private static let pathExtras = ":@/"
    private static let queryExtras = ":@/?"
    private static let userinfoExtras = ":"
    private static let hostExtras = ""

    /// unreserved / sub-delims, by ASCII code.
    private static let unreservedOrSubDelim: [Bool] = table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=")
    /// Every character a URI may hold outside escapes.
    private static let allowed: [Bool] = table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=")

    private static func table(_ characters: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 128)
        for byte in characters.utf8 { table[Int(byte)] = true }
        return table
    }
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
