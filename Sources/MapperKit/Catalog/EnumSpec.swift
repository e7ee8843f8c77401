public import MapperYAML

/// A value-mapping enum: case names on the model side, JSON values on the other.
public struct EnumSpec: Sendable, Hashable {
    public struct Case: Sendable, Hashable {
        public var name: String
        /// The JSON value written on encode and read on decode.
        public var json: JSONValue
        /// Further JSON values that decode to this case (never written).
        public var aliases: [JSONValue]
        public var doc: String?
        public var mark: Mark
    }

    public var name: String
    public var doc: String?
    public var cases: [Case]
    /// The case unknown JSON values decode to.
    public var defaultCase: String?
    public var mark: Mark

    public func `case`(named name: String) -> Case? {
        cases.first { $0.name == name }
    }
}
