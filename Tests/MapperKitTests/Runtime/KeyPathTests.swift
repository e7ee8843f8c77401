import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §4.2: key paths on decode and encode, escaped dots, and §4.1 key styles.
    struct KeyPathTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                #"""
                mapper: 1
                models:
                  User:
                    properties:
                      login: string
                      id: int
                  Issue:
                    properties:
                      reporterLogin: { type: string, key: user.login }
                      reporterID: { type: int, key: user.id }
                      title: string
                      deep: { type: string, key: a.b.c }
                  Authored:
                    properties:
                      author: { type: User, key: user }
                      reporterLogin: { type: string, key: user.login }
                      extra: { type: any, key: user.extra }
                  Dotted:
                    properties:
                      version: { type: string, key: 'meta\.version' }
                      nested: { type: int, key: 'x.y\.z' }
                      backslash: { type: string, key: 'back\\slash' }
                      slash: { type: int, key: 'a/b~c' }
                """#)
        }

        @Test func pathsReadNestedObjects() throws {
            #expect(
                try mapper.canonical(
                    #"{"title":"t","user":{"id":1,"login":"octocat","site_admin":false},"a":{"b":{"c":"deep"}}}"#, as: "Issue")
                    == #"{"reporterLogin":"octocat","reporterID":1,"title":"t","deep":"deep"}"#)
        }

        @Test(arguments: [
            #"{"title":"t"}"#, #"{"title":"t","user":null}"#, #"{"title":"t","user":{}}"#, #"{"title":"t","a":{"b":null}}"#,
            #"{"title":"t","a":null}"#,
        ])
        func absentOrNullIntermediatesMakeThePropertyAbsent(json: String) throws {
            #expect(try mapper.canonical(json, as: "Issue") == #"{"title":"t"}"#)
        }

        @Test func nullAtTheEndOfAPathIsNull() throws {
            #expect(try mapper.canonical(#"{"user":{"login":null}}"#, as: "Issue") == #"{"reporterLogin":null}"#)
            #expect(try mapper.roundTrip(#"{"user":{"login":null}}"#, as: "Issue") == #"{"user":{"login":null}}"#)
        }

        @Test func nonObjectIntermediatesAreErrorsAtTheIntermediate() {
            #expect(
                mapper.errors(#"{"user":"octocat"}"#, as: "Issue") == [
                    #"error: /user (Issue.reporterLogin): expected an object at 'user' for key path 'user.login', found "octocat" [test.yaml:9:7]"#,
                    #"error: /user (Issue.reporterID): expected an object at 'user' for key path 'user.id', found "octocat" [test.yaml:10:7]"#,
                ])
            #expect(
                mapper.errors(#"{"a":{"b":5}}"#, as: "Issue") == [
                    "error: /a/b (Issue.deep): expected an object at 'a.b' for key path 'a.b.c', found 5 [test.yaml:12:7]"
                ])
        }

        @Test func keyPathsDoNotReachIntoArrays() {
            #expect(
                mapper.errors(#"{"a":[{"b":{"c":"x"}}]}"#, as: "Issue") == [
                    #"error: /a (Issue.deep): expected an object at 'a' for key path 'a.b.c', found [{"b":{"c":"x"}}] [test.yaml:12:7]"#
                ])
        }

        @Test func encodeSharesIntermediateObjects() throws {
            #expect(
                try mapper.encode(#"{"reporterLogin":"octocat","reporterID":1,"title":"t","deep":"d"}"#, as: "Issue")
                    == #"{"user":{"login":"octocat","id":1},"title":"t","a":{"b":{"c":"d"}}}"#)
            #expect(try mapper.encode(#"{"reporterID":1}"#, as: "Issue") == #"{"user":{"id":1}}"#)
            #expect(try mapper.encode(#"{"title":"t"}"#, as: "Issue") == #"{"title":"t"}"#)
            #expect(try mapper.encode(#"{"reporterLogin":null}"#, as: "Issue") == #"{"user":{"login":null}}"#)
        }

        @Test func aModelAtAPrefixMergesWithDeeperPaths() throws {
            let input = #"{"user":{"login":"octocat","id":1,"extra":[1]}}"#
            #expect(
                try mapper.canonical(input, as: "Authored")
                    == #"{"author":{"login":"octocat","id":1},"reporterLogin":"octocat","extra":[1]}"#)
            #expect(try mapper.roundTrip(input, as: "Authored") == #"{"user":{"login":"octocat","id":1,"extra":[1]}}"#)
            #expect(try mapper.encode(#"{"reporterLogin":"hubot"}"#, as: "Authored") == #"{"user":{"login":"hubot"}}"#)
            #expect(try mapper.encode(#"{"author":{"id":2}}"#, as: "Authored") == #"{"user":{"id":2}}"#)
            #expect(
                try mapper.encode(#"{"author":{"id":2},"reporterLogin":"hubot"}"#, as: "Authored")
                    == #"{"user":{"id":2,"login":"hubot"}}"#)
        }

        @Test func writingIntoANonObjectIsAnEncodeError() {
            #expect(
                mapper.encodeErrors(#"{"author":null,"reporterLogin":"hubot"}"#, as: "Authored") == [
                    "error: /user (Authored.author): property 'author' writes null at 'user', where other properties write keys inside an object [test.yaml:15:7]"
                ])
        }

        @Test func escapedDotsAreLiteralKeys() throws {
            let input = #"{"meta.version":"1.0","x":{"y.z":2},"back\\slash":"b","a/b~c":3}"#
            #expect(try mapper.canonical(input, as: "Dotted") == #"{"version":"1.0","nested":2,"backslash":"b","slash":3}"#)
            #expect(try mapper.roundTrip(input, as: "Dotted") == input)
            #expect(try mapper.canonical(#"{"meta":{"version":"nested"}}"#, as: "Dotted") == "{}")
        }

        @Test func pointersEscapeSlashAndTilde() {
            #expect(
                mapper.errors(#"{"a/b~c":"3","meta.version":1}"#, as: "Dotted") == [
                    "error: /meta.version (Dotted.version): expected a string, found 1 [test.yaml:20:7]",
                    #"error: /a~1b~0c (Dotted.slash): expected an integer, found "3" [test.yaml:23:7]"#,
                ])
        }

        @Test(arguments: [
            ("snake_case", #"{"created_at":1,"my_url_property":2,"id":3}"#),
            ("camelCase", #"{"createdAt":1,"myURLProperty":2,"id":3}"#),
            ("PascalCase", #"{"CreatedAt":1,"MyURLProperty":2,"Id":3}"#),
            ("kebab-case", #"{"created-at":1,"my-url-property":2,"id":3}"#),
            ("SCREAMING_SNAKE_CASE", #"{"CREATED_AT":1,"MY_URL_PROPERTY":2,"ID":3}"#),
            ("as_is", #"{"createdAt":1,"myURLProperty":2,"id":3}"#),
        ])
        func keyStylesNameTheJSONKeys(style: String, external: String) throws {
            let styled = try Mapper(
                """
                mapper: 1
                models:
                  S:
                    key_style: \(style)
                    properties: { createdAt: int, myURLProperty: int, id: int }
                """)
            #expect(try styled.canonical(external, as: "S") == #"{"createdAt":1,"myURLProperty":2,"id":3}"#)
            #expect(try styled.encode(#"{"createdAt":1,"myURLProperty":2,"id":3}"#, as: "S") == external)
        }
    }
}
