import Foundation
import MapperKit

/// A generated mapping catalog (YAML text) with one model `Root`, maybe a nested model `Child` and
/// an enum, plus one conforming document written both ways: as the external JSON the catalog
/// maps, and as the canonical JSON it should decode to. The expected JSON is worked out here from
/// the generated parts (key names from words, dates from civil fields), independently of the engine.
struct CatalogSample: CustomStringConvertible {
    var yaml: String
    var external: JSONValue
    var canonical: JSONValue
    /// Whether `Root` keeps unknown keys.
    var keepsUnknownKeys: Bool

    var description: String { "\(yaml)\n---\nexternal: \(JSONWriter.write(external))\ncanonical: \(JSONWriter.write(canonical))" }

    static func generate(using rng: inout some RandomNumberGenerator) -> CatalogSample {
        var builder = Builder()
        return builder.build(using: &rng)
    }
}

/// Key styles (SPEC §4) and the external key each makes of a property name given as its words.
enum SampleKeyStyle: String, CaseIterable {
    case asIs = "as_is", snake = "snake_case", camel = "camelCase", pascal = "PascalCase", kebab = "kebab-case"
    case screaming = "SCREAMING_SNAKE_CASE"

    static func camelName(_ words: [String]) -> String {
        words[0] + words.dropFirst().map(\.capitalized).joined()
    }

    func key(_ words: [String]) -> String {
        switch self {
        case .asIs, .camel: return Self.camelName(words)
        case .snake: return words.joined(separator: "_")
        case .pascal: return words.map(\.capitalized).joined()
        case .kebab: return words.joined(separator: "-")
        case .screaming: return words.joined(separator: "_").uppercased()
        }
    }
}

private struct Builder {
    static let words = [
        "id", "name", "count", "created", "user", "login", "total", "color", "value", "item", "link", "flag", "ratio", "size", "kind",
    ]
    static let scalars = ["string", "int", "double", "decimal", "bool", "uuid", "url", "date", "local_date", "any"]

    var enumCases: [(name: String, json: JSONValue)] = []
    var lines: [String] = ["mapper: 1"]

    /// One generated property: its YAML declaration, and its value on both sides (nil: absent).
    struct Property {
        var name: String
        var keyPath: [String]
        var declaration: String
        var value: (external: JSONValue, canonical: JSONValue)?
    }

    mutating func build(using rng: inout some RandomNumberGenerator) -> CatalogSample {
        if Bool.random(using: &rng) {
            let names = ["red", "green", "blue", "gray"].shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
            let numeric = Bool.random(using: &rng)
            enumCases = names.enumerated().map { index, name in
                (name, numeric ? .number(JSONNumber(Int64(index * 10 - 5))) : .string(name.uppercased() + "_\(index)"))
            }
            lines += ["enums:", "  Color:", "    cases:"]
            lines += enumCases.map { "      \($0.name): \(JSONWriter.write($0.json))" }
        }
        lines += [
            "formats:", "  plain_time: { date: \"yyyy-MM-dd HH:mm:ss\", time_zone: UTC }",
            "  micro_time: { date: \"yyyy-MM-dd HH:mm:ss.SSSSSS\", time_zone: UTC }",
            "  plain_day: { date: \"dd.MM.yyyy\", time_zone: America/New_York }",
        ]
        lines.append("models:")

        let hasChild = Bool.random(using: &rng)
        var child: (style: SampleKeyStyle, properties: [Property])?
        if hasChild {
            let style = SampleKeyStyle.allCases.randomElement(using: &rng)!
            let properties = self.properties(count: Int.random(in: 1...3, using: &rng), style: style, nested: nil, using: &rng)
            declare("Child", style: style, unknownKeys: "ignore", properties)
            child = (style, properties)
        }
        let style = SampleKeyStyle.allCases.randomElement(using: &rng)!
        let keeps = Bool.random(using: &rng)
        let properties = self.properties(count: Int.random(in: 1...8, using: &rng), style: style, nested: child?.properties, using: &rng)
        declare("Root", style: style, unknownKeys: keeps ? "keep" : "ignore", properties)
        return CatalogSample(
            yaml: lines.joined(separator: "\n") + "\n", external: Self.object(properties, external: true),
            canonical: Self.object(properties, external: false), keepsUnknownKeys: keeps)
    }

    mutating func declare(_ model: String, style: SampleKeyStyle, unknownKeys: String, _ properties: [Property]) {
        lines += ["  \(model):", "    key_style: \(style.rawValue)", "    unknown_keys: \(unknownKeys)", "    properties:"]
        lines += properties.map { "      \($0.name): \($0.declaration)" }
    }

    /// The model's JSON object on one side: key paths (external) or property names (canonical),
    /// in declaration order, absent properties left out.
    static func object(_ properties: [Property], external: Bool) -> JSONValue {
        var object = JSONObject()
        for property in properties {
            guard let value = property.value else { continue }
            let path = external ? property.keyPath : [property.name]
            if path.count == 1 {
                object.append(path[0], external ? value.external : value.canonical)
            } else {
                // First segments of key paths are unique in a sample, so this object is new.
                object.append(path[0], .object(JSONObject([.init(key: path[1], value: value.external)])))
            }
        }
        return .object(object)
    }

    mutating func properties(
        count: Int, style: SampleKeyStyle, nested: [Property]?, using rng: inout some RandomNumberGenerator
    ) -> [Property] {
        var used = Set<[String]>()
        var result: [Property] = []
        for index in 0..<count {
            var words = [Self.words.randomElement(using: &rng)!]
            if Bool.random(using: &rng) { words.append(Self.words.randomElement(using: &rng)!) }
            guard used.insert(words).inserted else { continue }
            let name = SampleKeyStyle.camelName(words)
            var keyPath = [style.key(words)]
            var fields: [String] = []
            if Int.random(in: 0..<5, using: &rng) == 0 {
                keyPath = ["nest\(index)", "leaf"]
                fields.append("key: nest\(index).leaf")
            }
            let (type, extraFields, value) = self.value(nested: nested, using: &rng)
            fields = ["type: \"\(type)\""] + fields + extraFields
            let roll = Int.random(in: 0..<10, using: &rng)
            let present: (external: JSONValue, canonical: JSONValue)? = roll == 0 ? nil : roll == 1 ? (.null, .null) : value
            result.append(Property(name: name, keyPath: keyPath, declaration: "{ \(fields.joined(separator: ", ")) }", value: present))
        }
        return result
    }

    /// A type, the fields it needs, and a value of it on both sides.
    func value(
        nested: [Property]?, using rng: inout some RandomNumberGenerator
    ) -> (type: String, fields: [String], value: (external: JSONValue, canonical: JSONValue)) {
        var choices = Self.scalars + ["[string]", "[int]", "[string: bool]"]
        if !enumCases.isEmpty { choices.append("Color") }
        if nested != nil { choices.append("Child") }
        let type = choices.randomElement(using: &rng)!
        switch type {
        case "Color":
            let chosen = enumCases.randomElement(using: &rng)!
            return (type, [], (chosen.json, .string(chosen.name)))
        case "Child":
            let properties = nested!
            return (type, ["merge: deep"], (Self.object(properties, external: true), Self.object(properties, external: false)))
        case "[string]", "[int]":
            let element = type == "[int]" ? "int" : "string"
            let items = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                Int.random(in: 0..<5, using: &rng) == 0 ? JSONValue.null : Self.scalar(element, using: &rng).external
            }
            let merge = ["append", "union", "replace", "keep"].randomElement(using: &rng)!
            return (type, ["merge: \(merge)"], (.array(items), .array(items)))
        case "[string: bool]":
            let members = (0..<Int.random(in: 0...3, using: &rng)).map {
                JSONObject.Member(key: "k\($0)", value: .bool(Bool.random(using: &rng)))
            }
            return (type, [], (.object(JSONObject(members)), .object(JSONObject(members))))
        case "date":
            let format = ["iso8601", "unix", "unix_ms", "unix_us", "unix_ns", "plain_time", "micro_time"].randomElement(using: &rng)!
            return (type, ["format: \(format)"], Self.date(format: format, using: &rng))
        case "local_date":
            let format = Bool.random(using: &rng) ? "plain_day" : nil
            let merge = ["max", "min", "replace"].randomElement(using: &rng)!
            return (type, (format.map { ["format: \($0)"] } ?? []) + ["merge: \(merge)"], Self.day(format: format, using: &rng))
        default:
            var fields: [String] = []
            if ["int", "double", "decimal"].contains(type) {
                fields.append("merge: \(["sum", "max", "min", "replace"].randomElement(using: &rng)!)")
            }
            return (type, fields, Self.scalar(type, using: &rng))
        }
    }

    static func scalar(_ type: String, using rng: inout some RandomNumberGenerator) -> (external: JSONValue, canonical: JSONValue) {
        let value: JSONValue
        switch type {
        case "string":
            value = .string(
                ["", "a", "héllo wörld", "quote \" and \\ backslash", "tab\there", "🎉", "line\nbreak", "\u{1}"].randomElement(using: &rng)!)
        case "int":
            value = .number(
                JSONNumber(
                    [Int64.min, Int64.max, 0, -1, Int64.random(in: -1_000_000...1_000_000, using: &rng)].randomElement(using: &rng)!))
        case "double":
            let quarters = Int.random(in: -4000...4000, using: &rng) * 2 + 1
            value = .number(JSONNumber("\(Double(quarters) / 4)")!)
        case "decimal":
            value = .number(
                JSONNumber(["12.50", "-0.001", "18446744073709551616", "3.14159265358979323846", "0", "7"].randomElement(using: &rng)!)!)
        case "bool":
            value = .bool(Bool.random(using: &rng))
        case "uuid":
            let hex = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &rng), radix: 16) }.joined()
            let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                String(hex.dropFirst(range.lowerBound).prefix(range.count))
            }
            value = .string(parts.joined(separator: "-"))
        case "url":
            value = .string(["https://example.com/a?b=1#c", "/relative/path", "mailto:someone@example.com"].randomElement(using: &rng)!)
        default:
            value = [
                JSONValue.null, .bool(true), .string("s"), .number(JSONNumber("1.50")!),
                .array([.number(JSONNumber(1)), .string("x"), .null]),
                .object(JSONObject([.init(key: "z", value: .number(JSONNumber(2))), .init(key: "a", value: .array([]))])),
            ]
            .randomElement(using: &rng)!
        }
        return (value, value)
    }

    /// An instant in a format, with as many fraction digits as the format holds (none for
    /// `plain_time`, 3 for `unix_ms`, 6 for `unix_us` and `micro_time`, 9 for the others), and its
    /// canonical `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, the fraction in groups of three digits.
    static func date(format: String, using rng: inout some RandomNumberGenerator) -> (external: JSONValue, canonical: JSONValue) {
        let (year, month, day) = (
            Int.random(in: 1970...2099, using: &rng), Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng)
        )
        let (hour, minute, second) = (
            Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng), Int.random(in: 0...59, using: &rng)
        )
        let digits = ["plain_time": 0, "unix_ms": 3, "unix_us": 6, "micro_time": 6][format] ?? 9
        let candidates = [0, 1_000_000, 500_000_000, 999_000_000, 123_456_000, 1000, 999_999_999, 1, 120_000_700]
        let unit = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000][9 - digits]
        let nanosecond = candidates.filter { $0 % unit == 0 }.randomElement(using: &rng)!
        func pad(_ value: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        let nine = pad(nanosecond, 9)
        let groups = nanosecond == 0 ? 0 : nanosecond % 1_000_000 == 0 ? 3 : nanosecond % 1000 == 0 ? 6 : 9
        var trimmed = nine
        while trimmed.last == "0" { trimmed.removeLast() }
        let civil = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
        let time = "\(pad(hour)):\(pad(minute)):\(pad(second))"
        let canonical = "\(civil)T\(time)\(groups == 0 ? "" : "." + nine.prefix(groups))Z"
        let seconds = Int64(daysFromCivil(year, month, day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let external: JSONValue
        switch format {
        case "unix": external = .number(JSONNumber("\(seconds)" + (trimmed.isEmpty ? "" : "." + trimmed))!)
        case "unix_ms": external = .number(JSONNumber(seconds * 1000 + Int64(nanosecond / 1_000_000)))
        case "unix_us": external = .number(JSONNumber(seconds * 1_000_000 + Int64(nanosecond / 1000)))
        case "unix_ns": external = .number(JSONNumber(seconds * 1_000_000_000 + Int64(nanosecond)))
        case "plain_time": external = .string("\(civil) \(time)")
        case "micro_time": external = .string("\(civil) \(time).\(nine.prefix(6))")
        default: external = .string(canonical)
        }
        return (external, .string(canonical))
    }

    /// A calendar day, `YYYY-MM-DD` or in `plain_day` (`dd.MM.yyyy`, its zone playing no part).
    static func day(format: String?, using rng: inout some RandomNumberGenerator) -> (external: JSONValue, canonical: JSONValue) {
        // Year 0 (1 BC) only as `YYYY-MM-DD`: `yyyy` writes the year of the era.
        let years = [1, 1969, 1970, 2019, 2024, 9999, Int.random(in: 1...9999, using: &rng)] + (format == nil ? [0] : [])
        let year = years.randomElement(using: &rng)!
        let month = Int.random(in: 1...12, using: &rng)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let day = Int.random(in: 1...lengths[month - 1], using: &rng)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        let canonical = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
        let external = format == nil ? canonical : "\(pad(day)).\(pad(month)).\(pad(year, 4))"
        return (.string(external), .string(canonical))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
