/// The tokenizer's reusable working memory, owned by a `JSONTape`.
///
/// Raw allocations rather than arrays: the hot loop copies the pointers into locals and grows them
/// itself, so it pays for neither uniqueness checks nor exclusivity checks per token. They sit in one
/// struct so that a tokenization reads and writes the class once (each class property access is an
/// exclusivity check). `@unchecked Sendable` is sound because `tokenize` only writes to a scratch it
/// holds the sole reference to (it replaces a shared one first).
package final class JSONTokenizerScratch: @unchecked Sendable {
    /// An open container on the tokenizer's stack.
    struct Frame {
        var entry: UInt32
        /// Elements (arrays) or keys (objects) started so far.
        var count: UInt32
        /// Objects: where this object's keys start in `keys`.
        var keyBase: UInt32
        /// Objects: the entry of the latest key (for error pointers).
        var lastKey: UInt32
        var isObject: Bool
        /// Objects with many keys check duplicates in `slots` instead of scanning `keys`.
        var usesTable: Bool
        /// Objects: a 128-bit Bloom filter of the key hashes, so that most keys need no scan.
        var bloomLow: UInt64
        var bloomHigh: UInt64
    }

    /// A key of an open object, for the linear duplicate check.
    struct KeyRecord {
        var hash: UInt64
        var entry: UInt32
    }

    /// A slot of the open-addressing duplicate table; live only when `stamp` equals the current epoch,
    /// so that emptying the table is one increment.
    struct Slot {
        var stamp: UInt32
        var owner: UInt32
        var entry: UInt32
        var hash: UInt32
    }

    struct Storage {
        var entries = UnsafeMutablePointer<JSONTape.Entry>.allocate(capacity: 0)
        var entryCapacity = 0
        var frames = UnsafeMutablePointer<Frame>.allocate(capacity: 0)
        var frameCapacity = 0
        var keys = UnsafeMutablePointer<KeyRecord>.allocate(capacity: 0)
        var keyCapacity = 0
        var slots = UnsafeMutablePointer<Slot>.allocate(capacity: 0)
        var slotCapacity = 0
        var epoch: UInt32 = 1
        /// Unescaped keys, for hashing and comparing keys that contain escapes.
        var text = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 8)
        var textCapacity = 0
    }

    var storage = Storage()

    deinit {
        storage.entries.deallocate()
        storage.frames.deallocate()
        storage.keys.deallocate()
        storage.slots.deallocate()
        storage.text.deallocate()
    }

    /// Moves `used` elements into a new allocation of at least `minimum` (doubling) elements.
    static func grow<T>(_ pointer: inout UnsafeMutablePointer<T>, capacity: inout Int, used: Int, minimum: Int) {
        let newCapacity = max(minimum, capacity * 2, 16)
        let newPointer = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        newPointer.moveInitialize(from: pointer, count: used)
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }
}
