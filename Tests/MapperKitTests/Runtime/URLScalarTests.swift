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
