import Foundation
import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit
@testable import MapperJSON

/// Encoding through the fast path where a model property and other properties share an object.
struct MergedKeyPathEncodingTests {
    @Test func mergedObjectsEncodeAlike() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  User: { properties: { login: string, id: int, siteAdmin: { type: bool, key: site_admin } } }
                  Issue:
                    properties:
                      number: int
                      author: { type: User, key: user }
                      reporterLogin: { type: string, key: user.login }
                      reporterType: { type: string, key: user.type }
                """)
        let documents = [
            #"{"number":1,"author":{"login":"a","id":2,"siteAdmin":false},"reporterLogin":"b","reporterType":"User"}"#,
            #"{"number":1,"author":{"id":2},"reporterLogin":"b"}"#,
            #"{"number":1,"reporterLogin":"b"}"#,
            #"{"number":1,"author":{"login":"a"}}"#,
            #"{"number":1,"author":null}"#,
            #"{"number":1,"author":null,"reporterLogin":"b"}"#,
            #"{"number":1,"author":{"login":"a","id":2},"reporterLogin":"a","reporterType":"User"}"#,
            #"{"number":1,"author":{"login":"a\u0041"},"reporterLogin":"aA"}"#,
        ]
        for document in documents {
            expectBothPathsAgree(catalog, document) { session, bytes throws(MappingErrors) in
                try session.encodeCanonical(bytes, as: "Issue")
            }
        }
    }

    /// Two properties that write the same value at one key (GitHub's `user` and `user.login`) are
    /// written once by the fast path itself, not handed to the general encoder.
    @Test func agreeingValuesAtOneKeyStayOnTheFastPath() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  User: { properties: { login: string, id: int } }
                  Issue:
                    properties:
                      author: { type: User, key: user }
                      reporterLogin: { type: string, key: user.login }
                """)
        let type = try catalog.requireType("Issue")
        var transcoder = EncodeTranscoder(table: catalog.table)
        func fast(_ text: String) throws -> String? {
            var output = JSONOutput()
            var tape = JSONTape()
            let written = try Array(text.utf8).withUnsafeBytes { buffer in
                try JSONTokenizer.tokenize(buffer, into: &tape)
                return JSONDocument.with(bytes: buffer, tape: tape) { transcoder.transcode($0, as: type, into: &output) }
            }
            return written ? output.string : nil
        }
        #expect(try fast(#"{"author":{"login":"a","id":2},"reporterLogin":"a"}"#) == #"{"user":{"login":"a","id":2}}"#)
        // Different values are a key-path conflict, which the general encoder reports.
        #expect(try fast(#"{"author":{"login":"a","id":2},"reporterLogin":"b"}"#) == nil)
    }
}
