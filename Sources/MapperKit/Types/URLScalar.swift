import MapperCEL

/// The `url` type: an RFC 3986 URI reference, checked by the RFC's grammar. Its canonical and
/// external forms are the same string.
///
/// `URI-reference = URI / relative-ref`: an optional `scheme:`, then `//authority` (userinfo,
/// host as `[IP-literal]` or a name, digits-only port) or a path, then `?query` and `#fragment`.
/// Only ASCII is allowed (write other characters as `%XX`); spaces, control characters,
/// `"<>\^`{|}`, a second `#`, bad `%` escapes, invalid schemes and ports are rejected.
package enum URLScalar: ScalarType {
    static let type = TypeSpec.url
    static let name = "url"
    static let canonicalKinds: Set<JSONKind> = [.string]
    static let celType = CELCheckedType.string
    static func holds(_ result: CELCheckedType) -> Bool { TextResults.holds(result) }
    static let conversionHint: String? = "convert it with string(...)"

    static func read(_ document: JSONDocument, at index: Int) -> ScalarRead {
        guard document.kind(at: index) == .string else { return .expected("a URL string", document, at: index) }
        guard document.stringBytes(at: index, { isValid($0) }) else {
            return .expected("a valid URL (RFC 3986 URI reference)", document, at: index)
        }
        return .value(.url(document.string(at: index)))
    }

    static let schema: JSONObject = ["type": "string", "format": "uri-reference"]

    package static func isValid(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { isValid($0) } ?? isValid(Array(text.utf8))
    }

    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isValid(bytes.assumingMemoryBound(to: UInt8.self))
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        classes.withUnsafeBufferPointer { isValid(bytes, classes: $0) }
    }

    /// What a byte is to `isValid`'s scan, by value: 0 for a character every component may hold
    /// (`CharacterSet.host`'s and "@"), then ":", "/" and "?", which every component after the
    /// one they end may hold, so each is also the highest class the scan takes without a second
    /// look once it is past that; then "#", "%", a bracket and anything else.
    private static let classes: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "@"): return 0
        case let byte where CharacterSet.host.contains(byte): return 0
        case UInt8(ascii: ":"): return colonClass
        case UInt8(ascii: "/"): return slashClass
        case UInt8(ascii: "?"): return questionClass
        case UInt8(ascii: "#"): return hashClass
        case UInt8(ascii: "%"): return escapeClass
        case UInt8(ascii: "["), UInt8(ascii: "]"): return bracketClass
        default: return .max
        }
    }
    private static let colonClass: UInt8 = 1
    private static let slashClass: UInt8 = 2
    private static let questionClass: UInt8 = 3
    private static let hashClass: UInt8 = 4
    private static let escapeClass: UInt8 = 5
    private static let bracketClass: UInt8 = 6

    private static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The common case in one pass: only URI characters (no brackets, which only an IP-literal
        // host may hold), valid escapes, at most one "#", noting the first ":", "/", "?" and "#"
        // that split the reference; then the scheme and the authority, which are short. Anything
        // else takes the full grammar below. One function on purpose: it is the hot loop of reading
        // URLs, and split, its positions would travel through parameters on every byte.
        guard let base = bytes.baseAddress, let table = classes.baseAddress else { return true }  // the empty reference
        let count = bytes.count
        var hash = -1
        var question = -1
        var colon = -1
        var slash = -1
        // The highest class taken as it is: a ":" after the first ":", "/", "?" or "#" ends no
        // scheme; a "/" after the first "/", "?" or "#" starts no path; a "?" after the first "?"
        // or "#" starts no query.
        var plain: UInt8 = 0
        var index = 0
        // Eight bytes at a time while none of them needs a look, as most of a URL does not;
        // byte by byte through the eight that hold one.
        var byteByByteUntil = 0
        while index < count {
            if index >= byteByByteUntil && index &+ 8 <= count {
                let at = base + index
                let highest = max(
                    max(max(table[Int(at[0])], table[Int(at[1])]), max(table[Int(at[2])], table[Int(at[3])])),
                    max(max(table[Int(at[4])], table[Int(at[5])]), max(table[Int(at[6])], table[Int(at[7])])))
                if highest <= plain {
                    index &+= 8
                    continue
                }
                byteByByteUntil = index &+ 8
            }
            let kind = table[Int(base[index])]
            if kind <= plain {
                index += 1
                continue
            }
            switch kind {
            case colonClass:
                colon = index
                plain = colonClass
            case slashClass:
                slash = index
                plain = slashClass
            case questionClass:
                question = index
                plain = questionClass
            case hashClass:
                guard hash < 0 else { return false }
                hash = index
                plain = questionClass
            case escapeClass:
                guard index + 2 < count, isHex(base[index + 1]), isHex(base[index + 2]) else { return false }
                index += 3
                continue
            case bracketClass:
                return isValidByGrammar(bytes)
            default:
                return false
            }
            index += 1
        }
        var end = count
        if hash >= 0 { end = hash }
        if question >= 0 && question < end { end = question }
        var start = 0
        if colon >= 0 && (slash < 0 || colon < slash) {
            guard isScheme(bytes[0..<colon]) else { return false }
            start = colon + 1
        }
        guard end - start >= 2, base[start] == UInt8(ascii: "/"), base[start + 1] == UInt8(ascii: "/") else { return true }
        // The authority: every byte of it passed above, so it is valid unless a second "@" puts
        // one in the userinfo, a second ":" after the "@" one in the host, or the port is not
        // digits.
        var at = -1
        var authorityEnd = start + 2
        while authorityEnd < end && base[authorityEnd] != UInt8(ascii: "/") {
            if base[authorityEnd] == UInt8(ascii: "@") {
                guard at < 0 else { return false }
                at = authorityEnd
            }
            authorityEnd += 1
        }
        var portColon = -1
        index = at >= 0 ? at + 1 : start + 2
        while index < authorityEnd {
            let byte = base[index]
            if byte == UInt8(ascii: ":") {
                guard portColon < 0 else { return false }
                portColon = index
            } else if portColon >= 0 && !(byte >= 0x30 && byte <= 0x39) {
                return false
            }
            index += 1
        }
        return true
    }

    /// The full RFC 3986 grammar, component by component (which the scan above agrees with).
    static func isValidByGrammar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass finds the delimiters that split the reference: the first "#", and before it
        // the first "?", ":" and "/".
        var hash = bytes.count
        var question = -1
        var colon = -1
        var slash = -1
        for index in 0..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "#"):
                hash = index
            case UInt8(ascii: "?") where question < 0:
                question = index
            case UInt8(ascii: ":") where colon < 0 && question < 0:
                colon = index
            case UInt8(ascii: "/") where slash < 0 && question < 0:
                slash = index
            default:
                continue
            }
            if hash == index { break }
        }
        var end = bytes.count
        // fragment = *( pchar / "/" / "?" )
        if hash < end {
            guard valid(bytes, hash + 1, end, .query) else { return false }
            end = hash
        }
        // query = *( pchar / "/" / "?" )
        if question >= 0 && question < end {
            guard valid(bytes, question + 1, end, .query) else { return false }
            end = question
        }
        var start = 0
        // A ":" before any "/" ends a scheme.
        if colon >= 0 && colon < end && (slash < 0 || colon < slash) {
            guard isScheme(bytes[0..<colon]) else { return false }
            start = colon + 1
        }
        // "//" authority path-abempty, or a path.
        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            let authorityStart = start + 2
            var authorityEnd = authorityStart
            while authorityEnd < end && bytes[authorityEnd] != UInt8(ascii: "/") { authorityEnd += 1 }
            guard isAuthority(bytes, authorityStart, authorityEnd) else { return false }
            start = authorityEnd
        }
        return valid(bytes, start, end, .path)
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    private static func isAuthority(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var hostStart = start
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) {
            guard valid(bytes, start, at, .userinfo) else { return false }
            hostStart = at + 1
        }
        var hostEnd = end
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            // IP-literal: IPv6 (hex, ":", "." for an embedded IPv4) or IPvFuture ("v" …).
            guard let close = bytes[hostStart..<end].firstIndex(of: UInt8(ascii: "]")), close > hostStart + 1 else { return false }
            let inside = bytes[(hostStart + 1)..<close]
            if inside.first == UInt8(ascii: "v") || inside.first == UInt8(ascii: "V") {
                guard inside.contains(UInt8(ascii: ".")), inside.dropFirst().allSatisfy({ CharacterSet.userinfo.contains($0) }) else {
                    return false
                }
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
            guard valid(bytes, hostStart, hostEnd, .host) else { return false }
        }
        // port = *DIGIT
        if hostEnd < end {
            return bytes[(hostEnd + 1)..<end].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        return true
    }

    /// The characters a component may hold besides `%XX` escapes, as a 128-bit mask (constants,
    /// so the per-byte test is two shifts).
    private struct CharacterSet {
        var low: UInt64
        var high: UInt64

        /// unreserved / sub-delims
        static let host = CharacterSet(low: 0x2bff_7fd2_0000_0000, high: 0x47ff_fffe_87ff_fffe)
        /// … / ":"
        static let userinfo = CharacterSet(low: 0x2fff_7fd2_0000_0000, high: 0x47ff_fffe_87ff_fffe)
        /// pchar / "/": … / ":" / "@" / "/"
        static let path = CharacterSet(low: 0x2fff_ffd2_0000_0000, high: 0x47ff_fffe_87ff_ffff)
        /// query and fragment: pchar / "/" / "?"
        static let query = CharacterSet(low: 0xafff_ffd2_0000_0000, high: 0x47ff_fffe_87ff_ffff)

        @inline(__always) func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return (low >> UInt64(byte)) & 1 == 1 }
            if byte < 128 { return (high >> UInt64(byte - 64)) & 1 == 1 }
            return false
        }
    }

    /// `%XX` escapes and the component's characters.
    private static func valid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ allowed: CharacterSet) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < end, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard allowed.contains(byte) else { return false }
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
}
