import Testing

@testable import MapperSupport

/// The digests are the test vectors of FIPS 180-4's examples (NIST CSRC, "SHA256.pdf").
struct SHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func digestsMatchTheStandardsVectors(message: String, digest: String) {
        #expect(hex(SHA256.hash(message.utf8)) == digest)
    }

    @Test func aMessageFedInPiecesHashesAsAWhole() {
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update(Array(repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(hex(hasher.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
