public import MapperYAML

/// A value-mapping enum: case names on the model side, JSON values on the other.
public struct EnumSpec: Sendable, Hashable {
    /// One case: its name on the model side and the JSON values it stands for.
    public struct Case: Sendable, Hashable {
        /// The case name: what `Value.enumCase` holds and canonical JSON writes.
        public var name: String
        /// The JSON value written on encode and read on decode.
        public var json: JSONValue
        /// Further JSON values that decode to this case (never written).
        public var aliases: [JSONValue]
        /// The case's `doc:` text, if any.
        public var doc: String?
        /// Where the case is declared.
        public var mark: Mark
    }

    /// The enum's name, as properties' types refer to it.
    public var name: String
    /// The enum's `doc:` text, shown in `Catalog.descriptionJSON` (`mapper models --format json`).
    public var doc: String?
    /// The cases in declaration order.
    public var cases: [Case]
    /// The case unknown JSON values decode to.
    public var defaultCase: String?
    /// Where the enum is declared.
    public var mark: Mark

    /// The case with this name; nil when the enum has none.
    public func `case`(named name: String) -> Case? {
        cases.first { $0.name == name }
    }
}
