@testable import MapperYAML

/// A JSON-like value: what a YAML tree means once positions and styles are dropped. Tests compare
/// trees through it, with each other and with the JSON of the yaml-test-suite.
enum Plain: Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Plain])
    case object([String: Plain])

    /// The value of a node; mapping keys must be scalars and become their text, as in JSON.
    init(_ node: Node) throws(Mismatch) {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: self = .null
            case .bool: self = .bool(scalar.bool!)
            case .int, .float: self = .number(scalar.double!)
            case .string: self = .string(scalar.text)
            }
        case .sequence(let items):
            var values: [Plain] = []
            for item in items { values.append(try Plain(item)) }
            self = .array(values)
        case .mapping(let pairs):
            var object: [String: Plain] = [:]
            for pair in pairs {
                guard let key = pair.key.scalar else {
                    throw Mismatch("\(pair.key.mark): a collection as a key has no JSON form")
                }
                object[key.text] = try Plain(pair.value)
            }
            self = .object(object)
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let bool): return "\(bool)"
        case .number(let number): return "\(number)"
        case .string(let string): return string.debugDescription
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let object):
            let members = object.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }
}

struct Mismatch: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Plain: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: Plain...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, Plain)...) {
        self = .object(Dictionary(elements) { first, _ in first })
    }
}

extension Plain {
    /// The member of an object, for short expectations.
    subscript(key: String) -> Plain? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}
