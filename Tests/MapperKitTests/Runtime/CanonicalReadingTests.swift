import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §9: reading canonical JSON (the input of `encode`, `merge`, `archive`) is strict.
    struct CanonicalReadingTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                enums:
                  State: { cases: { open: OPEN, closed: CLOSED } }
                models:
                  User:
                    key_style: snake_case
                    properties: { login: string, siteAdmin: bool }
                  Issue:
                    key_style: snake_case
                    properties:
                      id: uuid
                      number: int
                      title: { type: string, required: true, max_length: 5 }
                      createdAt: date
                      state: State
                      user: User
                      ratio: double
                      amount: decimal
                      tags: "[string]"
                """)
        }

        @Test func canonicalOutputReadsBackToTheSameModel() throws {
            let external = """
                {"id":"ABCDEF01-2345-6789-ABCD-EF0123456789","number":5.0,"title":"t","created_at":"2015-09-25T10:00:00.5+02:00",\
                "state":"OPEN","user":{"login":"a","site_admin":true},"ratio":1e21,"amount":1.50,"tags":["x",null]}
                """
            let canonical = try mapper.canonical(external, as: "Issue")
            #expect(
                canonical == """
                    {"id":"abcdef01-2345-6789-abcd-ef0123456789","number":5,"title":"t","createdAt":"2015-09-25T08:00:00.500Z",\
                    "state":"open","user":{"login":"a","siteAdmin":true},"ratio":1e+21,"amount":1.50,"tags":["x",null]}
                    """)
            let read = try mapper.catalog.readCanonical(Array(canonical.utf8), as: "Issue")
            #expect(read == (try mapper.catalog.decode(Array(external.utf8), as: "Issue")))
            #expect(String(decoding: try mapper.catalog.canonicalJSON(read, as: "Issue"), as: UTF8.self) == canonical)
            #expect(
                try mapper.encode(canonical, as: "Issue") == """
                    {"id":"abcdef01-2345-6789-abcd-ef0123456789","number":5,"title":"t","created_at":"2015-09-25T08:00:00.500Z",\
                    "state":"OPEN","user":{"login":"a","site_admin":true},"ratio":1e+21,"amount":1.50,"tags":["x",null]}
                    """)
        }

        @Test func unknownPropertyNamesAreErrors() {
            // External key names are not property names.
            #expect(
                mapper.canonicalErrors(#"{"title":"t","created_at":"2015-09-25T08:00:00Z","bogus":1}"#, as: "Issue") == [
                    "error: / (Issue): model 'Issue' has no properties 'created_at', 'bogus' [test.yaml:8:3]"
                ])
            #expect(
                mapper.canonicalErrors(#"{"title":"t","user":{"site_admin":true}}"#, as: "Issue") == [
                    "error: /user (Issue.user): model 'User' has no property 'site_admin' [test.yaml:5:3]"
                ])
        }

        @Test(arguments: [
            (
                #""id":"ABCDEF01-2345-6789-ABCD-EF0123456789""#,
                #"error: /id (Issue.id): expected a lower-case UUID, found "ABCDEF01-2345-6789-ABCD-EF0123456789" [test.yaml:11:7]"#
            ),
            (#""number":5.0"#, "error: /number (Issue.number): expected an integer, found 5.0 [test.yaml:12:7]"),
            (#""number":5e2"#, "error: /number (Issue.number): expected an integer, found 5e2 [test.yaml:12:7]"),
            (#""number":"5""#, #"error: /number (Issue.number): expected an integer, found "5" [test.yaml:12:7]"#),
            (
                #""createdAt":"2015-09-25T10:00:00+02:00""#,
                #"error: /createdAt (Issue.createdAt): expected a date in canonical form ("2006-01-02T15:04:05Z"), found "2015-09-25T10:00:00+02:00" [test.yaml:14:7]"#
            ),
            (
                #""createdAt":"2015-09-25T08:00:00.000Z""#,
                #"error: /createdAt (Issue.createdAt): expected a date in canonical form ("2006-01-02T15:04:05Z"), found "2015-09-25T08:00:00.000Z" [test.yaml:14:7]"#
            ),
            (
                #""createdAt":"2015-09-25T08:00:00.5Z""#,
                #"error: /createdAt (Issue.createdAt): expected a date in canonical form ("2006-01-02T15:04:05Z"), found "2015-09-25T08:00:00.5Z" [test.yaml:14:7]"#
            ),
            (
                #""state":"OPEN""#,
                #"error: /state (Issue.state): expected a case of enum 'State' (open, closed), found "OPEN" [test.yaml:15:7]"#
            ),
            (
                #""user":{"siteAdmin":"true"}"#,
                #"error: /user/siteAdmin (Issue.user.siteAdmin): expected true or false, found "true" [test.yaml:7:34]"#
            ),
        ])
        func valuesMustBeCanonical(member: String, error: String) {
            #expect(mapper.canonicalErrors("{\"title\":\"t\",\(member)}", as: "Issue") == [error])
        }

        @Test func requiredAndConstraintsApply() {
            #expect(
                mapper.canonicalErrors("{}", as: "Issue") == [
                    "error: /title (Issue.title): required property 'title' is missing [test.yaml:13:7]"
                ])
            #expect(
                mapper.canonicalErrors(#"{"title":null}"#, as: "Issue") == [
                    "error: /title (Issue.title): required property 'title' is null [test.yaml:13:7]"
                ])
            #expect(
                mapper.canonicalErrors(#"{"title":"toolong"}"#, as: "Issue") == [
                    #"error: /title (Issue.title): expected at most 5 characters, found 7 in "toolong" [test.yaml:13:7]"#
                ])
        }

        /// Canonical JSON names properties, so errors about it do too (not the external key).
        @Test func requiredErrorsNameTheProperty() throws {
            let styled = try Mapper(
                """
                mapper: 1
                models:
                  S: { key_style: snake_case, properties: { closedAt: { type: date, required: true } } }
                """)
            #expect(
                styled.canonicalErrors(#"{"closedAt":null}"#, as: "S") == [
                    "error: /closedAt (S.closedAt): required property 'closedAt' is null [test.yaml:3:45]"
                ])
            #expect(
                styled.canonicalErrors("{}", as: "S") == [
                    "error: /closedAt (S.closedAt): required property 'closedAt' is missing [test.yaml:3:45]"
                ])
            #expect(
                styled.errors(#"{"closed_at":null}"#, as: "S") == [
                    "error: /closed_at (S.closedAt): required key 'closed_at' is null [test.yaml:3:45]"
                ])
        }

        @Test func extraIsOnlyForModelsThatKeepUnknownKeys() {
            #expect(
                mapper.canonicalErrors(#"{"title":"t","$extra":{"a":1}}"#, as: "Issue") == [
                    #"error: /$extra (Issue): model 'Issue' does not keep unknown keys, so it cannot have "$extra" [test.yaml:8:3]"#
                ])
        }

        @Test func topLevelArraysAndScalars() throws {
            let read = try mapper.catalog.readCanonical(Array(#"[{"title":"a"},null]"#.utf8), as: "Issue")
            guard case .array(let models) = read else { Issue.record("expected an array"); return }
            #expect(models.count == 2 && models[1] == nil)
            #expect(
                mapper.canonicalErrors("7", as: "Issue") == [
                    "error: / (Issue): expected a JSON object or an array of objects for model 'Issue', found 7 [test.yaml:8:3]"
                ])
        }
    }
}
