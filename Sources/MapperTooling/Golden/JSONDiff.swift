import MapperKit

/// The differences between two JSON values, one line per JSON pointer.
enum JSONDiff {
    static func lines(expected: JSONValue, actual: JSONValue, limit: Int = 30) -> [String] {
        var lines: [String] = []
        compare(expected, actual, pointer: "", into: &lines)
        if lines.count > limit { lines = Array(lines.prefix(limit)) + ["… \(lines.count - limit) more differences"] }
        return lines
    }

    private static func compare(_ expected: JSONValue, _ actual: JSONValue, pointer: String, into lines: inout [String]) {
        let at = pointer.isEmpty ? "/" : pointer
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            for member in left {
                let child = pointer + "/" + JSONPointer.escape(member.key)
                if let value = right[member.key] {
                    compare(member.value, value, pointer: child, into: &lines)
                } else {
                    lines.append("\(child): missing, expected \(member.value.quoted)")
                }
            }
            for member in right where left[member.key] == nil {
                lines.append("\(pointer)/\(JSONPointer.escape(member.key)): unexpected \(member.value.quoted)")
            }
        case (.array(let left), .array(let right)):
            if left.count != right.count { lines.append("\(at): expected \(left.count) elements, got \(right.count)") }
            for (index, (a, b)) in zip(left, right).enumerated() {
                compare(a, b, pointer: "\(pointer)/\(index)", into: &lines)
            }
        default:
            if expected != actual { lines.append("\(at): expected \(expected.quoted), got \(actual.quoted)") }
        }
    }
}
