#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable array of plain values in `malloc`ed memory, which `FlatPlan` adopts as one of its
/// arenas (`take`) instead of copying it. Growing it is a `realloc`, which the C library does for
/// large blocks by remapping pages rather than copying them, and `appendZeroed` writes nothing
/// where the memory is known to be zero already (fresh from `calloc`): a big catalog's hash
/// tables are tens of megabytes, mostly empty slots.
struct ArenaBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    /// `base[count ..< zeroEnd]` is known to be all zero bytes.
    private var zeroEnd = 0

    /// Room for `capacity` elements; with `zeroed`, memory that `appendZeroed` need not clear.
    init(capacity: Int = 0, zeroed: Bool = false) {
        self.capacity = max(capacity, 16)
        let bytes = zeroed ? calloc(self.capacity, MemoryLayout<Element>.stride) : malloc(self.capacity * MemoryLayout<Element>.stride)
        guard let bytes else { fatalError("out of memory: \(self.capacity) plan entries") }
        base = bytes.bindMemory(to: Element.self, capacity: self.capacity)
        if zeroed { zeroEnd = self.capacity }
    }

    deinit {
        free(base)
    }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "arena index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "arena index out of range")
            base[index] = newValue
        }
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ element: Element) {
        reserve(count + 1)
        base[count] = element
        count += 1
    }

    mutating func append(contentsOf elements: some Collection<Element>) {
        reserve(count + elements.count)
        let copied = elements.withContiguousStorageIfAvailable { buffer in
            if let source = buffer.baseAddress { (base + count).update(from: source, count: buffer.count) }
            return buffer.count
        }
        if let copied {
            count += copied
            return
        }
        for element in elements {
            base[count] = element
            count += 1
        }
    }

    /// Appends `other`'s elements, each changed by `adjust` first.
    mutating func append(_ other: borrowing ArenaBuffer<Element>, adjusting adjust: (inout Element) -> Void) {
        reserve(count + other.count)
        for index in 0..<other.count {
            var element = other.base[index]
            adjust(&element)
            base[count + index] = element
        }
        count += other.count
    }

    /// Appends `extra` elements whose bytes are all zero.
    mutating func appendZeroed(_ extra: Int) {
        reserve(count + extra)
        let end = count + extra
        let dirty = max(count, zeroEnd)
        if end > dirty {
            UnsafeMutableRawPointer(base + dirty).initializeMemory(
                as: UInt8.self, repeating: 0, count: (end - dirty) * MemoryLayout<Element>.stride)
        }
        // Fresh zero memory may not be mapped yet, and the table's first access is a read: that
        // would map the shared zero page, only for the first write to fault a second time. A
        // write to each page first faults once.
        var byte = UnsafeMutableRawPointer(base + count)
        let known = UnsafeMutableRawPointer(base + min(end, dirty))
        while byte < known {
            byte.storeBytes(of: 0, as: UInt8.self)
            byte = UnsafeMutableRawPointer(bitPattern: (UInt(bitPattern: byte) | 4095) + 1)!
        }
        count = end
    }

    /// Makes room for `wanted` elements in all, at least doubling the capacity when it grows.
    mutating func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        let newCapacity = max(wanted, 2 * capacity)
        guard let bytes = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory: \(newCapacity) plan entries")
        }
        base = bytes.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }

    /// The elements, now owned by the caller, who releases them with `free`. The room beyond
    /// them is given back (shrinking a block moves nothing).
    consuming func take() -> UnsafeMutableBufferPointer<Element> {
        if capacity > count, let shrunk = realloc(base, max(count, 1) * MemoryLayout<Element>.stride) {
            base = shrunk.bindMemory(to: Element.self, capacity: max(count, 1))
        }
        let buffer = UnsafeMutableBufferPointer(start: base, count: count)
        discard self
        return buffer
    }
}
