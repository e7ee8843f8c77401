/// Duplicate keys: keys compare after unescaping, so `{"a":1,"\u0061":2}` is a duplicate.
///
/// Each key is hashed once. Up to `linearLimit` keys an object keeps a 128-bit Bloom filter of its
/// key hashes and scans its earlier keys (on a stack shared by all open objects) only when the
/// filter says the hash may have been seen. Past that it moves its keys into an open-addressing
/// table whose slots are tagged with the object's entry; the table is emptied by bumping an epoch
/// when no open object uses it. No object allocates or clears memory of its own.
extension JSONTokenizer.Parser {
    static let linearLimit: UInt32 = 32

    /// Checks the key just emitted at entry `key` (whose opening quote is at `offset`) against the
    /// earlier keys of the innermost object, and records it. The common case (no earlier key with a
    /// colliding Bloom bit) is inline; everything else is out of line.
    @inline(always) mutating func checkDuplicate(key: Int, at offset: Int) throws(JSONSyntaxError) {
        let entry = entries[key]
        let hash =
            entry.flags & JSONTape.hasEscapes == 0
            ? JSONTokenizer.hash(base + Int(entry.start), count: Int(entry.length), readableEnd: base + count)
            : hashEscapedKey(key)
        let top = depth - 1
        let frame = frames[top]
        let bit = hash >> 57
        let mask: UInt64 = 1 << (bit & 63)
        let seen = bit < 64 ? frame.bloomLow & mask : frame.bloomHigh & mask
        guard seen == 0, frame.count <= Self.linearLimit, keyCount < keyCapacity else {
            try checkDuplicateSlowly(key: key, hash: hash, at: offset)
            return
        }
        if bit < 64 {
            frames[top].bloomLow = frame.bloomLow | mask
        } else {
            frames[top].bloomHigh = frame.bloomHigh | mask
        }
        keys[keyCount] = KeyRecord(hash: hash, entry: UInt32(truncatingIfNeeded: key))
        keyCount += 1
    }

    @inline(never) mutating func checkDuplicateSlowly(key: Int, hash: UInt64, at offset: Int) throws(JSONSyntaxError) {
        let top = depth - 1
        let frame = frames[top]
        if !frame.usesTable {
            if frame.count <= Self.linearLimit {
                var index = Int(frame.keyBase)
                while index < keyCount {
                    if keys[index].hash == hash && keysEqual(Int(keys[index].entry), key) {
                        throw duplicate(key, at: offset)
                    }
                    index += 1
                }
                let bit = hash >> 57
                if bit < 64 {
                    frames[top].bloomLow |= 1 << bit
                } else {
                    frames[top].bloomHigh |= 1 << (bit & 63)
                }
                if keyCount == keyCapacity {
                    JSONTokenizerScratch.grow(&keys, capacity: &keyCapacity, used: keyCount, minimum: keyCount + 1)
                }
                keys[keyCount] = KeyRecord(hash: hash, entry: UInt32(truncatingIfNeeded: key))
                keyCount += 1
                return
            }
            moveKeysToTable(frame: top)
        }
        try insert(hash: hash, key: key, owner: frame.entry, at: offset)
    }

    @inline(never) mutating func moveKeysToTable(frame top: Int) {
        let frame = frames[top]
        for index in Int(frame.keyBase)..<keyCount {
            try? insert(hash: keys[index].hash, key: Int(keys[index].entry), owner: frame.entry, at: 0)
        }
        keyCount = Int(frame.keyBase)
        frames[top].usesTable = true
        tableUsers += 1
    }

    mutating func insert(hash: UInt64, key: Int, owner: UInt32, at offset: Int) throws(JSONSyntaxError) {
        if (slotCount + 1) * 2 > slotCapacity { growTable() }
        let tag = UInt32(truncatingIfNeeded: hash)
        let mask = slotCapacity - 1
        var index = Int(tag) & mask
        while slots[index].stamp == epoch {
            let slot = slots[index]
            if slot.owner == owner && slot.hash == tag && keysEqual(Int(slot.entry), key) {
                throw duplicate(key, at: offset)
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(stamp: epoch, owner: owner, entry: UInt32(truncatingIfNeeded: key), hash: tag)
        slotCount += 1
    }

    @inline(never) mutating func growTable() {
        let oldSlots = slots
        let oldCapacity = slotCapacity
        slotCapacity = max(64, oldCapacity * 2)
        slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCapacity)
        slots.initialize(repeating: Slot(stamp: 0, owner: 0, entry: 0, hash: 0), count: slotCapacity)
        let mask = slotCapacity - 1
        for old in 0..<oldCapacity where oldSlots[old].stamp == epoch {
            var index = Int(oldSlots[old].hash) & mask
            while slots[index].stamp == epoch { index = (index + 1) & mask }
            slots[index] = oldSlots[old]
        }
        oldSlots.deallocate()
    }

    /// Empties the duplicate table.
    mutating func nextEpoch() {
        slotCount = 0
        tableUsers = 0
        epoch &+= 1
        if epoch == 0 {
            slots.update(repeating: Slot(stamp: 0, owner: 0, entry: 0, hash: 0), count: slotCapacity)
            epoch = 1
        }
    }

    // MARK: - Hashing and comparing keys

    @inline(never) mutating func hashEscapedKey(_ key: Int) -> UInt64 {
        let length = unescapeKey(key, into: 0)
        return JSONTokenizer.hash(UnsafeRawPointer(text), count: length, readableEnd: UnsafeRawPointer(text + textCapacity))
    }

    mutating func keysEqual(_ a: Int, _ b: Int) -> Bool {
        let first = entries[a]
        let second = entries[b]
        if (first.flags | second.flags) & JSONTape.hasEscapes == 0 {
            return first.length == second.length
                && JSONTokenizer.equalBytes(base + Int(first.start), base + Int(second.start), count: Int(first.length))
        }
        let firstLength = unescapeKey(a, into: 0)
        let secondLength = unescapeKey(b, into: Int(first.length))
        return firstLength == secondLength
            && JSONTokenizer.equalBytes(UnsafeRawPointer(text), UnsafeRawPointer(text + Int(first.length)), count: firstLength)
    }

    /// Unescapes a key into `text` at `offset` (growing it, 8 spare bytes for word loads); returns
    /// the unescaped length.
    mutating func unescapeKey(_ key: Int, into offset: Int) -> Int {
        let entry = entries[key]
        let needed = offset + Int(entry.length) + 8
        if needed > textCapacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: max(needed, textCapacity * 2, 256), alignment: 8)
            grown.copyMemory(from: text, byteCount: offset)
            text.deallocate()
            text = grown
            textCapacity = max(needed, textCapacity * 2, 256)
        }
        guard entry.flags & JSONTape.hasEscapes != 0 else {
            (text + offset).copyMemory(from: base + Int(entry.start), byteCount: Int(entry.length))
            return Int(entry.length)
        }
        return JSONTokenizer.unescape(base + Int(entry.start), count: Int(entry.length), into: text + offset)
    }
}

extension JSONTokenizer {
    /// A 64-bit hash of `count` bytes; may read up to `readableEnd` (to load short keys in one word).
    @inline(__always) static func hash(_ start: UnsafeRawPointer, count: Int, readableEnd: UnsafeRawPointer) -> UInt64 {
        var hash: UInt64
        if count > 8 {
            let first = start.loadUnaligned(as: UInt64.self)
            let last = start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
            var offset = 8
            while offset < count - 8 {
                hash = (hash ^ start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
                offset += 8
            }
        } else if count == 8 {
            hash = start.loadUnaligned(as: UInt64.self) ^ 8
        } else if start + 8 <= readableEnd {
            let word = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)) & ((1 << UInt64(count * 8)) &- 1)
            hash = word ^ UInt64(truncatingIfNeeded: count)
        } else {
            var word: UInt64 = 0
            for index in 0..<count {
                word |= UInt64(start.load(fromByteOffset: index, as: UInt8.self)) << UInt64(index * 8)
            }
            hash = word ^ UInt64(truncatingIfNeeded: count)
        }
        hash = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }

    @usableFromInline @inline(__always) static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }
}
