import Foundation

extension FlatPlan {
    /// Flattens `ModelType`s into the buffers the plan adopts as its arenas.
    struct Builder: ~Copyable {
        var models = ArenaBuffer<Model>()
        var nodes = ArenaBuffer<Node>()
        var slots = ArenaBuffer<Slot>()
        var properties = ArenaBuffer<Property>()
        var paths = ArenaBuffer<Int32>()
        var conversions = ArenaBuffer<FlatConversion>()
        var enums = ArenaBuffer<Enum>()
        var caseNames = ArenaBuffer<(start: Int32, length: Int32)>()
        var caseValues = ArenaBuffer<(start: Int32, length: Int32)>()
        var encodeNodes = ArenaBuffer<EncodeNode>()
        var flattened = ArenaBuffer<Flattened>()
        /// Key and value bytes the other arrays point into, written in place.
        var bytes = JSONOutput()
        var patterns: [DatePattern.Compiled] = []
        var defaults: [(value: Value, conversion: Conversion)] = []
        var scalars: [ScalarPlan] = []
        var unionMembers: [Int32] = []
        var valueConstraints: [ValueConstraints] = []
        var expressionModels: [Expressions] = []
        var encodeExpressionModels: [EncodeExpressions] = []
        var enumNames: [String] = []
        var enumIndices: [ObjectIdentifier: Int32] = [:]

        /// Whether this builder makes one chunk of a plan: the enums are the whole plan's, made
        /// before the chunks (`enumIndices`), and its indices are relative until `append` moves
        /// them into the plan.
        var isChunk = false

        mutating func build(_ types: [ModelType], enums: [EnumPlan], transcodable: [Bool]) {
            // The enums first, once for every chunk of models that uses them.
            for plan in enums { _ = enumeration(plan) }
            assert(types.indices.allSatisfy { types[$0].index == $0 }, "a type's index is its position")
            models = ArenaBuffer(capacity: types.count)
            // The models on every core, in chunks of consecutive models appended in order (a
            // model's record is at its index): the plan is the one a single builder would make,
            // whatever the number of chunks.
            let enumIndices = enumIndices
            let chunks = types.concurrentMapRuns { run in
                let chunk = Chunk(enumIndices: enumIndices, slots: run.reduce(0) { $0 + Self.slotCount(of: $1) })
                for type in run {
                    let model = chunk.builder.add(type, in: types, transcodable: transcodable[type.index])
                    chunk.models.append(model)
                }
                return chunk
            }
            // Room for every chunk at once: growing by doubling would copy the biggest arenas
            // (megabytes of slots in a big catalog) a few times over.
            slots.reserve(slots.count + chunks.reduce(0) { $0 + $1.builder.slots.count })
            nodes.reserve(nodes.count + chunks.reduce(0) { $0 + $1.builder.nodes.count })
            properties.reserve(properties.count + chunks.reduce(0) { $0 + $1.builder.properties.count })
            paths.reserve(paths.count + chunks.reduce(0) { $0 + $1.builder.paths.count })
            conversions.reserve(conversions.count + chunks.reduce(0) { $0 + $1.builder.conversions.count })
            encodeNodes.reserve(encodeNodes.count + chunks.reduce(0) { $0 + $1.builder.encodeNodes.count })
            bytes.reserveCapacity(forAppending: chunks.reduce(0) { $0 + $1.builder.bytes.count })
            for chunk in chunks { append(chunk) }
            markEncodable()
        }

        /// Appends `type`'s properties, key tables and encode nodes; its model record.
        mutating func add(_ type: ModelType, in types: [ModelType], transcodable: Bool) -> Model {
            var model = Model(
                firstProperty: Int32(properties.count), propertyCount: Int32(type.properties.count),
                rootNode: Int32(nodes.count), nodeCount: Int32(type.keyTree.nodes.count),
                rejectsUnknownKeys: type.unknownKeys == .reject, transcodable: transcodable,
                names: table(type.names), firstEncodeNode: 0, encodeNodeCount: 0, encodable: false)
            model.keepsUnknownKeys = type.unknownKeys == .keep
            for node in type.keyTree.nodes {
                var flat = table(node.keys)
                flat.isValue = node.isValue
                nodes.append(flat)
            }
            for plan in type.properties {
                var flags: UInt16 = 0
                if plan.required { flags |= Property.required }
                if plan.transient { flags |= Property.transient }
                if plan.computed == .now { flags |= Property.computedNow }
                if plan.computed == .uuid { flags |= Property.computedUUID }
                if plan.spec.flatten { flags |= Property.flatten }
                if plan.conversion.canFallBack { flags |= Property.fallsBack }
                flags |= Property.omitFlags(plan.spec.omit)
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
                    valueConstraints.append(ValueConstraints(constraints))
                }
                let key = store(plan.canonicalKey)
                properties.append(
                    Property(
                        keyStart: key.start, keyLength: key.length, firstPathNode: Int32(paths.count),
                        pathCount: Int32(plan.path.count), conversion: conversion(plan.conversion),
                        encodeConversion: conversion(plan.conversion, external: true), flags: flags,
                        defaultIndex: defaultIndex, minLength: Int32(clamping: constraints.minLength ?? -1),
                        maxLength: Int32(clamping: constraints.maxLength ?? -1), valueConstraints: valueConstraintsIndex))
                paths.append(contentsOf: plan.path.lazy.map(Int32.init))
            }
            if model.propertyCount == 0 { model.firstProperty = Int32(properties.count) }
            let flattenedModels = flattenedModels(of: type, in: types)
            model.firstFlattened = Int32(flattened.count)
            model.flattenedCount = Int32(flattenedModels?.models.count ?? 0)
            model.slotCount = Int32(flattenedModels?.slotCount ?? type.properties.count)
            flattened.append(contentsOf: flattenedModels?.models ?? [])
            let (first, count, mergeFree) = encodeNodes(type.encodeTree, of: type, in: types, slots: flattenedModels?.slots ?? [:])
            model.firstEncodeNode = first
            model.encodeNodeCount = count
            // Canonical input must be checked as the canonical reader does: constraints the
            // fast paths do not check and the values of transient properties (which encoding
            // does not write) are left to it. A flattened property's model is checked where its
            // members are written (its properties have keys, `markEncodable` asks the rest).
            // Expressions: `encode:` ones and decode-only properties as `EncodeExpressions`
            // takes them (decoding's expressions and rules play no part in encoding), in models
            // without flattened ones.
            model.encodable =
                mergeFree && flattenedModels != nil
                && type.properties.allSatisfy {
                    ($0.spec.key != nil || $0.spec.flatten) && $0.spec.transform == nil && FlatPlan.checksConstraints(of: $0)
                }
            if model.encodable, type.properties.contains(where: { $0.spec.encode != nil || $0.spec.isDecodeOnly }) {
                if model.flattenedCount == 0, let expressions = FlatPlan.EncodeExpressions(type) {
                    model.encodeExpressions = Int32(encodeExpressionModels.count)
                    encodeExpressionModels.append(expressions)
                } else {
                    model.encodable = false
                }
            }
            if transcodable, type.usesExpressions, let expressions = FlatPlan.Expressions(type) {
                model.expressions = Int32(expressionModels.count)
                expressionModels.append(expressions)
            }
            return model
        }

        /// The models flattened into `type`, depth first in declaration order, and the slot of each
        /// of their properties by the index path encode nodes name it with
        /// (`MapperKit.EncodeNode.consumers`); nil when one of them is left to the general encoder:
        /// a model with variants, or with `encode:` expressions or decode-only properties (which
        /// see the flattened model as `self`).
        func flattenedModels(
            of type: ModelType, in types: [ModelType]
        ) -> (models: [Flattened], slots: [[Int]: Int32], slotCount: Int)? {
            guard type.properties.contains(where: { $0.spec.flatten }) else { return ([], [:], type.properties.count) }
            var models: [Flattened] = []
            var slots: [[Int]: Int32] = [:]
            var slotCount = type.properties.count
            func visit(_ type: ModelType, path: [Int], offset: Int, visiting: Set<Int>) -> Bool {
                for (index, plan) in type.properties.enumerated() where plan.spec.flatten {
                    guard case .model(let nested, false) = plan.conversion, !visiting.contains(nested) else { return false }
                    let model = types[nested]
                    guard !model.properties.contains(where: { $0.spec.encode != nil || $0.spec.isDecodeOnly }) else { return false }
                    let flattened = Flattened(slot: Int32(offset + index), model: Int32(nested), offset: Int32(slotCount))
                    models.append(flattened)
                    slotCount += model.properties.count
                    for position in model.properties.indices { slots[path + [index, position]] = flattened.offset + Int32(position) }
                    guard visit(model, path: path + [index], offset: Int(flattened.offset), visiting: visiting.union([nested])) else {
                        return false
                    }
                }
                return true
            }
            return visit(type, path: [], offset: 0, visiting: [type.index]) ? (models, slots, slotCount) : nil
        }

        /// A model is encodable when its nested models are too (recursive models: optimistically).
        private mutating func markEncodable() {
            var changed = true
            while changed {
                changed = false
                for index in 0..<models.count where models[index].encodable {
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
        /// (several consumers, a flattened model's property holding members, deeper nesting) makes
        /// the model go the general way. `slots`: the slots of flattened models' properties
        /// (`flattenedModels`).
        mutating func encodeNodes(
            _ roots: [MapperKit.EncodeNode], of type: ModelType, in types: [ModelType], slots: [[Int]: Int32]
        ) -> (first: Int32, count: Int32, mergeFree: Bool) {
            let first = Int32(encodeNodes.count)
            var mergeFree = true
            var queue: [(node: MapperKit.EncodeNode, slot: Int)] = []
            for root in roots {
                encodeNodes.append(
                    EncodeNode(keyStart: 0, keyLength: 0, property: -1, constantStart: 0, constantLength: -1, firstChild: 0, childCount: 0))
                queue.append((root, encodeNodes.count - 1))
            }
            var head = 0
            while head < queue.count {
                let (node, slot) = queue[head]
                head += 1
                let key = store {
                    $0.appendString(node.key)
                    $0.append(UInt8(ascii: ":"))
                }
                var flat = EncodeNode(
                    keyStart: key.start, keyLength: key.length, property: -1, constantStart: 0, constantLength: -1,
                    firstChild: Int32(encodeNodes.count), childCount: Int32(node.children.count),
                    override: encodeNodes[slot].override)
                if let consumer = node.consumers.first {
                    // Several consumers: the general encoder.
                    if node.consumers.count > 1 { mergeFree = false }
                    if consumer.count == 1 {
                        flat.property = Int32(consumer[0])
                    } else if let slot = slots[consumer] {
                        flat.property = slot
                    } else {
                        mergeFree = false
                    }
                }
                if let constant = node.constant {
                    // A discriminator's value; a property at its key is only checked (`EncodeNode`).
                    let text = store { $0.append(constant) }
                    flat.constantStart = text.start
                    flat.constantLength = text.length
                }
                var overrides = Array(repeating: Int32(-1), count: node.children.count)
                if flat.property >= 0, !node.children.isEmpty {
                    guard flat.property < type.properties.count,
                        case .model(let nested, false) = type.properties[Int(flat.property)].conversion,
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
                    encodeNodes.append(
                        EncodeNode(
                            keyStart: 0, keyLength: 0, property: -1, constantStart: 0, constantLength: -1, firstChild: 0,
                            childCount: 0, override: overrides[position]))
                    queue.append((child, encodeNodes.count - 1))
                }
            }
            return (first, Int32(roots.count), mergeFree)
        }

        mutating func store(_ key: [UInt8]) -> (start: Int32, length: Int32) {
            store { $0.append(contentsOf: key) }
        }

        /// Where the bytes `write` appends are.
        mutating func store(_ write: (inout JSONOutput) -> Void) -> (start: Int32, length: Int32) {
            let start = bytes.count
            write(&bytes)
            return (Int32(start), Int32(bytes.count - start))
        }

        /// A hash table of the keys of `keys` in `slots`.
        mutating func table(_ keys: KeyTable) -> Node {
            guard !keys.isEmpty else { return Node(firstSlot: 0, mask: -1) }
            let capacity = Self.capacity(of: keys)
            let first = slots.count
            slots.appendZeroed(capacity)  // a slot of zeros is empty
            keys.forEachEntry { key, value in
                let stored = store { $0.append(contentsOf: key) }
                let (hash, head, tail) = KeyTable.hash(key)
                var index = Int(truncatingIfNeeded: hash) & (capacity - 1)
                while slots[first + index].hash != 0 { index = (index + 1) & (capacity - 1) }
                slots[first + index] = Slot(
                    hash: hash, head: head, tail: tail, keyStart: stored.start, keyLength: stored.length, value: Int32(value))
            }
            return Node(firstSlot: Int32(first), mask: Int32(capacity - 1))
        }

        /// The slots of a model's tables: its names' and its key tree's.
        static func slotCount(of type: ModelType) -> Int {
            type.keyTree.nodes.reduce(capacity(of: type.names)) { $0 + capacity(of: $1.keys) }
        }

        /// The slots of the table of `keys` (none when it is empty).
        static func capacity(of keys: KeyTable) -> Int {
            keys.isEmpty ? 0 : KeyTable.capacity(for: keys.count)
        }

        /// `external`: the form encoding writes (representation hints count).
        mutating func conversion(_ conversion: Conversion, external: Bool = false) -> Int32 {
            let flat: FlatConversion
            switch conversion {
            case .scalar(.int(.string)) where external: flat = FlatConversion(kind: .intAsString, payload: 0)
            case .scalar(.double(.string)) where external: flat = FlatConversion(kind: .doubleAsString, payload: 0)
            case .scalar(.decimal(.string)) where external: flat = FlatConversion(kind: .decimalAsString, payload: 0)
            case .scalar(.bool(.string)) where external: flat = FlatConversion(kind: .boolAsString, payload: 0)
            case .scalar(.bool(.int)) where external: flat = FlatConversion(kind: .boolAsInt, payload: 0)
            case .scalar(.string): flat = FlatConversion(kind: .string, payload: 0)
            case .scalar(.int(.number)): flat = FlatConversion(kind: .int, payload: 0)
            case .scalar(.double(.number)): flat = FlatConversion(kind: .double, payload: 0)
            case .scalar(.decimal(.number)): flat = FlatConversion(kind: .decimal, payload: 0)
            case .scalar(.bool(.bool)): flat = FlatConversion(kind: .bool, payload: 0)
            case .scalar(.url): flat = FlatConversion(kind: .url, payload: 0)
            case .scalar(.uuid): flat = FlatConversion(kind: .uuid, payload: 0)
            case .scalar(.any): flat = FlatConversion(kind: .any, payload: 0)
            case .scalar(.date(.iso8601)): flat = FlatConversion(kind: .dateISO, payload: 0)
            case .scalar(.date(.unix(let unit))):
                flat = FlatConversion(kind: .dateUnix, payload: Int32(FlatPlan.unixUnits.firstIndex(of: unit) ?? 0))
            case .scalar(.date(.pattern(let format))):
                patterns.append(format.pattern.compiled)
                flat = FlatConversion(kind: .datePattern, payload: Int32(patterns.count - 1))
            case .enumeration(let plan):
                flat = FlatConversion(kind: .enumeration, payload: enumeration(plan))
            case .model(let index, let dispatch):
                flat = dispatch ? FlatConversion(kind: .unsupported, payload: 0) : FlatConversion(kind: .model, payload: Int32(index))
            case .array(let element):
                flat = FlatConversion(kind: .array, payload: self.conversion(element, external: external))
            case .dictionary(let element):
                flat = FlatConversion(kind: .dictionary, payload: self.conversion(element, external: external))
            case .scalar(let scalar):
                scalars.append(scalar)
                flat = FlatConversion(kind: .scalar, payload: Int32(scalars.count - 1))
            case .union(let plan):
                // Decoding reads external JSON, encoding canonical JSON: each picks members by its side's kinds.
                let members = JSONKind.allCases.map { kind in
                    plan.member(for: kind, canonical: external).map { self.conversion(plan.members[$0], external: external) } ?? -1
                }
                flat = FlatConversion(kind: .union, payload: Int32(unionMembers.count))
                unionMembers += members
            default:
                flat = FlatConversion(kind: .unsupported, payload: 0)
            }
            conversions.append(flat)
            return Int32(conversions.count - 1)
        }

        mutating func enumeration(_ plan: EnumPlan) -> Int32 {
            if let known = enumIndices[ObjectIdentifier(plan)] { return known }
            precondition(!isChunk, "enum \(plan.name) was not made before the plan's chunks")
            let table = self.table(plan.strings)
            let firstCase = Int32(caseNames.count)
            for name in plan.quotedCaseNames { caseNames.append(store(name)) }
            for value in plan.jsonValues { caseValues.append(store { $0.append(value) }) }
            let names = self.table(plan.names)
            enums.append(
                Enum(
                    firstSlot: table.firstSlot, mask: table.mask, defaultCase: Int32(plan.defaultCase ?? -1),
                    firstCase: firstCase, hasOtherValues: !plan.others.isEmpty, names: names))
            enumNames.append(plan.name)
            let index = Int32(enums.count - 1)
            enumIndices[ObjectIdentifier(plan)] = index
            return index
        }
    }
}
