import Testing

@testable import MapperKit

/// `URLScalar.isValid`'s one-pass scan is a shortcut of the RFC 3986 grammar: the two agree on
/// every reference.
struct URLScalarTests {
    private func agree(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { URLScalar.isValid($0) == URLScalar.isValidByGrammar($0) }
    }

    /// Every string of up to four characters from those that split a reference, escape, or are
    /// not allowed.
    @Test func scanAgreesWithTheGrammarOnShortStrings() {
        let alphabet = Array("a1:/?#@%B[]. +".utf8) + [0x80]
        var strings: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 1...4 {
            last = last.flatMap { prefix in alphabet.map { prefix + [$0] } }
            strings += last
        }
        let disagreements = strings.filter { !agree($0) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Long runs, which the scan reads eight bytes at a time, with one or two of those characters
    /// at every position, after prefixes that leave the scan in each of its states.
    @Test func scanAgreesWithTheGrammarOnLongRuns() {
        let alphabet = Array(":/?#@%B[]. ".utf8) + [0x80]
        var disagreements: [String] = []
        for prefix in ["", "a:", "a/", "a?", "a#", "//h/", "h:x?", "%41"] {
            for first in 0..<20 {
                for second in [nil] + Array(first + 1..<20) {
                    for byte in alphabet {
                        var text = Array(prefix.utf8) + Array(repeating: UInt8(ascii: "a"), count: 20)
                        text[prefix.utf8.count + first] = byte
                        if let second { text[prefix.utf8.count + second] = UInt8(ascii: "/") }
                        if !agree(text) { disagreements.append(String(decoding: text, as: UTF8.self)) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// References made of URL pieces, valid and not.
    @Test func scanAgreesWithTheGrammarOnURLs() {
        let pieces = [
            "http", "https", ":", "//", "/", "user", ":pw", "@", "host.example", ":8080", ":80a", "?", "q=1&r=2", "#", "frag",
            "%41", "%4", "%zz", "[::1]", "[", "]", "a b", "-", "+", ".", "~", "é", "::", "@@", "//a@b@c", "a:b:c@h:1",
        ]
        var generator = SystemRandomNumberGenerator()
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if !agree(Array(text.utf8)) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
