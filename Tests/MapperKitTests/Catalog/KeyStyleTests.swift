import Foundation
import Testing

@testable import MapperKit

struct KeyStyleTests {
    static let names = [
        "createdAt", "myURLProperty", "URL", "htmlURL", "avatarURL", "id", "a", "ABC", "aB", "siteAdmin",
        "myProperty2Name", "already_snake", "_leading", "HTMLEntityDecoder", "x2Y", "iOS", "userID", "ID",
        // Not ASCII: the Characters path.
        "überName", "größeÄnderungURL", "ÜBERSchrift", "é",
    ]

    /// snake_case is specified as Foundation's convertToSnakeCase, so Foundation is the oracle.
    @Test(arguments: names)
    func snakeCaseAgreesWithFoundation(_ name: String) throws {
        struct One: Encodable {
            let name: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey(stringValue: name))
            }
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(One(name: name))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        #expect(object.keys.first == KeyStyle.snakeCase.key(for: name))
    }

    @Test func otherStyles() {
        #expect(KeyStyle.asIs.key(for: "createdAt") == "createdAt")
        #expect(KeyStyle.kebabCase.key(for: "createdAt") == "created-at")
        #expect(KeyStyle.screamingSnakeCase.key(for: "myURLProperty") == "MY_URL_PROPERTY")
        #expect(KeyStyle.camelCase.key(for: "created_at") == "createdAt")
        #expect(KeyStyle.camelCase.key(for: "HTMLURL") == "hTMLURL")
        #expect(KeyStyle.pascalCase.key(for: "createdAt") == "CreatedAt")
        #expect(KeyStyle.pascalCase.key(for: "user_id") == "UserId")
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
