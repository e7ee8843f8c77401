import Foundation
import Testing

@testable import MapperJSON

/// Shared helpers for the JSON tests.
enum JSONTestSupport {
    /// The JSONTestSuite files copied into the test bundle (Fixtures/JSONTestSuite).
    static let suiteDirectory: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/JSONTestSuite")

    static let suiteFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func suiteBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: suiteDirectory.appendingPathComponent(name)))
    }

    /// Tokenizes `bytes`; the error when it fails.
    static func syntaxError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
        var tape = JSONTape()
        return bytes.withUnsafeBytes { buffer in
            do throws(JSONSyntaxError) {
                try JSONTokenizer.tokenize(buffer, into: &tape, maxDepth: maxDepth)
                return nil
            } catch {
                return error
            }
        }
    }

    static func syntaxError(_ text: String, maxDepth: Int = 512) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8), maxDepth: maxDepth)
    }

    /// Tokenizes `bytes` and calls `body` with the document.
    static func withDocument<R>(
        _ bytes: [UInt8], maxDepth: Int = 512, _ body: (JSONDocument) throws -> R
    ) throws -> R {
        var tape = JSONTape()
        return try bytes.withUnsafeBytes { buffer in
            try JSONTokenizer.tokenize(buffer, into: &tape, maxDepth: maxDepth)
            return try JSONDocument.with(bytes: buffer, tape: tape) { document throws(any Error) in try body(document) }
        }
    }

    static func withDocument<R>(_ text: String, _ body: (JSONDocument) throws -> R) throws -> R {
        try withDocument(Array(text.utf8), body)
    }

    /// Checks the tape's structural invariants from entry `index`; returns the index after the value.
    /// Recomputes `next`, `count` and `length` independently of the tokenizer.
    @discardableResult
    static func checkInvariants(
        _ document: JSONDocument, at index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    )
        -> Int
    {
        let entry = document[index]
        var next = index + 1
        switch entry.kind {
        case .array, .object:
            let isObject = entry.kind == .object
            var children = 0
            while document.bytes[Int(entry.start) + Int(entry.length) - 1] != (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                || next < Int(entry.next)
            {
                guard next < Int(entry.next) else { break }
                if isObject {
                    #expect(document.kind(at: next) == .string, "object key entry", sourceLocation: sourceLocation)
                    #expect(document[next].next == UInt32(next + 1), sourceLocation: sourceLocation)
                    next += 1
                }
                next = checkInvariants(document, at: next, sourceLocation: sourceLocation)
                children += 1
            }
            #expect(Int(entry.count) == children, "count of entry \(index)", sourceLocation: sourceLocation)
            #expect(Int(entry.next) == next, "next of entry \(index)", sourceLocation: sourceLocation)
            #expect(document.bytes[Int(entry.start)] == (isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")), sourceLocation: sourceLocation)
            #expect(
                document.bytes[Int(entry.start) + Int(entry.length) - 1] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")),
                sourceLocation: sourceLocation)
        case .string:
            #expect(entry.count == 0 && Int(entry.next) == next, sourceLocation: sourceLocation)
            #expect(document.bytes[Int(entry.start) - 1] == UInt8(ascii: "\""), sourceLocation: sourceLocation)
            #expect(document.bytes[Int(entry.start) + Int(entry.length)] == UInt8(ascii: "\""), sourceLocation: sourceLocation)
        default:
            #expect(entry.count == 0 && Int(entry.next) == next, sourceLocation: sourceLocation)
        }
        return next
    }
}

/// SplitMix64: deterministic, so failures reproduce.
struct JSONTestGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
