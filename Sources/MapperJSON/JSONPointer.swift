/// RFC 6901 JSON pointers (`/labels/2/color`): how a reference token is escaped (`~` as `~0`,
/// `/` as `~1`) and read back.
package enum JSONPointer {
    /// One reference token as written in a pointer.
    package static func escape(_ token: some StringProtocol) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return String(token) }
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// One reference token as written in a pointer, read back.
    package static func unescape(_ token: some StringProtocol) -> String {
        guard token.contains("~") else { return String(token) }
        var text = ""
        var pending = false
        for character in token {
            if pending {
                text += character == "1" ? "/" : character == "0" ? "~" : "~\(character)"
                pending = false
            } else if character == "~" {
                pending = true
            } else {
                text.append(character)
            }
        }
        return pending ? text + "~" : text
    }

    /// Appends `/` and one escaped reference token.
    package static func append(_ token: some StringProtocol, to pointer: inout String) {
        pointer += "/"
        pointer += escape(token)
    }
}
