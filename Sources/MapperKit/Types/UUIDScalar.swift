import MapperCEL

/// The `uuid` type: `8-4-4-4-12` hex digits in any letter case on the external side, lower case in
/// canonical JSON.
package enum UUIDScalar: ScalarType {
    static let type = TypeSpec.uuid
    static let name = "uuid"
    static let canonicalKinds: Set<JSONKind> = [.string]
    static let celType = CELCheckedType.string
    static func holds(_ result: CELCheckedType) -> Bool { TextResults.holds(result) }
    static let conversionHint: String? = "convert it with string(...)"
    static let canonicalHint: String? = "write UUIDs in lower case"

    static func read(_ document: JSONDocument, at index: Int, canonical: Bool) -> ScalarRead {
        guard document.kind(at: index) == .string else { return .expected("a UUID string", document, at: index) }
        let text = document.string(at: index)
        guard canonical ? isCanonical(text) : isValid(text) else {
            return .expected(canonical ? "a lower-case UUID" : "a UUID (8-4-4-4-12 hex digits)", document, at: index)
        }
        return .value(.uuid(text.lowercased()))
    }

    static func schema(canonical: Bool) -> JSONObject {
        let hex = canonical ? "[0-9a-f]" : "[0-9a-fA-F]"
        return ["type": "string", "format": "uuid", "pattern": .string("^\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}$")]
    }

    /// Whether `text` is a UUID in any letter case.
    package static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66) else { return false }
            }
        }
        return true
    }

    /// Whether `text` is a UUID in canonical (lower-case) form.
    static func isCanonical(_ text: String) -> Bool {
        isValid(text) && text == text.lowercased()
    }

    /// A random version-4 UUID, in canonical form (`computed: uuid`).
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
