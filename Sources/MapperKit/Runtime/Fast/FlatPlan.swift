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
        /// Whether the fast path can write objects of this model at all.
        var transcodable: Bool
        /// Canonical property names → property position (reading canonical JSON).
        var names: Node
        /// The members written on encode: `encodeNodes[firstEncodeNode ..< + encodeNodeCount]`.
        var firstEncodeNode: Int32
        var encodeNodeCount: Int32
        /// Whether the encoding fast path can write objects of this model.
        var encodable: Bool
    }

    /// A member written on encode, with the property that fills it or the members nested in it
    /// (children are contiguous in `encodeNodes`).
    struct EncodeNode {
        /// `"key":` in `bytes`.
        var keyStart: Int32
        var keyLength: Int32
        /// The property (position in the model) whose value this is, or -1.
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

    /// A key tree node: a hash table (in `slots`) from member keys to child nodes.
    struct Node {
        var firstSlot: Int32
        /// Table size minus one; -1 for a node without children.
        var mask: Int32
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
        var flags: UInt8
        /// Index into `defaults` (when `hasDefault`).
        var defaultIndex: Int32
        /// `min_length` and `max_length` (when `checksLength`; -1: none).
        var minLength: Int32 = -1
        var maxLength: Int32 = -1
        /// Index into `valueConstraints` (when `checksValue`).
        var valueConstraints: Int32 = -1

        static let required: UInt8 = 1
        static let transient: UInt8 = 2
        static let computedNow: UInt8 = 4
        static let computedUUID: UInt8 = 8
        static let hasDefault: UInt8 = 16
        static let checksLength: UInt8 = 32
        /// `minimum`, `maximum` or `pattern`.
        static let checksValue: UInt8 = 64
        /// `flatten: true`: the nested model (the conversion's) reads the parent's object.
        static let flatten: UInt8 = 128
    }

    struct Conversion {
        enum Kind: UInt8 {
            case unsupported, string, int, double, decimal, bool, url, uuid, any
            /// Representation hints on the external side: `json: string` numbers, `json: string`
            /// and `json: int` booleans.
            case intAsString, doubleAsString, decimalAsString, boolAsString, boolAsInt
            case dateISO, dateUnix, dateUnixMilliseconds, datePattern
            /// `payload`: the enum; `model`: the model; `array`/`dictionary`: the element conversion.
            case enumeration, model, array, dictionary
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

    let models: UnsafeMutableBufferPointer<Model>
    let nodes: UnsafeMutableBufferPointer<Node>
    let slots: UnsafeMutableBufferPointer<Slot>
    let properties: UnsafeMutableBufferPointer<Property>
    let paths: UnsafeMutableBufferPointer<Int32>
    let conversions: UnsafeMutableBufferPointer<Conversion>
    let enums: UnsafeMutableBufferPointer<Enum>
    let caseNames: UnsafeMutableBufferPointer<(start: Int32, length: Int32)>
    /// Each case's JSON value as text in `bytes`, parallel to `caseNames`.
    let caseValues: UnsafeMutableBufferPointer<(start: Int32, length: Int32)>
    let encodeNodes: UnsafeMutableBufferPointer<EncodeNode>
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let patterns: UnsafeMutableBufferPointer<Unmanaged<DatePattern.Compiled>>
    /// What the unmanaged patterns point at, kept alive here.
    private let patternOwners: [DatePattern.Compiled]
    /// Defaults with the conversion to write them with (rare: read through ordinary references).
    let defaults: [(value: Value, conversion: MapperKit.Conversion)]
    /// Constraints with a `minimum`, `maximum` or `pattern` (`satisfiesValueConstraints`).
    let valueConstraints: [Constraints]
    let names: [String]
    let enumNames: [String]

    /// Whether the fast paths check all of a property's constraints as the general reader does:
    /// lengths of strings, arrays and dictionaries (`satisfiesLength`), bounds of numbers and
    /// patterns of strings (`satisfiesValueConstraints`). Other pairings are left to it.
    static func checksConstraints(of property: PropertyPlan) -> Bool {
        let constraints = property.spec.constraints
        if constraints.minLength != nil || constraints.maxLength != nil {
            switch property.conversion {
            case .string, .array, .dictionary: break
            default: return false
            }
        }
        if constraints.minimum != nil || constraints.maximum != nil {
            switch property.conversion {
            case .int(.number), .double(.number), .decimal(.number): break
            default: return false
            }
        }
        if constraints.pattern != nil {
            guard case .string = property.conversion else { return false }
        }
        return true
    }

    /// A plan of no models, for tables that only read values (defaults while a catalog loads).
    static let empty = FlatPlan(types: [], transcodable: [])

    init(types: [ModelType], transcodable: [Bool]) {
        var builder = Builder()
        builder.build(types, transcodable: transcodable)
        models = Self.copy(builder.models)
        nodes = Self.copy(builder.nodes)
        slots = Self.copy(builder.slots)
        properties = Self.copy(builder.properties)
        paths = Self.copy(builder.paths)
        conversions = Self.copy(builder.conversions)
        enums = Self.copy(builder.enums)
        caseNames = Self.copy(builder.caseNames)
        caseValues = Self.copy(builder.caseValues)
        encodeNodes = Self.copy(builder.encodeNodes)
        bytes = Self.copy(builder.bytes)
        patternOwners = builder.patterns
        patterns = Self.copy(builder.patterns.map { Unmanaged.passUnretained($0) })
        defaults = builder.defaults
        valueConstraints = builder.valueConstraints
        names = types.map(\.name)
        enumNames = builder.enumNames
    }

    deinit {
        models.deallocate()
        nodes.deallocate()
        slots.deallocate()
        properties.deallocate()
        paths.deallocate()
        conversions.deallocate()
        enums.deallocate()
        caseNames.deallocate()
        caseValues.deallocate()
        encodeNodes.deallocate()
        bytes.deallocate()
        patterns.deallocate()
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return buffer
    }

    /// The value a table maps `key` to, or nil.
    @inline(__always)
    func lookup(_ key: UnsafeRawBufferPointer, firstSlot: Int32, mask: Int32) -> Int32? {
        guard mask >= 0 else { return nil }
        let (hash, head, tail) = KeyTable.hash(key)
        var index = Int(truncatingIfNeeded: hash) & Int(mask)
        let base = slots.baseAddress! + Int(firstSlot)
        while true {
            let slot = base[index]
            if slot.hash == 0 { return nil }
            if slot.hash == hash, Int(slot.keyLength) == key.count, slot.head == head, slot.tail == tail,
               key.count <= 16 || memcmp(bytes.baseAddress! + Int(slot.keyStart), key.baseAddress!, key.count) == 0 {
                return slot.value
            }
            index = (index + 1) & Int(mask)
        }
    }
}

extension FlatPlan {
    /// Flattens `ModelType`s into arrays, then copied into the plan's arenas.
    private struct Builder {
        var models: [Model] = []
        var nodes: [Node] = []
        var slots: [Slot] = []
        var properties: [Property] = []
        var paths: [Int32] = []
        var conversions: [Conversion] = []
        var enums: [Enum] = []
        var caseNames: [(start: Int32, length: Int32)] = []
        var caseValues: [(start: Int32, length: Int32)] = []
        var encodeNodes: [EncodeNode] = []
        var bytes: [UInt8] = []
        var patterns: [DatePattern.Compiled] = []
        var defaults: [(value: Value, conversion: MapperKit.Conversion)] = []
        var valueConstraints: [Constraints] = []
        var enumNames: [String] = []
        var enumIndices: [ObjectIdentifier: Int32] = [:]

        mutating func build(_ types: [ModelType], transcodable: [Bool]) {
            let empty = Node(firstSlot: 0, mask: -1)
            models = Array(
                repeating: Model(
                    firstProperty: 0, propertyCount: 0, rootNode: 0, nodeCount: 0, rejectsUnknownKeys: false,
                    transcodable: false, names: empty, firstEncodeNode: 0, encodeNodeCount: 0, encodable: false),
                count: types.count)
            for type in types {
                var model = Model(
                    firstProperty: Int32(properties.count), propertyCount: Int32(type.properties.count),
                    rootNode: Int32(nodes.count), nodeCount: Int32(type.keyTree.nodes.count),
                    rejectsUnknownKeys: type.unknownKeys == .reject, transcodable: transcodable[type.index],
                    names: table(type.names.entries), firstEncodeNode: 0, encodeNodeCount: 0, encodable: false)
                for node in type.keyTree.nodes {
                    nodes.append(table(node.keys.entries))
                }
                for plan in type.properties {
                    var flags: UInt8 = 0
                    if plan.required { flags |= Property.required }
                    if plan.transient { flags |= Property.transient }
                    if plan.computed == .now { flags |= Property.computedNow }
                    if plan.computed == .uuid { flags |= Property.computedUUID }
                    if plan.spec.flatten { flags |= Property.flatten }
                    var defaultIndex: Int32 = -1
                    if let value = plan.defaultValue {
                        flags |= Property.hasDefault
                        defaultIndex = Int32(defaults.count)
                        defaults.append((value, plan.conversion))
                    }
                    let constraints = plan.spec.constraints
                    if constraints.minLength != nil || constraints.maxLength != nil { flags |= Property.checksLength }
                    var valueConstraintsIndex: Int32 = -1
                    if constraints.minimum != nil || constraints.maximum != nil || constraints.pattern != nil {
                        flags |= Property.checksValue
                        valueConstraintsIndex = Int32(valueConstraints.count)
                        valueConstraints.append(constraints)
                    }
                    let key = store(plan.canonicalKey)
                    properties.append(Property(
                        keyStart: key.start, keyLength: key.length, firstPathNode: Int32(paths.count),
                        pathCount: Int32(plan.path.count), conversion: conversion(plan.conversion),
                        encodeConversion: conversion(plan.conversion, external: true), flags: flags,
                        defaultIndex: defaultIndex, minLength: Int32(clamping: constraints.minLength ?? -1),
                        maxLength: Int32(clamping: constraints.maxLength ?? -1), valueConstraints: valueConstraintsIndex))
                    paths += plan.path.map(Int32.init)
                }
                if model.propertyCount == 0 { model.firstProperty = Int32(properties.count) }
                let (first, count, mergeFree) = encodeNodes(type.encodeTree, of: type, in: types)
                model.firstEncodeNode = first
                model.encodeNodeCount = count
                // Canonical input must be checked as the canonical reader does: constraints the
                // fast paths do not check and the values of transient properties (which encoding
                // does not write) are left to it.
                model.encodable = mergeFree && type.unknownKeys != .keep
                    && type.properties.allSatisfy { $0.spec.key != nil && $0.spec.transform == nil && FlatPlan.checksConstraints(of: $0) }
                models[type.index] = model
            }
            // A model is encodable when its nested models are too (recursive models: optimistically).
            var changed = true
            while changed {
                changed = false
                for index in models.indices where models[index].encodable {
                    let model = models[index]
                    for position in 0..<Int(model.propertyCount) {
                        let property = properties[Int(model.firstProperty) + position]
                        if !encodableConversion(property.encodeConversion) {
                            models[index].encodable = false
                            changed = true
                            break
                        }
                    }
                }
            }
        }

        private func encodableConversion(_ index: Int32) -> Bool {
            let conversion = conversions[Int(index)]
            switch conversion.kind {
            case .unsupported: return false
            case .model: return models[Int(conversion.payload)].encodable
            case .array, .dictionary: return encodableConversion(conversion.payload)
            default: return true
            }
        }

        /// Flattens an encode tree breadth first, so each node's children are contiguous. A member
        /// both written by a model property and holding other members is kept when those are plain
        /// properties (their values replace or join the model's members); anything more involved
        /// (several or flattened consumers, deeper nesting) makes the model go the general way.
        mutating func encodeNodes(
            _ roots: [MapperKit.EncodeNode], of type: ModelType, in types: [ModelType]
        ) -> (first: Int32, count: Int32, mergeFree: Bool) {
            let first = Int32(encodeNodes.count)
            var mergeFree = true
            var queue: [(node: MapperKit.EncodeNode, slot: Int)] = []
            for root in roots {
                encodeNodes.append(EncodeNode(keyStart: 0, keyLength: 0, property: -1, constantStart: 0, constantLength: -1, firstChild: 0, childCount: 0))
                queue.append((root, encodeNodes.count - 1))
            }
            var head = 0
            while head < queue.count {
                let (node, slot) = queue[head]
                head += 1
                let key = store(Array((JSONWriter.quote(node.key) + ":").utf8))
                var flat = EncodeNode(
                    keyStart: key.start, keyLength: key.length, property: -1, constantStart: 0, constantLength: -1,
                    firstChild: Int32(encodeNodes.count), childCount: Int32(node.children.count),
                    override: encodeNodes[slot].override)
                if let constant = node.constant {
                    let text = store(Array(JSONWriter.write(constant).utf8))
                    flat.constantStart = text.start
                    flat.constantLength = text.length
                } else if let consumer = node.consumers.first {
                    // Several consumers, or one through a flattened model: the general encoder.
                    if node.consumers.count > 1 || consumer.count > 1 { mergeFree = false }
                    flat.property = Int32(consumer[0])
                }
                var overrides = Array(repeating: Int32(-1), count: node.children.count)
                if flat.property >= 0, !node.children.isEmpty {
                    guard case .model(let nested, false) = type.properties[Int(flat.property)].conversion,
                          node.children.allSatisfy({ $0.children.isEmpty && $0.constant == nil && $0.consumers.count == 1 })
                    else {
                        mergeFree = false
                        encodeNodes[slot] = flat
                        continue
                    }
                    let ownKeys = types[nested].encodeTree.map(\.key)
                    for (position, child) in node.children.enumerated() {
                        overrides[position] = Int32(ownKeys.firstIndex(of: child.key) ?? -1)
                    }
                }
                encodeNodes[slot] = flat
                for (position, child) in node.children.enumerated() {
                    encodeNodes.append(EncodeNode(
                        keyStart: 0, keyLength: 0, property: -1, constantStart: 0, constantLength: -1, firstChild: 0,
                        childCount: 0, override: overrides[position]))
                    queue.append((child, encodeNodes.count - 1))
                }
            }
            return (first, Int32(roots.count), mergeFree)
        }

        mutating func store(_ key: [UInt8]) -> (start: Int32, length: Int32) {
            let start = Int32(bytes.count)
            bytes += key
            return (start, Int32(key.count))
        }

        /// A hash table of `entries` in `slots`.
        mutating func table(_ entries: [(key: [UInt8], value: Int)]) -> Node {
            guard !entries.isEmpty else { return Node(firstSlot: 0, mask: -1) }
            var capacity = 8
            while capacity < entries.count * 2 { capacity *= 2 }
            let first = slots.count
            slots += Array(repeating: Slot(hash: 0, head: 0, tail: 0, keyStart: 0, keyLength: 0, value: 0), count: capacity)
            for entry in entries {
                let key = store(entry.key)
                let (hash, head, tail) = entry.key.withUnsafeBytes { KeyTable.hash($0) }
                var index = Int(truncatingIfNeeded: hash) & (capacity - 1)
                while slots[first + index].hash != 0 { index = (index + 1) & (capacity - 1) }
                slots[first + index] = Slot(
                    hash: hash, head: head, tail: tail, keyStart: key.start, keyLength: key.length, value: Int32(entry.value))
            }
            return Node(firstSlot: Int32(first), mask: Int32(capacity - 1))
        }

        /// `external`: the form encoding writes (representation hints count; decoding reads them
        /// only through the general reader for now).
        mutating func conversion(_ conversion: MapperKit.Conversion, external: Bool = false) -> Int32 {
            let flat: Conversion
            switch conversion {
            case .int(.string) where external: flat = Conversion(kind: .intAsString, payload: 0)
            case .double(.string) where external: flat = Conversion(kind: .doubleAsString, payload: 0)
            case .decimal(.string) where external: flat = Conversion(kind: .decimalAsString, payload: 0)
            case .bool(.string) where external: flat = Conversion(kind: .boolAsString, payload: 0)
            case .bool(.int) where external: flat = Conversion(kind: .boolAsInt, payload: 0)
            case .string: flat = Conversion(kind: .string, payload: 0)
            case .int(.number): flat = Conversion(kind: .int, payload: 0)
            case .double(.number): flat = Conversion(kind: .double, payload: 0)
            case .decimal(.number): flat = Conversion(kind: .decimal, payload: 0)
            case .bool(.bool): flat = Conversion(kind: .bool, payload: 0)
            case .url: flat = Conversion(kind: .url, payload: 0)
            case .uuid: flat = Conversion(kind: .uuid, payload: 0)
            case .any: flat = Conversion(kind: .any, payload: 0)
            case .date(.iso8601): flat = Conversion(kind: .dateISO, payload: 0)
            case .date(.unix): flat = Conversion(kind: .dateUnix, payload: 0)
            case .date(.unixMilliseconds): flat = Conversion(kind: .dateUnixMilliseconds, payload: 0)
            case .date(.pattern(let format)):
                patterns.append(format.pattern.compiled)
                flat = Conversion(kind: .datePattern, payload: Int32(patterns.count - 1))
            case .enumeration(let plan):
                flat = Conversion(kind: .enumeration, payload: enumeration(plan))
            case .model(let index, let dispatch):
                flat = dispatch ? Conversion(kind: .unsupported, payload: 0) : Conversion(kind: .model, payload: Int32(index))
            case .array(let element):
                flat = Conversion(kind: .array, payload: self.conversion(element, external: external))
            case .dictionary(let element):
                flat = Conversion(kind: .dictionary, payload: self.conversion(element, external: external))
            default:
                flat = Conversion(kind: .unsupported, payload: 0)
            }
            conversions.append(flat)
            return Int32(conversions.count - 1)
        }

        mutating func enumeration(_ plan: EnumPlan) -> Int32 {
            if let known = enumIndices[ObjectIdentifier(plan)] { return known }
            let table = self.table(plan.strings.entries)
            let firstCase = Int32(caseNames.count)
            for name in plan.quotedCaseNames { caseNames.append(store(name)) }
            for value in plan.jsonValues { caseValues.append(store(Array(JSONWriter.write(value).utf8))) }
            let names = self.table(plan.names.entries)
            enums.append(Enum(
                firstSlot: table.firstSlot, mask: table.mask, defaultCase: Int32(plan.defaultCase ?? -1),
                firstCase: firstCase, hasOtherValues: !plan.others.isEmpty, names: names))
            enumNames.append(plan.name)
            let index = Int32(enums.count - 1)
            enumIndices[ObjectIdentifier(plan)] = index
            return index
        }
    }
}
