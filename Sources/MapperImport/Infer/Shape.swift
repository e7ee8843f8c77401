import MapperKit

/// What the samples hold at one place (the root, a key of an object, the elements of an array):
/// every value seen there, summarised as the inference needs it.
final class Shape {
    var count = 0
    var nulls = 0
    var bools = 0
    var strings = 0
    /// Distinct strings, up to `distinctLimit`; past it the place is no enum anyway.
    var distinctStrings: [String: Int] = [:]
    var allDates = true
    /// Every string is a calendar date `YYYY-MM-DD` (`local_date`).
    var allDays = true
    var allURLs = true
    var allUUIDs = true
    var numbers = 0
    var allIntegers = true
    var allInt64 = true
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var objects = 0
    /// Keys in the order first seen, with the values under each.
    var keys: [String] = []
    var members: [String: Shape] = [:]
    /// How often each key held a value other than null.
    var present: [String: Int] = [:]
    var arrays = 0
    var elements: Shape?

    static let distinctLimit = 256

    func add(_ value: JSONValue) {
        count += 1
        switch value {
        case .null: nulls += 1
        case .bool: bools += 1
        case .string(let text): addString(text)
        case .number(let number): addNumber(number)
        case .object(let object):
            objects += 1
            for member in object {
                let shape: Shape
                if let known = members[member.key] {
                    shape = known
                } else {
                    shape = Shape()
                    keys.append(member.key)
                    members[member.key] = shape
                }
                shape.add(member.value)
                if member.value != .null { present[member.key, default: 0] += 1 }
            }
        case .array(let items):
            arrays += 1
            let shape = elements ?? Shape()
            elements = shape
            for item in items { shape.add(item) }
        }
    }

    private func addString(_ text: String) {
        strings += 1
        if distinctStrings.count < Self.distinctLimit || distinctStrings[text] != nil { distinctStrings[text, default: 0] += 1 }
        if allDates { allDates = text.count >= 20 && text.contains("T") && Instant(iso8601: text) != nil }
        if allDays { allDays = text.utf8.count == 10 && LocalDate(iso8601: text) != nil }
        if allURLs { allURLs = (text.hasPrefix("https://") || text.hasPrefix("http://")) && URLScalar.isValid(text) }
        if allUUIDs { allUUIDs = UUIDScalar.isValid(text) }
    }

    private func addNumber(_ number: JSONNumber) {
        numbers += 1
        let text = number.text
        let integral = !text.contains(".") && !text.contains("e") && !text.contains("E")
        if !integral { allIntegers = false }
        if integral, Int64(text) == nil { allInt64 = false }
        if let value = Double(text) {
            minimum = min(minimum, value)
            maximum = max(maximum, value)
        }
    }

    /// The JSON kinds seen, nulls aside.
    var kinds: JSONKinds {
        var kinds: JSONKinds = []
        if strings > 0 { kinds.insert(.string) }
        if numbers > 0 { kinds.insert(.number) }
        if bools > 0 { kinds.insert(.bool) }
        if objects > 0 { kinds.insert(.object) }
        if arrays > 0 { kinds.insert(.array) }
        return kinds
    }

    /// Objects whose keys are ids (all digits, UUIDs, long hex) are dictionaries, not models.
    var looksLikeDictionary: Bool {
        guard keys.count >= 2 else { return false }
        return keys.allSatisfy { key in
            (!key.isEmpty && key.allSatisfy(\.isASCII) && key.allSatisfy(\.isNumber)) || UUIDScalar.isValid(key)
                || (key.count >= 8 && key.allSatisfy(\.isHexDigit) && key.contains(where: \.isNumber))
        }
    }
}
