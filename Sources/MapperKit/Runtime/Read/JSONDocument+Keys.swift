extension JSONDocument {
    /// The raw bytes of a string entry without escapes (the input itself), else nil.
    @inline(__always)
    func unescapedBytes(at index: Int) -> UnsafeRawBufferPointer? {
        let entry = entries[index]
        guard entry.flags & JSONTape.hasEscapes == 0 else { return nil }
        return UnsafeRawBufferPointer(start: bytes.baseAddress! + Int(entry.start), count: Int(entry.length))
    }

    /// The key tree child a member's key names, comparing bytes (unescaping only when needed).
    @inline(__always)
    func child(named key: Int, in keys: KeyTable) -> Int? {
        if let raw = unescapedBytes(at: key) { return keys.value(for: raw) }
        return stringBytes(at: key) { keys.value(for: $0) }
    }

    /// What the flat plan's table maps a member's key to (the transcoders' `child(named:in:)`).
    @inline(__always)
    func lookup(key: Int, in plan: FlatPlan, _ table: FlatPlan.Node) -> Int32? {
        if let raw = unescapedBytes(at: key) { return plan.lookup(raw, firstSlot: table.firstSlot, mask: table.mask) }
        return stringBytes(at: key) { plan.lookup($0, firstSlot: table.firstSlot, mask: table.mask) }
    }
}
