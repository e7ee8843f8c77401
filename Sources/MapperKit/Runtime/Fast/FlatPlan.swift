#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The transcodable models of a runtime as flat, reference-free records in a few arenas of raw
/// memory: the fast path reads plain integers instead of walking classes, arrays and enums with
/// payloads, so it does no reference counting at all per record.
///
/// Built once per catalog from the `ModelType`s (which stay the source of truth); read only.
final class FlatPlan: @unchecked Sendable {
    struct Model {
        var firstProperty: Int32
        var propertyCount: Int32
        /// The model's key tree root in `nodes`; its nodes are `rootNode ..< rootNode + nodeCount`.
        var rootNode: Int32
        var nodeCount: Int32
        var rejectsUnknownKeys: Bool
        /// `unknown_keys: keep`: decoding writes what no property reads in `$extra`, encoding
        /// writes `$extra`'s members back.
        var keepsUnknownKeys = false
        /// Whether the fast path can write objects of this model at all.
        var transcodable: Bool
        /// Canonical property names → property position (reading canonical JSON).
        var names: Node
        /// The members written on encode: `encodeNodes[firstEncodeNode ..< + encodeNodeCount]`.
        var firstEncodeNode: Int32
        var encodeNodeCount: Int32
        /// Whether the encoding fast path can write objects of this model.
        var encodable: Bool
        /// The models flattened into this one (encoding): `flattened[firstFlattened ..< +
        /// flattenedCount]`, parents before the models flattened into them.
        var firstFlattened: Int32 = 0
        var flattenedCount: Int32 = 0
        /// Encoding's slots for an object of this model: one per property, then one per property
        /// of each flattened model (`Flattened.offset`).
        var slotCount: Int32 = 0
        /// The model's entry in `expressionModels` when it has `decode:` or default expressions
        /// or rules, else -1.
        var expressions: Int32 = -1
        /// The model's entry in `encodeExpressionModels` when it has `encode:` expressions or
        /// decode-only properties, else -1.
        var encodeExpressions: Int32 = -1
    }

    /// A member written on encode, with the property that fills it or the members nested in it
    /// (children are contiguous in `encodeNodes`).
    struct EncodeNode {
        /// `"key":` in `bytes`.
        var keyStart: Int32
        var keyLength: Int32
        /// The slot of the property whose value this is (its position in the model, or a slot of a
        /// flattened model's property, `Model.slotCount`), or -1. With a constant, the property at
        /// the discriminator's key: its value is checked, the constant written.
        var property: Int32
        /// A discriminator's JSON text in `bytes` (length -1: none).
        var constantStart: Int32
        var constantLength: Int32
        var firstChild: Int32
        var childCount: Int32
        /// For a child of a node that is both a model property and a parent (`author ← user`,
        /// `reporterLogin ← user.login`): the position among that model's own members of the
        /// member with the same key, which this child's value replaces; else -1.
        var override: Int32 = -1
    }

    /// A model flattened into an encodable model, directly or through another flattened model:
    /// encoding reads its canonical object's members into the parent's slots.
    struct Flattened {
        /// The slot of the property that holds it (among the parent's slots).
        var slot: Int32
        var model: Int32
        /// Where the slots of its properties start among the parent's.
        var offset: Int32
    }

    /// A key tree node: a hash table (in `slots`) from member keys to child nodes.
    struct Node {
        var firstSlot: Int32
        /// Table size minus one; -1 for a node without children.
        var mask: Int32
        /// A key tree node's: whether a property reads its value (not only variant dispatch or an
        /// expression, nor only the members under it).
        var isValue = false
    }

    /// One entry of a node's or an enum's hash table.
    struct Slot {
        /// Hash of the key; 0 marks an empty slot.
        var hash: UInt64
        /// The key's first and last eight bytes (all of it when it has at most 16): short keys
        /// compare as two words, without `memcmp`.
        var head: UInt64
        var tail: UInt64
        var keyStart: Int32
        var keyLength: Int32
        /// The child node (relative to the model's root) or the enum case.
        var value: Int32
    }

    struct Property {
        /// `"name":` in `bytes`.
        var keyStart: Int32
        var keyLength: Int32
        /// Key path nodes (relative to the model's root) in `paths`.
        var firstPathNode: Int32
        var pathCount: Int32
        var conversion: Int32
        /// How the value is written in the external shape (representation hints, formats).
        var encodeConversion: Int32
        var flags: UInt16
        /// Index into `defaults` (when `hasDefault`).
        var defaultIndex: Int32
        /// `min_length` and `max_length` (when `checksLength`; -1: none).
        var minLength: Int32 = -1
        var maxLength: Int32 = -1
        /// Index into `valueConstraints` (when `checksValue`).
        var valueConstraints: Int32 = -1

        static let required: UInt16 = 1
        static let transient: UInt16 = 2
        static let computedNow: UInt16 = 4
        static let computedUUID: UInt16 = 8
        static let hasDefault: UInt16 = 16
        static let checksLength: UInt16 = 32
        /// `minimum`, `maximum` or `pattern`.
        static let checksValue: UInt16 = 64
        /// `flatten: true`: the nested model (the conversion's) reads the parent's object.
        static let flatten: UInt16 = 128
        /// Reading the value may fall back to an enum's default case (`Conversion.canFallBack`):
        /// encoding writes a value kept in `$extra` at its key instead when it decodes to the
        /// property's value (left to the general encoder).
        static let fallsBack: UInt16 = 256
        /// The catalog's `omit` for the property (none of the three: it says nothing, and the
        /// run's setting applies).
        static let omitNever: UInt16 = 512
        static let omitNulls: UInt16 = 1024
        static let omitEmpty: UInt16 = 2048

        static func omitFlags(_ policy: OmitPolicy?) -> UInt16 {
            switch policy {
            case nil: 0
            case .never: omitNever
            case .nulls: omitNulls
            case .empty: omitEmpty
            }
        }

        /// The `omit` that applies to the property in a run whose own setting is `run`.
        func omit(run: OmitPolicy?) -> OmitPolicy {
            if flags & Self.omitNulls != 0 { return .nulls }
            if flags & Self.omitEmpty != 0 { return .empty }
            if flags & Self.omitNever != 0 { return .never }
            return run ?? .never
        }
    }

    /// The units of `FlatConversion.Kind.dateUnix`, by payload.
    static let unixUnits: [UnixTime.Unit] = [.seconds, .milliseconds, .microseconds, .nanoseconds]

    /// How the fast paths read or write one value (named apart from the general path's `Conversion`).
    struct FlatConversion {
        enum Kind: UInt8 {
            case unsupported, string, int, double, decimal, bool, url, uuid, any
            /// Representation hints on the external side: `json: string` numbers, `json: string`
            /// and `json: int` booleans.
            case intAsString, doubleAsString, decimalAsString, boolAsString, boolAsInt
            case dateISO, dateUnix, datePattern
            /// `payload`: the enum; `model`: the model; `array`/`dictionary`: the element conversion.
            case enumeration, model, array, dictionary
            /// Any other scalar (number formats, representation hints on decode), read and written by
            /// its `ScalarPlan` (the general path's own code): `payload` is its index in `scalars`.
            case scalar
            /// A union: `unionMembers[payload + JSONKind.rawValue]` is the conversion of the member
            /// that reads that kind of JSON value (-1: none).
            case union
        }

        var kind: Kind
        var payload: Int32
    }

    struct Enum {
        var firstSlot: Int32
        var mask: Int32
        /// The case unknown values decode to, or -1.
        var defaultCase: Int32
        /// Quoted case names in `bytes`: `caseNames[firstCase + case]` is (start, length).
        var firstCase: Int32
        /// Whether some case or alias has a JSON value that is not a string.
        var hasOtherValues: Bool
        /// Case names → case (reading canonical JSON).
        var names: Node
    }

    /// The arenas, as plain pointers: the transcoders keep a copy of this value so their hot loops
    /// read memory without going through the plan's reference.
    struct Arenas {
        let models: UnsafeMutableBufferPointer<Model>
        let nodes: UnsafeMutableBufferPointer<Node>
        let slots: UnsafeMutableBufferPointer<Slot>
        let properties: UnsafeMutableBufferPointer<Property>
        let paths: UnsafeMutableBufferPointer<Int32>
        let conversions: UnsafeMutableBufferPointer<FlatConversion>
        let enums: UnsafeMutableBufferPointer<Enum>
        let caseNames: UnsafeMutableBufferPointer<(start: Int32, length: Int32)>
        /// Each case's JSON value as text in `bytes`, parallel to `caseNames`.
        let caseValues: UnsafeMutableBufferPointer<(start: Int32, length: Int32)>
        let encodeNodes: UnsafeMutableBufferPointer<EncodeNode>
        let flattened: UnsafeMutableBufferPointer<Flattened>
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let patterns: UnsafeMutableBufferPointer<Unmanaged<DatePattern.Compiled>>

        /// The `length` bytes at `start` of `bytes` (a quoted key, a case's name or value).
        @inline(__always)
        func text(_ start: Int32, _ length: Int32) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: bytes.baseAddress! + Int(start), count: Int(length))
        }
    }

    let arenas: Arenas
    /// What the unmanaged patterns point at, kept alive here.
    private let patternOwners: [DatePattern.Compiled]
    /// Defaults with the conversion to write them with (rare: read through ordinary references).
    let defaults: [(value: Value, conversion: Conversion)]
    /// The scalars of `FlatConversion.Kind.scalar`.
    let scalars: [ScalarPlan]
    /// The member conversions of `FlatConversion.Kind.union`, by JSON kind (`unionMember`).
    let unionMembers: [Int32]
    /// Constraints with a `minimum`, `maximum` or `pattern` (`satisfiesValueConstraints`).
    let valueConstraints: [ValueConstraints]
    /// The expressions of the transcodable models that have some (`Model.expressions`).
    let expressionModels: [Expressions]
    /// The expressions of the encodable models that have some (`Model.encodeExpressions`).
    let encodeExpressionModels: [EncodeExpressions]
    let names: [String]
    let enumNames: [String]

    /// A property's `minimum`, `maximum` and `pattern`; with the bounds as `Int64`s when each
    /// declared one is an integer `Int64` holds (as most are), so that an integer is checked
    /// without making a `JSONNumber`.
    struct ValueConstraints {
        let constraints: Constraints
        let isBounded: Bool
        let integerBounds: (minimum: Int64, maximum: Int64)?

        init(_ constraints: Constraints) {
            self.constraints = constraints
            isBounded = constraints.minimum != nil || constraints.maximum != nil
            let minimum = constraints.minimum.map(\.int64) ?? .some(.min)
            let maximum = constraints.maximum.map(\.int64) ?? .some(.max)
            if let minimum, let maximum { integerBounds = (minimum, maximum) } else { integerBounds = nil }
        }
    }

    /// A plan of no models, for tables that only read values (defaults while a catalog loads).
    static let empty = FlatPlan(types: [], enums: [], transcodable: [])

    /// `enums`: every enum the types' conversions use.
    init(types: [ModelType], enums: [EnumPlan], transcodable: [Bool]) {
        var builder = Builder()
        builder.build(types, enums: enums, transcodable: transcodable)
        patternOwners = builder.patterns
        var bytes = ArenaBuffer<UInt8>(capacity: builder.bytes.count)
        builder.bytes.withUnsafeBytes { bytes.append(contentsOf: $0) }
        var patterns = ArenaBuffer<Unmanaged<DatePattern.Compiled>>(capacity: builder.patterns.count)
        patterns.append(contentsOf: builder.patterns.lazy.map { Unmanaged.passUnretained($0) })
        arenas = Arenas(
            models: builder.models.take(), nodes: builder.nodes.take(), slots: builder.slots.take(),
            properties: builder.properties.take(), paths: builder.paths.take(), conversions: builder.conversions.take(),
            enums: builder.enums.take(), caseNames: builder.caseNames.take(), caseValues: builder.caseValues.take(),
            encodeNodes: builder.encodeNodes.take(), flattened: builder.flattened.take(), bytes: bytes.take(),
            patterns: patterns.take())
        defaults = builder.defaults
        scalars = builder.scalars
        unionMembers = builder.unionMembers
        valueConstraints = builder.valueConstraints
        expressionModels = builder.expressionModels
        encodeExpressionModels = builder.encodeExpressionModels
        names = types.map(\.name)
        enumNames = builder.enumNames
    }

    deinit {
        // What `ArenaBuffer.take` handed over.
        free(arenas.models.baseAddress)
        free(arenas.nodes.baseAddress)
        free(arenas.slots.baseAddress)
        free(arenas.properties.baseAddress)
        free(arenas.paths.baseAddress)
        free(arenas.conversions.baseAddress)
        free(arenas.enums.baseAddress)
        free(arenas.caseNames.baseAddress)
        free(arenas.caseValues.baseAddress)
        free(arenas.encodeNodes.baseAddress)
        free(arenas.flattened.baseAddress)
        free(arenas.bytes.baseAddress)
        free(arenas.patterns.baseAddress)
    }

    /// The conversion of the member of a union (`FlatConversion.Kind.union`, its payload) that reads a
    /// JSON value of `kind`, as the general path picks it; nil when no member does.
    @inline(__always)
    func unionMember(_ union: Int32, for kind: JSONTape.Kind) -> Int32? {
        guard let jsonKind = JSONKind(kind) else { return nil }
        let member = unionMembers[Int(union) + jsonKind.rawValue]
        return member >= 0 ? member : nil
    }

    /// The value a table maps `key` to, or nil.
    func lookup(_ key: UnsafeRawBufferPointer, firstSlot: Int32, mask: Int32) -> Int32? {
        guard mask >= 0 else { return nil }
        let (hash, head, tail) = KeyTable.hash(key)
        var index = Int(truncatingIfNeeded: hash) & Int(mask)
        let base = arenas.slots.baseAddress! + Int(firstSlot)
        while true {
            let slot = base[index]
            if slot.hash == 0 { return nil }
            if slot.hash == hash, Int(slot.keyLength) == key.count, slot.head == head, slot.tail == tail,
                key.count <= 16 || memcmp(arenas.bytes.baseAddress! + Int(slot.keyStart), key.baseAddress!, key.count) == 0
            {
                return slot.value
            }
            index = (index + 1) & Int(mask)
        }
    }
}
