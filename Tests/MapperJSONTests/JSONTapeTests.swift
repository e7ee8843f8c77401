import Testing

@testable import MapperJSON

/// The tape's layout and invariants, big inputs, reuse, and inputs that must never crash.
struct JSONTapeTests {
    typealias Entry = JSONTape.Entry

    @Test func layoutFollowsDocumentOrder() throws {
        let text = #"{"a":[1,"x\n",{"b":null}],"é":-2.5e3,"c":true}"#
        let entries = try JSONTestSupport.withDocument(text) { Array($0.entries) }
        let integer = JSONTape.isInteger
        let expected: [Entry] = [
            Entry(kind: .object, flags: 0, start: 0, length: 47, next: 12, count: 3),
            Entry(kind: .string, flags: 0, start: 2, length: 1, next: 2, count: 0),
            Entry(kind: .array, flags: 0, start: 5, length: 20, next: 8, count: 3),
            Entry(kind: .number, flags: integer, start: 6, length: 1, next: 4, count: 0),
            Entry(kind: .string, flags: JSONTape.hasEscapes, start: 9, length: 3, next: 5, count: 0),
            Entry(kind: .object, flags: 0, start: 14, length: 10, next: 8, count: 1),
            Entry(kind: .string, flags: 0, start: 16, length: 1, next: 7, count: 0),
            Entry(kind: .null, flags: 0, start: 19, length: 4, next: 8, count: 0),
            Entry(kind: .string, flags: JSONTape.hasNonASCII, start: 27, length: 2, next: 9, count: 0),
            Entry(kind: .number, flags: JSONTape.isNegative, start: 31, length: 6, next: 10, count: 0),
            Entry(kind: .string, flags: 0, start: 39, length: 1, next: 11, count: 0),
            Entry(kind: .true, flags: 0, start: 42, length: 4, next: 12, count: 0),
        ]
        #expect(entries == expected)
    }

    /// Runs of whitespace of every length up to past two words, mixed as pretty-printers write
    /// them, give the tape of the compact document at the shifted offsets, and a bad byte after
    /// them is reported where it is.
    @Test func whitespaceOfEveryLengthIsSkipped() throws {
        let compact = try JSONTestSupport.withDocument(#"{"a":[1,true]}"#) { $0.jsonValue(at: 0) }
        for length in 0...20 {
            for filler in [" ", "\n", "\t", "\r\n"] {
                for lead in ["", "\n", "\t", " \n"] {
                    let gap = lead + String(repeating: " ", count: length) + filler
                    let pretty = ["{", #""a""#, ":", "[", "1", ",", "true", "]", "}"].joined(separator: gap)
                    try JSONTestSupport.withDocument(gap + pretty + gap) { document in
                        #expect(document.jsonValue(at: 0) == compact, "\(length) \(filler.debugDescription)")
                        #expect(document.string(at: 1) == "a")
                        JSONTestSupport.checkInvariants(document)
                    }
                    let bad = Array(("[" + gap + "x").utf8)
                    #expect(JSONTestSupport.syntaxError(bad)?.offset == bad.count - 1, "\(length)")
                }
            }
        }
    }

    @Test func invariantsHoldOnGeneratedDocuments() throws {
        var generator = JSONTestGenerator(seed: 7)
        for _ in 0..<300 {
            let value = JSONTestSupport.randomValue(depth: 5, using: &generator)
            let text = JSONWriter.write(value, pretty: Bool.random(using: &generator))
            try JSONTestSupport.withDocument(text) { document in
                #expect(JSONTestSupport.checkInvariants(document) == document.entries.count)
                #expect(document.jsonValue(at: 0) == value)
            }
        }
    }

    @Test func aReusedTapeMatchesAFreshOne() throws {
        var generator = JSONTestGenerator(seed: 11)
        var tape = JSONTape()
        for _ in 0..<100 {
            let bytes = Array(JSONWriter.write(JSONTestSupport.randomValue(depth: 4, using: &generator)).utf8)
            let fresh = try JSONTestSupport.withDocument(bytes) { Array($0.entries) }
            try bytes.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &tape) }
            #expect(tape.entries == fresh)
        }
    }

    @Test func copiesOfATapeAreIndependent() throws {
        var tape = JSONTape()
        let first = Array(#"{"a":{"b":1,"c":2}}"#.utf8)
        let second = Array("[true,false]".utf8)
        try first.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &tape) }
        let copy = tape
        try second.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &tape) }
        #expect(copy.entries.count == 7 && copy.entries[2].kind == .object)
        #expect(tape.entries.map(\.kind) == [.array, .true, .false])
        // The copy still tokenizes on its own (its working memory is not shared).
        var other = copy
        try first.withUnsafeBytes { try JSONTokenizer.tokenize($0, into: &other) }
        #expect(other.entries == copy.entries)
    }

    @Test func manyKeysUseTheDuplicateTableCorrectly() throws {
        // 200 members, then nested objects reusing the same names: only a repeat within one object counts.
        let names = (0..<200).map { "key_\($0)_" + String(repeating: "x", count: $0 % 23) }
        let inner = "{" + names.map { #""\#($0)":1"# }.joined(separator: ",") + "}"
        let outer = "{" + names.map { #""\#($0)":\#(inner)"# }.prefix(40).joined(separator: ",") + "}"
        #expect(JSONTestSupport.syntaxError(outer) == nil)
        for repeated in [0, 31, 32, 33, 150, 199] {
            let members = names.map { #""\#($0)":1"# } + [#""\#(names[repeated])":2"#]
            let text = #"{"wrap":[{"a":1},{"# + members.joined(separator: ",") + "}]}"
            let error = try #require(JSONTestSupport.syntaxError(text))
            #expect(error.message == "duplicate key \"\(names[repeated])\" in object")
            #expect(error.pointer == "/wrap/1/\(names[repeated])")
        }
    }

    @Test func duplicateDetectionMatchesASet() throws {
        // Keys that share lengths, prefixes and suffixes, so hashes and filters are put to work.
        var generator = JSONTestGenerator(seed: 3)
        let alphabet = Array("ab_é\\".unicodeScalars)
        for _ in 0..<400 {
            let count = Int.random(in: 1...60, using: &generator)
            var keys: [String] = []
            for _ in 0..<count {
                let length = Int.random(in: 0...26, using: &generator)
                var key = ""
                for _ in 0..<length { key.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
                keys.append(key)
            }
            // Write some keys with escapes, so equal keys can differ in their bytes.
            let members = keys.map { key -> String in
                let escaped = key.unicodeScalars.map { scalar -> String in
                    if scalar == "\\" { return "\\\\" }
                    if scalar == "a" && Bool.random(using: &generator) { return "\\u0061" }
                    return String(scalar)
                }.joined()
                return "\"\(escaped)\":0"
            }
            let text = "{" + members.joined(separator: ",") + "}"
            let error = JSONTestSupport.syntaxError(text)
            let hasDuplicate = Set(keys).count != keys.count
            #expect((error != nil) == hasDuplicate, "\(text)")
            if let error { #expect(error.message.hasPrefix("duplicate key")) }
        }
    }

    @Test func hugeStringsAndLongNumbersAreKeptExactly() throws {
        var text = "[\""
        let chunk = "abcdefghij\\n\\u00e9é😀\\\"xyz/"  // escapes, 2- and 4-byte UTF-8
        let chunkValue = "abcdefghij\né\u{E9}😀\"xyz/"
        let repeats = 10_000_000 / chunk.utf8.count
        text += String(repeating: chunk, count: repeats) + "\","
        let digits = "-" + String(repeating: "9876543210", count: 1_000) + ".5e-7"
        text += digits + "]"
        try JSONTestSupport.withDocument(text) { document in
            #expect(document.entries.count == 3)
            let string = document.string(at: 1)
            #expect(string.utf8.count == chunkValue.utf8.count * repeats)
            #expect(string == String(repeating: chunkValue, count: repeats))
            #expect(document.numberText(at: 2) == digits)
            guard case .array(let items) = document.jsonValue(at: 0), case .number(let number) = items[1] else {
                Issue.record("expected an array holding a number")
                return
            }
            #expect(number.text == digits)
            #expect(document.int64(at: 2) == nil && document.integralInt64(at: 2) == nil)
            #expect(document.double(at: 2) == -.infinity)
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = JSONTestGenerator(seed: 42)
        let alphabet = Array(#"{}[]:,"\ -+.0123456789eEtrufalsn"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        var accepted = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            if checkRoundTrip(bytes) { accepted += 1 }
        }
        #expect(accepted > 100)  // the generator does reach valid JSON, so both paths are exercised
    }

    @Test func mutatedValidDocumentsNeverCrash() throws {
        var generator = JSONTestGenerator(seed: 1234)
        let seeds = try JSONTestSupport.suiteFiles.filter { $0.hasPrefix("y_") }.map(JSONTestSupport.suiteBytes)
        for _ in 0..<20_000 {
            var bytes = seeds.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1 where !bytes.isEmpty: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
                }
            }
            _ = checkRoundTrip(bytes)
        }
    }

    /// Tokenizes `bytes`; when accepted, checks the tape and the round trip. Returns whether accepted.
    private func checkRoundTrip(_ bytes: [UInt8]) -> Bool {
        guard
            let value = try? JSONTestSupport.withDocument(
                bytes,
                { document -> JSONValue in
                    JSONTestSupport.checkInvariants(document)
                    return document.jsonValue(at: 0)
                })
        else {
            let error = JSONTestSupport.syntaxError(bytes)
            #expect(error != nil && error!.offset <= bytes.count && error!.line >= 1 && error!.column >= 1)
            return false
        }
        #expect((try? JSONValue(parsing: JSONWriter.write(value))) == value)
        return true
    }
}

extension JSONTestSupport {
    /// A random JSON value (unique keys per object) for round-trip and invariant tests.
    static func randomValue(depth: Int, using generator: inout JSONTestGenerator) -> JSONValue {
        let numbers = ["0", "-0", "7", "-12", "3.25", "1e10", "-2.5E-3", "18446744073709551616", "0.000001"]
        let strings = ["", "a", "hello world", "é", "😀 ok", "tab\there", "quote\"back\\slash", "\u{1}\u{1F}", "/"]
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2, 3: return .number(JSONNumber(numbers.randomElement(using: &generator)!)!)
        case 4, 5: return .string(strings.randomElement(using: &generator)! + String(Int.random(in: 0..<50, using: &generator)))
        case 6:
            return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in randomValue(depth: depth - 1, using: &generator) })
        default:
            var object = JSONObject()
            var used = Set<String>()
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let key = strings.randomElement(using: &generator)! + String(Int.random(in: 0..<40, using: &generator))
                guard used.insert(key).inserted else { continue }
                object.append(key, randomValue(depth: depth - 1, using: &generator))
            }
            return .object(object)
        }
    }
}
