internal import MapperRegex

extension Library {
    /// `contains`, `startsWith`, `endsWith`, `matches` and the strings extension; nil for other names.
    /// Positions count Unicode code points, as CEL's `size` does.
    static func stringFunction(_ function: Function, member: Bool, _ args: Arguments) throws(CELError) -> CELValue? {
        if function == .join, member, case .list(let items) = args.first {
            return try join(items, args.count == 2 ? args[1] : .string(""))
        }
        if function == .quote, args.count == 1, case .string(let text) = args[0] { return .string(quote(text)) }
        if function == .matches, !member, args.count == 2 { return try stringFunction(function, member: true, args) }
        guard member, case .string(let text) = args.first else { return nil }
        let rest = Arguments(rebasing: args.dropFirst())
        switch (function, rest.first) {
        case (.contains, .string(let part)) where rest.count == 1:
            return .bool(part.isEmpty || text.unicodeScalars.firstRange(of: part.unicodeScalars) != nil)
        case (.startsWith, .string(let part)) where rest.count == 1:
            return .bool(text.unicodeScalars.starts(with: part.unicodeScalars))
        case (.endsWith, .string(let part)) where rest.count == 1:
            return .bool(text.unicodeScalars.reversed().starts(with: part.unicodeScalars.reversed()))
        case (.matches, .string(let pattern)) where rest.count == 1:
            let regex: RE2Regex
            do { regex = try RE2Regex(pattern) } catch {
                throw CELError(.invalidArgument, "invalid regular expression '\(pattern)': \(error)", column: 0)
            }
            return .bool(regex.contains(text))
        case (.lowerAscii, nil):
            return .string(mapBytes(text) { $0 &- 65 < 26 ? $0 + 32 : $0 })
        case (.upperAscii, nil):
            return .string(mapBytes(text) { $0 &- 97 < 26 ? $0 - 32 : $0 })
        case (.trim, nil):
            let scalars = Array(text.unicodeScalars)
            guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return .string("") }
            return .string(String(String.UnicodeScalarView(scalars[start...end])))
        case (.reverse, nil):
            return .string(String(String.UnicodeScalarView(text.unicodeScalars.reversed())))
        case (.charAt, .int(let position)) where rest.count == 1:
            let scalars = Array(text.unicodeScalars)
            guard position >= 0, position <= scalars.count else { throw outOfRange(position, text) }
            return .string(position == scalars.count ? "" : String(scalars[Int(position)]))
        case (.indexOf, .string(let part)) where rest.count <= 2:
            return try indexOf(text, part, rest.count == 2 ? rest[1] : nil, last: false)
        case (.lastIndexOf, .string(let part)) where rest.count <= 2:
            return try indexOf(text, part, rest.count == 2 ? rest[1] : nil, last: true)
        case (.substring, .int(let start)) where rest.count <= 2:
            let scalars = Array(text.unicodeScalars)
            var end = Int64(scalars.count)
            if rest.count == 2 {
                guard case .int(let given) = rest[1] else { throw noOverload(function.rawValue, args) }
                end = given
            }
            guard start >= 0, start <= scalars.count else { throw outOfRange(start, text) }
            guard end >= 0, end <= scalars.count else { throw outOfRange(end, text) }
            guard start <= end else {
                throw CELError(.indexOutOfRange, "substring(\(start), \(end)): the start is after the end", column: 0)
            }
            return .string(String(String.UnicodeScalarView(scalars[Int(start)..<Int(end)])))
        case (.replace, .string(let old)) where rest.count == 2 || rest.count == 3:
            guard case .string(let new) = rest[1] else { throw noOverload(function.rawValue, args) }
            var limit = Int64.max
            if rest.count == 3 {
                guard case .int(let given) = rest[2] else { throw noOverload(function.rawValue, args) }
                limit = given < 0 ? .max : given
            }
            return .string(replace(text, old, new, limit: limit))
        case (.split, .string(let separator)) where rest.count <= 2:
            var limit = Int64.max
            if rest.count == 2 {
                guard case .int(let given) = rest[1] else { throw noOverload(function.rawValue, args) }
                limit = given < 0 ? .max : given
            }
            return .list(split(text, separator, limit: limit).map { .string($0) })
        case (.format, .list(let items)) where rest.count == 1:
            return .string(try Formatter.format(text, items))
        default:
            return nil
        }
    }

    /// `text` with each UTF-8 byte changed by `change`, for changes of ASCII letters: those are
    /// single bytes in UTF-8, and no byte of another character is one, so the result is valid.
    private static func mapBytes(_ text: String, _ change: (UInt8) -> UInt8) -> String {
        let utf8 = text.utf8
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 {
                buffer[count] = change(byte)
                count += 1
            }
            return count
        }
    }

    private static func outOfRange(_ position: Int64, _ text: String) -> CELError {
        CELError(.indexOutOfRange, "index \(position) is out of range for a string of \(text.unicodeScalars.count) characters", column: 0)
    }

    private static func indexOf(_ text: String, _ part: String, _ from: CELValue?, last: Bool) throws(CELError) -> CELValue {
        let scalars = Array(text.unicodeScalars)
        let wanted = Array(part.unicodeScalars)
        var bound = last ? Int64(scalars.count) : 0
        if let from {
            guard case .int(let given) = from else {
                throw noOverload(last ? "lastIndexOf" : "indexOf", [.string(text), .string(part), from])
            }
            guard given >= 0, given <= scalars.count else { throw outOfRange(given, text) }
            bound = given
        }
        guard wanted.count <= scalars.count else { return .int(-1) }
        let candidates: [Int] =
            last
            ? Array((0...min(Int(bound), scalars.count - wanted.count)).reversed())
            : Array(stride(from: Int(bound), through: scalars.count - wanted.count, by: 1))
        for start in candidates where scalars[start..<start + wanted.count].elementsEqual(wanted) {
            return .int(Int64(start))
        }
        return .int(-1)
    }

    private static func replace(_ text: String, _ old: String, _ new: String, limit: Int64) -> String {
        guard limit > 0 else { return text }
        var result = String.UnicodeScalarView()
        var rest = text.unicodeScalars[...]
        var count: Int64 = 0
        if old.isEmpty {
            // An empty pattern matches before every character and at the end, as Go's strings.Replace.
            for scalar in text.unicodeScalars {
                if count < limit { result.append(contentsOf: new.unicodeScalars); count += 1 }
                result.append(scalar)
            }
            if count < limit { result.append(contentsOf: new.unicodeScalars) }
            return String(result)
        }
        while count < limit, let range = rest.firstRange(of: old.unicodeScalars) {
            result.append(contentsOf: rest[..<range.lowerBound])
            result.append(contentsOf: new.unicodeScalars)
            rest = rest[range.upperBound...]
            count += 1
        }
        result.append(contentsOf: rest)
        return String(result)
    }

    private static func split(_ text: String, _ separator: String, limit: Int64) -> [String] {
        if limit == 0 { return [] }
        if limit == 1 { return [text] }
        if separator.isEmpty {
            var parts = text.unicodeScalars.map { String($0) }
            if Int64(parts.count) > limit {
                let tail = parts[Int(limit - 1)...].joined()
                parts = Array(parts[..<Int(limit - 1)]) + [tail]
            }
            return parts
        }
        var parts: [String] = []
        var rest = text.unicodeScalars[...]
        while Int64(parts.count) < limit - 1, let range = rest.firstRange(of: separator.unicodeScalars) {
            parts.append(String(String.UnicodeScalarView(rest[..<range.lowerBound])))
            rest = rest[range.upperBound...]
        }
        parts.append(String(String.UnicodeScalarView(rest)))
        return parts
    }

    private static func join(_ items: [CELValue], _ separator: CELValue) throws(CELError) -> CELValue {
        guard case .string(let glue) = separator else { throw noOverload("join", [.list(items), separator]) }
        var parts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw noOverload("join", [.list(items), separator]) }
            parts.append(text)
        }
        return .string(parts.joined(separator: glue))
    }

    /// `strings.quote`: the string in double quotes with CEL's escapes.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{07}": result += "\\a"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0B}": result += "\\v"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
