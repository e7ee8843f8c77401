public import MapperKit

/// What changed between two catalogs, and whether each change breaks someone: consumers of the
/// canonical JSON (readers of `mapper decode` output, stored canonical documents fed to `encode`),
/// or producers of the external JSON (documents the old catalog decoded that the new one refuses).
///
/// ```swift
/// let report = Compatibility.compare(old: try Catalog(paths: ["v1"]), new: try Catalog(paths: ["v2"]))
/// report.isBreaking                 // true when a property was renamed
/// report.changes.first?.migration   // "- { from: 1, rename: { title: headline } }"
/// ```
public struct Compatibility: Sendable, Hashable {
    /// Which consumers a change concerns.
    public enum Side: String, Sendable, Hashable, CaseIterable {
        /// Consumers of canonical JSON.
        case canonical
        /// Producers of external JSON: documents decoded with the old catalog.
        case external
    }

    /// What a change is, as a stable name (the `kind` member of `mapper compat --format json`).
    public enum Kind: String, Sendable, Hashable {
        case modelAdded = "model-added"
        case modelRemoved = "model-removed"
        case propertyAdded = "property-added"
        case propertyRemoved = "property-removed"
        case propertyRenamed = "property-renamed"
        case keyChanged = "key-changed"
        case typeNarrowed = "type-narrowed"
        case typeWidened = "type-widened"
        case typeChanged = "type-changed"
        case requiredAdded = "required-added"
        case requiredRemoved = "required-removed"
        case defaultChanged = "default-changed"
        case formatChanged = "format-changed"
        case constraintTightened = "constraint-tightened"
        case constraintLoosened = "constraint-loosened"
        case unknownKeysChanged = "unknown-keys-changed"
        case omitChanged = "omit-changed"
        case typeTagChanged = "type-tag-changed"
        case variantRemoved = "variant-removed"
        case variantAdded = "variant-added"
        case enumAdded = "enum-added"
        case enumRemoved = "enum-removed"
        case enumCaseAdded = "enum-case-added"
        case enumCaseRemoved = "enum-case-removed"
        case enumValueAdded = "enum-value-added"
        case enumValueRemoved = "enum-value-removed"
        case enumDefaultChanged = "enum-default-changed"
    }

    /// One change on one side.
    public struct Change: Sendable, Hashable {
        /// Whether the change concerns decoding (external JSON) or the canonical shape.
        public var side: Side
        /// Whether documents valid before may fail or change meaning now.
        public var breaking: Bool
        /// What changed, as a stable kebab-case word.
        public var kind: Kind
        /// The model or enum the change is in.
        public var subject: String
        /// The property, enum case or variant, when the change is about one.
        public var member: String?
        /// One sentence quoting the names and values involved.
        public var message: String
        /// Where the changed thing is declared in the old catalog.
        public var old: Mark?
        /// Where it is declared in the new catalog.
        public var new: Mark?
        /// For a rename, the archive migration step to add to the new model.
        public var migration: String?
    }

    /// Every change, models first then enums, each in declaration order.
    public var changes: [Change]

    /// Whether some change is breaking (what `mapper compat` exits 1 for).
    public var isBreaking: Bool { changes.contains(where: \.breaking) }

    /// How many changes are on `side` and breaking (or not).
    public func count(side: Side, breaking: Bool) -> Int {
        changes.count { $0.side == side && $0.breaking == breaking }
    }

    /// Compares every model and enum of `old` with the one of the same name in `new`.
    public static func compare(old: Catalog, new: Catalog) -> Compatibility {
        var comparison = Comparison(old: old, new: new)
        comparison.run()
        return Compatibility(changes: comparison.changes)
    }
}
