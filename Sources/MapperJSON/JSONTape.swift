/// Tokenized JSON: one flat entry per value (and per object key), in document order, pointing into
/// input bytes that the caller keeps alive.
///
/// An object entry is followed, for each member, by a string entry (the key) and then the value's
/// entries; an array entry by its elements' entries. Entry 0 is the root value. Every entry knows
/// the index just past its value (`next`), so skipping a value of any size is one load.
///
/// A tape is meant to be reused: `JSONTokenizer.tokenize(_:into:)` resets it and keeps its memory,
/// so tokenizing a stream of documents allocates nothing once the tape has grown to fit.
@usableFromInline package struct JSONTape: Sendable {
    @usableFromInline package enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    @usableFromInline package struct Entry: Sendable, Hashable {
        @usableFromInline package var kind: Kind
        /// `JSONTape.hasEscapes` and `hasNonASCII` (strings); `isInteger` and `isNegative` (numbers).
        @usableFromInline package var flags: UInt8
        /// Strings: first content byte after the opening quote; numbers and literals: first byte;
        /// containers: the `[` or `{`.
        @usableFromInline package var start: UInt32
        /// Strings: content bytes between the quotes, still escaped; numbers and literals: the
        /// literal; containers: bytes up to and including the closing bracket.
        @usableFromInline package var length: UInt32
        /// Index of the entry after this value: the skip target. Scalars: own index + 1.
        @usableFromInline package var next: UInt32
        /// Arrays: elements; objects: members; scalars: 0.
        @usableFromInline package var count: UInt32

        @inlinable package init(kind: Kind, flags: UInt8, start: UInt32, length: UInt32, next: UInt32, count: UInt32) {
            self.kind = kind
            self.flags = flags
            self.start = start
            self.length = length
            self.next = next
            self.count = count
        }

        @inlinable package var hasEscapes: Bool { flags & JSONTape.hasEscapes != 0 }
        @inlinable package var isInteger: Bool { flags & JSONTape.isInteger != 0 }
        @inlinable package var isNegative: Bool { flags & JSONTape.isNegative != 0 }
        /// Byte offset just past the value's content (before a string's closing quote).
        @inlinable package var end: Int { Int(start) + Int(length) }
    }

    /// String flag: the content holds at least one backslash escape.
    @inlinable package static var hasEscapes: UInt8 { 1 }
    /// Number flag: no fraction and no exponent (`-12`, not `5.0` or `5e2`).
    @inlinable package static var isInteger: UInt8 { 2 }
    /// Number flag: the literal starts with `-` (so `-0` is negative).
    @inlinable package static var isNegative: UInt8 { 4 }
    /// String flag: the content holds bytes ≥ 0x80 (valid UTF-8, already checked).
    @inlinable package static var hasNonASCII: UInt8 { 8 }

    package var entries: [Entry]

    /// Working memory of the tokenizer (container stack, key hashes, duplicate-key table); kept so
    /// that the next document reuses it.
    var scratch: JSONTokenizerScratch

    package init() {
        entries = []
        scratch = JSONTokenizerScratch()
    }

    /// Empties the tape, keeping its memory for the next document.
    package mutating func reset() {
        entries.removeAll(keepingCapacity: true)
    }
}
