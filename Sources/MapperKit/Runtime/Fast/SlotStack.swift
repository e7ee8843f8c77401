/// Slots of the key trees of the models being read, as a stack: each open model pushes one slot
/// per key tree node (the tape index of the member's value, or -1) and pops them when done.
///
/// A class over raw memory, not an `[Int32]`: pushing fills with a plain `initialize(repeating:)`
/// and the storage is reused across documents.
final class SlotStack {
    private var storage: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Pushes `size` empty slots; returns the index of the first.
    @inline(__always)
    func push(_ size: Int) -> Int {
        if count + size > capacity { grow(to: count + size) }
        (storage + count).initialize(repeating: -1, count: size)
        let base = count
        count += size
        return base
    }

    @inline(__always)
    func pop(to base: Int) {
        count = base
    }

    @inline(__always)
    subscript(index: Int) -> Int32 {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    func removeAll() {
        count = 0
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
