#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a key's entry by its UTF-8 bytes without building a String: keys are compared as bytes
/// against precomputed ones, through an open-addressing hash table.
///
/// The hash reads at most 16 bytes (the first and last eight) plus the length, so a lookup costs
/// a few instructions and one `memcmp`, whatever the key. A class so that readers hold it by one
/// reference (walking a key tree per object must not retain arrays per node).
final class KeyTable: @unchecked Sendable {
    private struct Slot {
        /// Hash of the key, or 0 for an empty slot (hashes are forced non-zero).
        var hash: UInt64
        var offset: Int32
        var length: Int32
        var value: Int
    }

    /// The keys' bytes, back to back (immutable after init; read through `storage`).
    private let storage: UnsafeMutableRawPointer
    private let slots: UnsafeMutableBufferPointer<Slot>
    private let mask: Int
    let count: Int
    /// Where each key's bytes are in `storage`, and its value, in the order given (what
    /// `FlatPlan` copies into its own tables).
    private let order: [(offset: Int32, length: Int32, value: Int)]

    init(_ entries: [(key: String, value: Int)]) {
        count = entries.count
        let total = entries.reduce(0) { $0 + $1.key.utf8.count }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(total, 1), alignment: 8)
        self.storage = storage
        let capacity = Self.capacity(for: entries.count)
        let mask = capacity - 1
        self.mask = mask
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, offset: 0, length: 0, value: 0))
        self.slots = slots
        var order: [(offset: Int32, length: Int32, value: Int)] = []
        order.reserveCapacity(entries.count)
        var offset = 0
        for entry in entries {
            var key = entry.key
            let length = key.withUTF8 { source in
                if let base = source.baseAddress { (storage + offset).copyMemory(from: base, byteCount: source.count) }
                return source.count
            }
            let hash = Self.hash(UnsafeRawBufferPointer(start: storage + offset, count: length)).hash
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].hash != 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(hash: hash, offset: Int32(offset), length: Int32(length), value: entry.value)
            order.append((Int32(offset), Int32(length), entry.value))
            offset += length
        }
        self.order = order
    }

    /// A table without keys, shared (tables are immutable): a catalog has one per leaf of every
    /// model's key tree.
    static let empty = KeyTable([])

    /// The slots of a table of `count` keys: a power of two, at least eight and twice the keys
    /// (`FlatPlan`'s tables are sized the same way).
    static func capacity(for count: Int) -> Int {
        var capacity = 8
        while capacity < count * 2 { capacity *= 2 }
        return capacity
    }

    /// Calls `body` with each key's bytes and its value, in the order given.
    func forEachEntry(_ body: (UnsafeRawBufferPointer, Int) -> Void) {
        for entry in order {
            body(UnsafeRawBufferPointer(start: storage + Int(entry.offset), count: Int(entry.length)), entry.value)
        }
    }

    deinit {
        storage.deallocate()
        slots.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func value(for key: UnsafeRawBufferPointer) -> Int? {
        guard count > 0 else { return nil }
        let hash = Self.hash(key).hash
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let candidate = slots[slot]
            if candidate.hash == 0 { return nil }
            if candidate.hash == hash, Int(candidate.length) == key.count,
                key.count == 0 || memcmp(storage + Int(candidate.offset), key.baseAddress!, key.count) == 0
            {
                return candidate.value
            }
            slot = (slot + 1) & mask
        }
    }

    func value(for key: String) -> Int? {
        var key = key
        return key.withUTF8 { value(for: UnsafeRawBufferPointer($0)) }
    }

    /// The key's hash — its first and last eight bytes (or the bytes of a shorter key) and its
    /// length, mixed; never 0 (the top bit is set) — with those two words, which `FlatPlan`'s
    /// tables also compare.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> (hash: UInt64, head: UInt64, tail: UInt64) {
        let count = bytes.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = bytes.loadUnaligned(as: UInt64.self)
            tail = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in 0..<count {
                head = head << 8 | UInt64(bytes[index])
            }
        }
        var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ (UInt64(count) &* 0x1656_67B1_9E37_79F9)
        hash ^= hash >> 29
        return (hash | (1 << 63), head, tail)
    }
}
