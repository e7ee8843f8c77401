/// Whole values: building the `JSONValue` DOM and copying a value to output, both iterative so that
/// nesting is bounded only by the tokenizer's `maxDepth`, never by the thread's stack.
extension JSONDocument {
    /// The value at `index` as a `JSONValue`; numbers keep their literal text.
    package func jsonValue(at index: Int) -> JSONValue {
        struct Partial {
            var isObject: Bool
            var remaining: Int
            var elements: [JSONValue] = []
            var members: [JSONObject.Member] = []
            var key = ""
        }
        var stack: [Partial] = []
        var i = index
        while true {
            let entry = entries[i]
            var value: JSONValue
            switch entry.kind {
            case .null: value = .null
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            case .number: value = .number(JSONNumber(unchecked: numberText(at: i)))
            case .string: value = .string(string(at: i))
            case .array:
                if entry.count > 0 {
                    var partial = Partial(isObject: false, remaining: Int(entry.count))
                    partial.elements.reserveCapacity(Int(entry.count))
                    stack.append(partial)
                    i += 1
                    continue
                }
                value = .array([])
            case .object:
                if entry.count > 0 {
                    var partial = Partial(isObject: true, remaining: Int(entry.count), key: string(at: i + 1))
                    partial.members.reserveCapacity(Int(entry.count))
                    stack.append(partial)
                    i += 2
                    continue
                }
                value = .object(JSONObject())
            }
            i += 1
            // Attach the finished value to its container, finishing containers as they fill up.
            while let top = stack.indices.last {
                if stack[top].isObject {
                    stack[top].members.append(JSONObject.Member(key: stack[top].key, value: value))
                } else {
                    stack[top].elements.append(value)
                }
                stack[top].remaining -= 1
                if stack[top].remaining > 0 {
                    if stack[top].isObject {
                        stack[top].key = string(at: i)
                        i += 1
                    }
                    break
                }
                let done = stack.removeLast()
                value = done.isObject ? .object(JSONObject(done.members)) : .array(done.elements)
            }
            if stack.isEmpty { return value }
        }
    }

    /// Writes the value at `index` as compact JSON: strings re-escaped canonically (`\u00e9` → `é`,
    /// `\/` → `/`), numbers as written, whitespace dropped. With a `limit`, stops soon after that
    /// many bytes (for messages).
    ///
    /// Canonical output is never longer than the input, so the whole value is written straight into
    /// room reserved once: the bytes between strings are copied without whitespace, and strings
    /// are copied as they are unless they hold escapes.
    package func write(valueAt index: Int, to output: inout JSONOutput, limit: Int = .max) {
        let root = entries[index]
        guard limit >= Int(root.length) + 2 else {
            writeLimited(valueAt: index, to: &output, limit: limit)
            return
        }
        let base = bytes.baseAddress!
        output.appendUnsafe(maximum: Int(root.length) + 2) { out in
            var o = 0
            if root.kind == .string {
                return Self.copyString(base + Int(root.start), root, to: out)
            }
            var position = Int(root.start)
            let end = Int(root.next)
            for i in index..<end where entries[i].kind == .string {
                let entry = entries[i]
                o += Self.copySkippingWhitespace(base + position, count: Int(entry.start) - 1 - position, to: out + o)
                o += Self.copyString(base + Int(entry.start), entry, to: out + o)
                position = Int(entry.start) + Int(entry.length) + 1
            }
            o += Self.copySkippingWhitespace(base + position, count: Int(root.start) + Int(root.length) - position, to: out + o)
            return o
        }
    }

    /// Copies JSON text outside strings, dropping whitespace.
    @inline(__always)
    private static func copySkippingWhitespace(_ input: UnsafeRawPointer, count: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        for offset in 0..<count {
            let c = input.load(fromByteOffset: offset, as: UInt8.self)
            out[o] = c
            o &+= c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 ? 0 : 1
        }
        return o
    }

    /// Writes a string entry whose content starts at `start`, quoted; room: its raw length + 2.
    @inline(__always)
    private static func copyString(_ start: UnsafeRawPointer, _ entry: JSONTape.Entry, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let length = Int(entry.length)
        out[0] = UInt8(ascii: "\"")
        guard entry.flags & JSONTape.hasEscapes != 0 else {
            UnsafeMutableRawPointer(out + 1).copyMemory(from: start, byteCount: length)
            out[length + 1] = UInt8(ascii: "\"")
            return length + 2
        }
        // Unescaped text re-escaped is never longer than the escaped input (see `write`).
        return withUnsafeTemporaryAllocation(byteCount: length, alignment: 8) { buffer in
            let unescaped = JSONTokenizer.unescape(start, count: length, into: buffer.baseAddress!)
            return JSONOutput.escape(UnsafeRawPointer(buffer.baseAddress!), count: unescaped, into: out)
        }
    }

    /// `write(valueAt:to:limit:)` one entry at a time, checking the limit as it goes.
    private func writeLimited(valueAt index: Int, to output: inout JSONOutput, limit: Int) {
        let end = Int(entries[index].next)
        let outputStart = output.count
        // For each open container: whether it is an object, how many children it has written, its end.
        var open: [(isObject: Bool, written: Int, end: Int)] = []
        var i = index
        while i < end {
            if let top = open.indices.last {
                if open[top].written > 0 {
                    let isValue = open[top].isObject && open[top].written % 2 == 1
                    output.append(isValue ? UInt8(ascii: ":") : UInt8(ascii: ","))
                }
                open[top].written += 1
            }
            let entry = entries[i]
            switch entry.kind {
            case .string:
                writeString(at: i, to: &output)
            case .array, .object:
                let isObject = entry.kind == .object
                output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                open.append((isObject, 0, Int(entry.next)))
            default:
                output.append(UnsafeRawBufferPointer(start: start(of: entry), count: Int(entry.length)))
            }
            i += 1
            while let top = open.last, top.end == i {
                output.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                open.removeLast()
            }
            if output.count - outputStart > limit { return }
        }
    }

    /// Writes a string entry quoted: the input bytes as they are when there are no escapes (the
    /// tokenizer guarantees they need none), else unescaped and escaped again canonically.
    package func writeString(at index: Int, to output: inout JSONOutput) {
        let entry = entries[index]
        let start = start(of: entry)
        output.appendUnsafe(maximum: Int(entry.length) + 2) { Self.copyString(start, entry, to: $0) }
    }
}

extension JSONValue {
    /// Parses one JSON value under mapper's input rules (UTF-8, no duplicate keys, depth ≤ 512, …).
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Array(#"{"id": 1}"#.utf8))
    /// ```
    public init(parsing bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        let parsed =
            bytes.withContiguousStorageIfAvailable { Self.parse(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { Self.parse($0) }
        self = try parsed.get()
    }

    /// Parses one JSON value from text (see `init(parsing:)` for bytes).
    public init(parsing string: String) throws(JSONSyntaxError) {
        var string = string
        self = try string.withUTF8 { Self.parse(UnsafeRawBufferPointer($0)) }.get()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<JSONValue, JSONSyntaxError> {
        var tape = JSONTape()
        do throws(JSONSyntaxError) {
            try JSONTokenizer.tokenize(bytes, into: &tape)
        } catch {
            return .failure(error)
        }
        return .success(JSONDocument.with(bytes: bytes, tape: tape) { $0.jsonValue(at: 0) })
    }
}
