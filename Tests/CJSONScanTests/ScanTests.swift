import CJSONScan
import MapperTestSupport
import Testing

/// `cjs_scan`, 64 bytes at a time, against a scan of one byte at a time written from the grammar
/// (`ByteScan`), over the same bytes cut into blocks at every kind of offset: the same stops, at
/// the same offsets, with the same line breaks counted.
struct ScanTests {
    /// What a scan of the elements after an array's `[` meets: each stop with the line breaks
    /// counted in its element and the offset of the last one.
    struct Stop: Equatable, CustomStringConvertible {
        var kind: UInt32
        var offset: Int
        var newlines: Int
        var lastNewline: Int?

        var description: String { "\(kind)@\(offset) (\(newlines) lines, last \(lastNewline.map(String.init) ?? "-"))" }
    }

    static let maximumDepth = 6

    /// Scans `bytes` with `cjs_scan`, each block a copy of its own (so that nothing past a block's
    /// end can be read), cut where `cuts` says.
    static func fast(_ bytes: [UInt8], cuts: [Int]) -> [Stop] {
        let ends = (cuts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]).sorted()
        var stops: [Stop] = []
        var state = cjs_state()
        var stack = [UInt8](repeating: 0, count: maximumDepth)
        var newlines = 0
        var lastNewline: Int?
        var blockStart = 0
        for end in ends where end > blockStart {
            let block = Array(bytes[blockStart..<end])
            var position = 0
            while position < block.count {
                var stop = 0
                let found = block.withUnsafeBufferPointer { buffer in
                    stack.withUnsafeMutableBufferPointer { stack in
                        cjs_scan(buffer.baseAddress, position, buffer.count, &state, stack.baseAddress, UInt32(maximumDepth), &stop)
                    }
                }
                newlines += Int(state.newlines)
                if state.last_newline >= 0 { lastNewline = blockStart + Int(state.last_newline) }
                if found == CJS_END {
                    #expect(stop == block.count)
                    break
                }
                stops.append(Stop(kind: found.rawValue, offset: blockStart + stop, newlines: newlines, lastNewline: lastNewline))
                guard found == CJS_COMMA || found == CJS_CLOSE else { return stops }
                #expect(state.depth == 0)
                (state, newlines, lastNewline, position) = (cjs_state(), 0, nil, stop + 1)
            }
            blockStart = end
        }
        return stops
    }

    /// The same scan, a byte at a time. Outside strings a backslash escapes a quote too (it is
    /// not JSON; the element is refused when it is parsed), as the fast scan reads it.
    static func byteByByte(_ bytes: [UInt8]) -> [Stop] {
        var stops: [Stop] = []
        var (inString, escaped, open) = (false, false, [UInt8]())
        var newlines = 0
        var lastNewline: Int?
        func stop(_ kind: cjs_stop, _ offset: Int) {
            stops.append(Stop(kind: kind.rawValue, offset: offset, newlines: newlines, lastNewline: lastNewline))
        }
        for (offset, byte) in bytes.enumerated() {
            let wasEscaped = escaped
            escaped = false
            if inString {
                if byte == 0x0A {
                    stop(CJS_LINE_BREAK_IN_STRING, offset)
                    return stops
                }
                if wasEscaped { continue }
                if byte == UInt8(ascii: "\\") { escaped = true }
                if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"): escaped = !wasEscaped
            case UInt8(ascii: "\""): inString = !wasEscaped
            case 0x0A:
                newlines += 1
                lastNewline = offset
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < maximumDepth else {
                    stop(CJS_TOO_DEEP, offset)
                    return stops
                }
                open.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard let last = open.popLast() else {
                    stop(byte == UInt8(ascii: "]") ? CJS_CLOSE : CJS_STRAY_BRACE, offset)
                    if byte == UInt8(ascii: "}") { return stops }
                    (newlines, lastNewline) = (0, nil)
                    continue
                }
                guard last + 2 == byte else {
                    stop(CJS_MISMATCH, offset)
                    return stops
                }
            case UInt8(ascii: ","):
                if open.isEmpty {
                    stop(CJS_COMMA, offset)
                    (newlines, lastNewline) = (0, nil)
                }
            default: break
            }
        }
        return stops
    }

    /// A JSON value with what the scan must see through: strings holding brackets, commas,
    /// escaped quotes, runs of backslashes and `\u` escapes; nesting; whitespace and line breaks.
    static func value(_ random: inout SplitMix64, depth: Int = 0) -> String {
        switch Int.random(in: 0..<(depth < 5 ? 6 : 3), using: &random) {
        case 0: return "\(Int.random(in: -9999...99999, using: &random))"
        case 1: return ["true", "false", "null", "1.5e3"][Int.random(in: 0..<4, using: &random)]
        case 2: return string(&random)
        case 3, 4:
            let items = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                space(&random) + string(&random) + space(&random) + ":" + space(&random) + value(&random, depth: depth + 1)
            }
            return "{" + items.joined(separator: ",") + space(&random) + "}"
        default:
            let items = (0..<Int.random(in: 0..<4, using: &random)).map { _ in space(&random) + value(&random, depth: depth + 1) }
            return "[" + items.joined(separator: ",") + space(&random) + "]"
        }
    }

    static func string(_ random: inout SplitMix64) -> String {
        let pieces = [
            #"\""#, #"\\"#, #"\\\\"#, #"\\\""#, "[", "]", "{", "}", ",", "x", "yy", "é", #"\u005d"#, #"\n"#, " ",
            "abcdefghijklmnopqrstuvwxyz0123456789",
        ]
        return "\"" + (0..<Int.random(in: 0..<12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
    }

    static func space(_ random: inout SplitMix64) -> String {
        ["", "", " ", "\n", "\r\n  ", "\t"][Int.random(in: 0..<6, using: &random)]
    }

    /// Cuts at random offsets, and around every multiple of 64 some of the time.
    static func cuts(_ count: Int, _ random: inout SplitMix64) -> [Int] {
        (0..<Int.random(in: 0..<8, using: &random)).map { _ in
            Bool.random(using: &random)
                ? Int.random(in: 0...count, using: &random)
                : 64 * Int.random(in: 0...(count / 64), using: &random) + Int.random(in: -1...1, using: &random)
        }
    }

    @Test func wellFormedArraysStopAtEveryElementsEndWhereverTheBlocksAreCut() {
        var random = SplitMix64(seed: 0x5CA9)
        for _ in 0..<3000 {
            let elements = (0..<Int.random(in: 1..<12, using: &random)).map { _ in
                Self.space(&random) + Self.value(&random) + Self.space(&random)
            }
            let bytes = Array((elements.joined(separator: ",") + "]").utf8)
            let expected = Self.byteByByte(bytes)
            #expect(expected.count == elements.count && expected.last?.kind == CJS_CLOSE.rawValue)
            for _ in 0..<4 {
                let cuts = Self.cuts(bytes.count, &random)
                let found = Self.fast(bytes, cuts: cuts)
                #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self)) cut at \(cuts)")
                if found != expected { return }
            }
        }
    }

    @Test func brokenArraysStopAtTheSameByteWithTheSameError() {
        var random = SplitMix64(seed: 0xB40C)
        let noise: [UInt8] = Array("\"]}[{\n,a".utf8)
        var errors = Set<UInt32>()
        for _ in 0..<3000 {
            var bytes = Array(((0..<Int.random(in: 1..<6, using: &random)).map { _ in Self.value(&random) }.joined(separator: ",")).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = noise.randomElement(using: &random)!
            }
            let expected = Self.byteByByte(bytes)
            if let last = expected.last { errors.insert(last.kind) }
            let cuts = Self.cuts(bytes.count, &random)
            let found = Self.fast(bytes, cuts: cuts)
            #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self)) cut at \(cuts)")
            if found != expected { return }
        }
        // Every kind of stop was met.
        #expect(
            errors.isSuperset(
                of: [CJS_COMMA, CJS_CLOSE, CJS_STRAY_BRACE, CJS_MISMATCH, CJS_TOO_DEEP, CJS_LINE_BREAK_IN_STRING].map(\.rawValue)))
    }

    @Test func longStringsWithEscapesAtEveryOffsetOfAWindow() {
        for offset in 0..<130 {
            for escape in [#"\""#, #"\\"#, #"\\\""#, #"\\\\""#] {
                let text = String(repeating: "a", count: offset) + escape + "],{" + String(repeating: "b", count: 70)
                let bytes = Array(#"{"k": "\#(text)", "n": [1, 2]},"#.utf8)
                let expected = Self.byteByByte(bytes)
                #expect(Self.fast(bytes, cuts: []) == expected)
                #expect(Self.fast(bytes, cuts: [offset + 6, offset + 7, offset + 8]) == expected)
            }
        }
    }
}
