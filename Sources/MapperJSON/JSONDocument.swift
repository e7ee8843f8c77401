/// A tokenized JSON document: the input bytes and their tape, read by entry index.
///
/// A view, not an owner: both the bytes and the tape's entries are borrowed through pointers (so
/// reading costs no reference counting), and the document is valid only inside `with(bytes:tape:_:)`.
///
/// ```swift
/// var tape = JSONTape()
/// try bytes.withUnsafeBytes { buffer in
///     try JSONTokenizer.tokenize(buffer, into: &tape)
///     JSONDocument.with(bytes: buffer, tape: tape) { document in
///         for (key, value) in document.members(ofObjectAt: document.root) where document.keyEquals(at: key, "id") {
///             print(document.int64(at: value) ?? 0)
///         }
///     }
/// }
/// ```
@usableFromInline package struct JSONDocument {
    @usableFromInline package let bytes: UnsafeRawBufferPointer
    @usableFromInline package let entries: UnsafeBufferPointer<JSONTape.Entry>

    @usableFromInline init(bytes: UnsafeRawBufferPointer, entries: UnsafeBufferPointer<JSONTape.Entry>) {
        self.bytes = bytes
        self.entries = entries
    }

    /// Calls `body` with a document over `bytes` and the entries `tape` holds for them.
    package static func with<Result, Failure: Error>(
        bytes: UnsafeRawBufferPointer, tape: JSONTape, _ body: (JSONDocument) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let entries = tape.entries
        let outcome: Swift.Result<Result, Failure> = entries.withUnsafeBufferPointer { pointer in
            do throws(Failure) {
                return .success(try body(JSONDocument(bytes: bytes, entries: pointer)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The root value's index.
    @inlinable package var root: Int { 0 }

    @inlinable package subscript(index: Int) -> JSONTape.Entry { entries[index] }

    @inlinable package func kind(at index: Int) -> JSONTape.Kind { entries[index].kind }

    /// Elements of an array, members of an object, 0 for scalars.
    @inlinable package func count(at index: Int) -> Int { Int(entries[index].count) }

    /// The index of the entry after the value at `index` (skips the whole value).
    @inlinable package func next(after index: Int) -> Int { Int(entries[index].next) }

    @inlinable func start(of entry: JSONTape.Entry) -> UnsafeRawPointer {
        bytes.baseAddress! + Int(entry.start)
    }

    // MARK: - Strings

    /// The unescaped text of a string (or key) entry.
    package func string(at index: Int) -> String {
        let entry = entries[index]
        return JSONTokenizer.string(start(of: entry), entry: entry)
    }

    /// The bytes of a string entry (or key) that has no escapes, in the input itself; nil when it
    /// has escapes (then `withStringBytes`). Not generic, so hot loops pay no generic call.
    @inlinable package func unescapedBytes(at index: Int) -> UnsafeRawBufferPointer? {
        let entry = entries[index]
        guard entry.flags & JSONTape.hasEscapes == 0 else { return nil }
        return UnsafeRawBufferPointer(start: start(of: entry), count: Int(entry.length))
    }

    /// Calls `body` with the UTF-8 bytes of a string entry, unescaped: the input bytes themselves when
    /// there are no escapes, else a temporary buffer (on the stack when small). For other kinds the
    /// raw literal bytes (a number's digits, a container's text).
    @inlinable package func withStringBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let entry = entries[index]
        let start = start(of: entry)
        let length = Int(entry.length)
        guard entry.kind == .string, entry.flags & JSONTape.hasEscapes != 0 else {
            return body(UnsafeRawBufferPointer(start: start, count: length))
        }
        return withUnsafeTemporaryAllocation(byteCount: length, alignment: 8) { buffer in
            let written = JSONTokenizer.unescape(start, count: length, into: buffer.baseAddress!)
            return body(UnsafeRawBufferPointer(start: buffer.baseAddress!, count: written))
        }
    }

    /// Whether the string entry at `index` (usually a key) equals `key` (UTF-8) after unescaping;
    /// allocation-free.
    @inlinable package func keyEquals(at index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let entry = entries[index]
        guard entry.flags & JSONTape.hasEscapes != 0 else {
            guard Int(entry.length) == key.count else { return false }
            guard let other = key.baseAddress else { return true }
            return JSONTokenizer.equalBytes(start(of: entry), other, count: key.count)
        }
        // Unescaping only shortens, so an escaped key shorter than `key` cannot match.
        guard Int(entry.length) >= key.count else { return false }
        return withStringBytes(at: index) { unescaped in
            unescaped.count == key.count
                && (key.isEmpty || JSONTokenizer.equalBytes(unescaped.baseAddress!, key.baseAddress!, count: key.count))
        }
    }

    package func keyEquals(at index: Int, _ key: [UInt8]) -> Bool {
        key.withUnsafeBytes { keyEquals(at: index, $0) }
    }

    package func keyEquals(at index: Int, _ key: String) -> Bool {
        if let result = key.utf8.withContiguousStorageIfAvailable({ keyEquals(at: index, UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return keyEquals(at: index, Array(key.utf8))
    }

    // MARK: - Containers

    /// The members of the object at `index`, as (key entry, value entry) index pairs, in order.
    @inlinable package func members(ofObjectAt index: Int) -> Members {
        let entry = entries[index]
        precondition(entry.kind == .object, "members(ofObjectAt:) needs an object")
        return Members(entries: entries, key: index + 1, remaining: Int(entry.count))
    }

    /// The element entry indices of the array at `index`, in order.
    @inlinable package func elements(ofArrayAt index: Int) -> Elements {
        let entry = entries[index]
        precondition(entry.kind == .array, "elements(ofArrayAt:) needs an array")
        return Elements(entries: entries, element: index + 1, remaining: Int(entry.count))
    }

    @usableFromInline package struct Members: Sequence, IteratorProtocol {
        @usableFromInline let entries: UnsafeBufferPointer<JSONTape.Entry>
        @usableFromInline var key: Int
        @usableFromInline var remaining: Int

        @inlinable init(entries: UnsafeBufferPointer<JSONTape.Entry>, key: Int, remaining: Int) {
            self.entries = entries
            self.key = key
            self.remaining = remaining
        }

        @inlinable package mutating func next() -> (key: Int, value: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let current = key
            key = Int(entries[current + 1].next)
            return (current, current + 1)
        }

        @inlinable package var underestimatedCount: Int { remaining }
    }

    @usableFromInline package struct Elements: Sequence, IteratorProtocol {
        @usableFromInline let entries: UnsafeBufferPointer<JSONTape.Entry>
        @usableFromInline var element: Int
        @usableFromInline var remaining: Int

        @inlinable init(entries: UnsafeBufferPointer<JSONTape.Entry>, element: Int, remaining: Int) {
            self.entries = entries
            self.element = element
            self.remaining = remaining
        }

        @inlinable package mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let current = element
            element = Int(entries[current].next)
            return current
        }

        @inlinable package var underestimatedCount: Int { remaining }
    }

    /// The value of the member `key` of the object at `index`, or nil (also when it is no object).
    package func member(_ key: String, ofObjectAt index: Int) -> Int? {
        guard entries[index].kind == .object else { return nil }
        for (keyIndex, value) in members(ofObjectAt: index) where keyEquals(at: keyIndex, key) { return value }
        return nil
    }

    /// Follows a key path (`["user", "login"]`) from the object at `index`; nil when a key is missing
    /// or a value on the way is not an object.
    package func value(at path: some Sequence<String>, inObjectAt index: Int) -> Int? {
        var current = index
        for key in path {
            guard let found = member(key, ofObjectAt: current) else { return nil }
            current = found
        }
        return current
    }

    // MARK: - Messages

    /// The value as JSON, shortened to 80 characters, for messages: `"2012-13-45"`, `42`, `{"a":1}`.
    package func quoted(at index: Int) -> String {
        var output = JSONOutput()
        write(valueAt: index, to: &output, limit: 400)
        return JSONValue.shorten(output.string)
    }

    /// 1-based line and column of a byte offset of `bytes` (see `JSONSyntaxError`).
    package func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        JSONTokenizer.lineAndColumn(ofOffset: offset, in: bytes)
    }
}
