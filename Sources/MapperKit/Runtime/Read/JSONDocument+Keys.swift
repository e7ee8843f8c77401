extension JSONDocument {
    /// The key tree child a member's key names, comparing bytes (unescaping only when needed).
    @inline(__always)
    func child(named key: Int, in keys: KeyTable) -> Int? {
        stringBytes(at: key) { keys.value(for: $0) }
    }

    /// What the flat plan's table maps a member's key to (the transcoders' `child(named:in:)`).
    @inline(__always)
    func lookup(key: Int, in plan: FlatPlan, _ table: FlatPlan.Node) -> Int32? {
        stringBytes(at: key) { plan.lookup($0, firstSlot: table.firstSlot, mask: table.mask) }
    }
}
