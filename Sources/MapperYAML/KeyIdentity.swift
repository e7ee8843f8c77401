/// What makes two mapping keys the same key: equal resolved values, wherever they were written.
enum KeyIdentity: Hashable {
    case scalar(Scalar.Kind, String)
    case sequence([KeyIdentity])
    /// Keys to values: the order pairs are written in does not matter.
    case mapping([KeyIdentity: KeyIdentity])

    init(_ node: Node) {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: self = .scalar(.null, "")
            case .bool: self = .scalar(.bool, scalar.text.lowercased())
            case .int: self = .scalar(.int, scalar.int.map(String.init) ?? scalar.text)
            case .float: self = .scalar(.float, scalar.double.map { "\($0)" } ?? scalar.text)
            case .string: self = .scalar(.string, scalar.text)
            }
        case .sequence(let items):
            self = .sequence(items.map(KeyIdentity.init))
        case .mapping(let pairs):
            // Keys are unique here: the mapping's own duplicates were dropped when it was built.
            self = .mapping(Dictionary(pairs.map { (KeyIdentity($0.key), KeyIdentity($0.value)) }) { first, _ in first })
        }
    }
}
