extension JSONDocument {
    /// The bytes of the value `pointer` names, quotes and brackets included, for pointing at it in
    /// an editor. When the pointer names nothing, the value in the way: the opening bracket of the
    /// deepest container it names (a missing member, an element past the end), or the whole scalar
    /// it steps into.
    package func byteRange(of pointer: String) -> Range<Int> {
        var index = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let child = child(of: index, token: JSONPointer.unescape(token)) else {
                guard kind(at: index) == .object || kind(at: index) == .array else { break }
                let start = Int(entries[index].start)
                return start..<(start + 1)
            }
            index = child
        }
        let entry = entries[index]
        // A string's entry holds its content only; the quotes sit on either side.
        return entry.kind == .string ? (Int(entry.start) - 1)..<(entry.end + 1) : Int(entry.start)..<entry.end
    }

    /// The value of the member or element `token` names in the container at `index`.
    private func child(of index: Int, token: String) -> Int? {
        switch kind(at: index) {
        case .object:
            return members(ofObjectAt: index).first { string(at: $0.key) == token }?.value
        case .array:
            guard let position = Int(token), position >= 0, String(position) == token else { return nil }
            return elements(ofArrayAt: index).enumerated().first { $0.offset == position }?.element
        default:
            return nil
        }
    }

    /// Byte ranges of values (see `byteRange(of:)`) in JSON text; nil when the text is not JSON.
    package static func byteRanges(of pointers: [String], in bytes: [UInt8]) -> [Range<Int>]? {
        var tape = JSONTape()
        return bytes.withUnsafeBytes { buffer -> [Range<Int>]? in
            do {
                try JSONTokenizer.tokenize(buffer, into: &tape)
            } catch {
                return nil
            }
            return JSONDocument.with(bytes: buffer, tape: tape) { document in pointers.map(document.byteRange) }
        }
    }
}
