/// Finds a key's entry by its UTF-8 bytes without building a String: keys are compared as bytes
/// against precomputed ones, through an open-addressing hash table.
struct KeyTable: Sendable {
    private let keys: [[UInt8]]
    private let values: [Int]
    /// Slot → index into `keys` + 1 (0 = empty). Capacity is a power of two, at least twice the count.
    private let slots: [Int32]
    private let mask: Int

    init(_ entries: [(key: String, value: Int)]) {
        keys = entries.map { Array($0.key.utf8) }
        values = entries.map(\.value)
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        mask = capacity - 1
        var slots = [Int32](repeating: 0, count: capacity)
        for (index, key) in keys.enumerated() {
            var slot = Self.hash(key) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
    }

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    func value(for key: UnsafeRawBufferPointer) -> Int? {
        guard !keys.isEmpty else { return nil }
        var slot = Self.hash(key) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let candidate = keys[stored - 1]
            if candidate.count == key.count,
               candidate.withUnsafeBytes({ $0.elementsEqual(key) }) {
                return values[stored - 1]
            }
            slot = (slot + 1) & mask
        }
    }

    func value(for key: String) -> Int? {
        var key = key
        return key.withUTF8 { value(for: UnsafeRawBufferPointer($0)) }
    }

    /// FNV-1a over the bytes: keys are short, so this is cheap and spreads well.
    private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
