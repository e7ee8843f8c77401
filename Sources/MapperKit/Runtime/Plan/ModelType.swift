/// A model of a loaded catalog, compiled once into everything decoding and encoding need: no
/// lookups of specs by name per record, keys compared as bytes.
public final class ModelType: Sendable, CustomStringConvertible {
    /// The model as declared in the mapping file: properties, keys, variants, and where it is.
    public let spec: ModelSpec
    /// Position in the catalog's list of types (what conversions refer to).
    let index: Int
    let properties: [PropertyPlan]
    /// Property names → index into `properties` (canonical JSON keys).
    let names: KeyTable
    /// The JSON key paths of the properties, as a tree from the model's object.
    let keyTree: KeyTree
    /// Where each property (and each discriminator) is written on encode.
    let encodeTree: [EncodeNode]
    /// The model and every model it extends.
    let lineage: Set<String>
    /// How this model dispatches to a variant, when it declares `variants`.
    let variants: VariantPlan?
    /// `spec.unknownKeys`, read per object without copying the spec.
    let unknownKeys: ModelSpec.UnknownKeys
    /// The indices of the properties declared `flatten`.
    let flattenedProperties: [Int]
    /// The table this type belongs to, for models made from the type alone (`Model(type:)`).
    /// Weak: the table holds its types, and a catalog that is let go must be freed. Set once,
    /// by the table's initializer, before the type is shared.
    nonisolated(unsafe) weak var table: ModelTable?
    /// Whether a property or rule uses a CEL expression (decoding's fast path takes such a model
    /// only where `FlatPlan.Expressions` evaluates its expressions, encoding's only where
    /// `FlatPlan.EncodeExpressions` does).
    let usesExpressions: Bool

    init(
        spec: ModelSpec, index: Int, properties: [PropertyPlan], keyTree: KeyTree, encodeTree: [EncodeNode],
        lineage: Set<String>, variants: VariantPlan?
    ) {
        self.spec = spec
        self.index = index
        self.properties = properties
        self.names = KeyTable(properties.enumerated().map { ($1.name, $0) })
        self.keyTree = keyTree
        self.encodeTree = encodeTree
        self.lineage = lineage
        self.variants = variants
        self.unknownKeys = spec.unknownKeys
        self.flattenedProperties = properties.indices.filter { properties[$0].spec.flatten }
        self.usesExpressions =
            !spec.rules.isEmpty || properties.contains { $0.spec.usesExpressions }
            || variants?.hasConditions == true
    }

    /// The model's name as declared in the catalog.
    public var name: String { spec.name }
    /// The model's name, so a type prints as `Issue` in messages.
    public var description: String { spec.name }

    /// Whether a model of this type can stand where `declared` is expected.
    public func isKind(of declared: String) -> Bool { lineage.contains(declared) }

    func propertyIndex(named name: String) -> Int? { names.value(for: name) }
}

/// One property, compiled.
///
/// A class, not a struct: readers walk `properties` for every object of every record, and a
/// reference costs one retain where a copy of the spec's many fields would cost a dozen.
final class PropertyPlan: Sendable {
    let spec: PropertySpec
    let name: String
    /// Nodes of `keyTree` along the key path (empty when the property has no key).
    let path: [Int]
    let conversion: Conversion
    /// The default, read from its canonical JSON.
    let defaultValue: Value?
    /// `"name":`, as canonical JSON writes the member.
    let canonicalKey: [UInt8]
    /// The fields readers test for every object, copied out of `spec` so reading them does not
    /// copy the spec.
    let required: Bool
    let transient: Bool
    let computed: PropertySpec.Computed?
    /// Decoding evaluates an expression: `decode:` or `default: {expr:}`.
    let usesExpressions: Bool

    /// `spec` is taken, not copied: a plan is made for every property of a loaded catalog.
    init(spec: consuming PropertySpec, path: [Int], conversion: Conversion, defaultValue: Value?) {
        self.name = spec.name
        self.canonicalKey = JSONWriter.quotedBytes(spec.name, then: UInt8(ascii: ":"))
        self.required = spec.required
        self.transient = spec.transient
        self.computed = spec.computed
        self.usesExpressions = spec.decode != nil || spec.defaultExpression != nil
        self.path = path
        self.conversion = conversion
        self.defaultValue = defaultValue
        self.spec = spec
    }

    /// `file:line:column` of the declaration, the `source` of runtime errors: made when an error is
    /// reported (readers pass `spec.mark` along), not for every property of every loaded catalog.
    var source: String { spec.mark.description }

    /// The same plan with its default read.
    func with(defaultValue: Value?) -> PropertyPlan {
        PropertyPlan(spec: spec, path: path, conversion: conversion, defaultValue: defaultValue)
    }
}

/// The key paths of a model as a tree: node 0 is the model's object; each node maps the keys of
/// its object to child nodes.
struct KeyTree: Sendable {
    struct Node: Sendable {
        var keys: KeyTable
        var segment: String
        /// A property's key path ends here (its value is read); otherwise the node is only an
        /// intermediate object or a key that variant dispatch reads.
        var isValue: Bool
    }

    var nodes: [Node]

    var root: Node { nodes[0] }
}

/// An object member written on encode, with the properties whose key path ends there and the
/// members nested under it, in order of first appearance.
struct EncodeNode: Sendable {
    var key: String
    /// Property index paths (more than one index when reached through flattened models).
    var consumers: [[Int]]
    /// A variant's discriminator value, which wins over properties mapped to the same key.
    var constant: JSONValue?
    var children: [EncodeNode]
}

/// Variant dispatch of a model that declares `variants`.
struct VariantPlan: Sendable {
    enum Test: Sendable {
        case has([String])
        case equals([(path: [String], value: JSONValue)])
        /// `if: EXPR` (variable `input`, the object).
        case expression(Expression)
    }

    /// Tried first, in order.
    let predicates: [(test: Test, type: Int)]
    /// Then the value at `path` among the cases.
    let discriminator: (path: [String], cases: [(value: JSONValue, type: Int)])?
    let fallback: Int?
}

extension VariantPlan {
    /// Whether a `when` entry chooses by an `if:` expression.
    var hasConditions: Bool { predicates.contains { if case .expression = $0.test { true } else { false } } }

    /// Why an object went to the fallback, or to no variant.
    enum Miss {
        /// No predicate holds and there is no discriminator.
        case noPredicate
        /// The discriminator holds a value no case names.
        case unknownValue(JSONValue)
        /// The discriminator is missing or null.
        case missingDiscriminator
    }

    /// Which entry picks an object: `predicate` and `discriminated` give the position among
    /// `predicates` and the discriminator's cases. The one place the order is decided: predicates
    /// in order, then the discriminator's value, then the fallback.
    enum Choice {
        case predicate(Int)
        case discriminated(Int, value: JSONValue)
        case fallback(Miss)
        case none(Miss)
    }

    /// The model (its index) a choice picks; nil for `none`.
    func type(of choice: Choice) -> Int? {
        switch choice {
        case .predicate(let position): predicates[position].type
        case .discriminated(let position, _): discriminator?.cases[position].type
        case .fallback: fallback
        case .none: nil
        }
    }

    /// `choose` for the object at `object` of a parsed document: key paths read in place.
    func choose(_ document: JSONDocument, object: Int, holds: (Expression) -> Bool) -> Choice {
        choose(
            present: { path in document.value(at: path, inObjectAt: object).map { document.kind(at: $0) != .null } ?? false },
            value: { path in document.value(at: path, inObjectAt: object).map { document.jsonValue(at: $0) } },
            holds: holds)
    }

    /// The entry that picks the object whose key paths `present` (there and not null) and `value`
    /// read, with `holds` telling whether an `if` expression gives true.
    func choose(present: ([String]) -> Bool, value: ([String]) -> JSONValue?, holds: (Expression) -> Bool) -> Choice {
        for (position, predicate) in predicates.enumerated() {
            let matches: Bool
            switch predicate.test {
            case .has(let path): matches = present(path)
            case .equals(let expected): matches = expected.allSatisfy { value($0.path) == $0.value }
            case .expression(let expression): matches = holds(expression)
            }
            if matches { return .predicate(position) }
        }
        let miss: Miss
        if let (path, cases) = discriminator {
            if let found = value(path), found != .null {
                if let position = cases.firstIndex(where: { $0.value == found }) { return .discriminated(position, value: found) }
                miss = .unknownValue(found)
            } else {
                miss = .missingDiscriminator
            }
        } else {
            miss = .noPredicate
        }
        return fallback == nil ? .none(miss) : .fallback(miss)
    }
}
