import Testing

@testable import MapperKit

extension RuntimeTests {
    /// `mapper decode --explain`: for every canonical value, the pointer it came from, the rule
    /// (file:line:column of the property) and what was applied; then the keys no property read.
    struct ExplainTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                enums:
                  State:
                    cases:
                      open: { json: OPEN, aliases: [opened] }
                      closed: CLOSED
                      unknown: UNKNOWN
                    default: unknown
                models:
                  Ticket:
                    key_style: snake_case
                    properties:
                      title: { type: string, key: meta.title }
                      createdBy: string
                      priority: { type: int, default: 3 }
                      state: State
                      previous: State
                      item: Item
                  Item:
                    properties:
                      kind: string
                    variants:
                      by: kind
                      cases: { book: Book }
                      fallback: Item
                  Book:
                    extends: Item
                    properties:
                      pages: int
                """)
        }

        private func explain(_ json: String, as model: String) throws -> Explanation {
            var session = MappingSession(catalog: mapper.catalog)
            return try session.explain(Array(json.utf8), as: model, now: Instant(milliseconds: 0)).1
        }

        private typealias Entry = Explanation.Entry
        private typealias Step = Explanation.Step

        @Test func everyValueWithItsPointerRuleAndSteps() throws {
            let explanation = try explain(
                #"{"meta":{"title":"Login fails","lang":"en"},"created_by":"ann","state":"opened","previous":"REOPENED","item":{"kind":"book","pages":12},"x":1}"#,
                as: "Ticket")
            let expected: [Entry] = [
                Entry(
                    path: "Ticket.title", pointer: "/meta/title", present: true, rule: "test.yaml:13:7", value: "Login fails",
                    steps: [Step(kind: .keyPath, detail: "meta.title")]),
                Entry(
                    path: "Ticket.createdBy", pointer: "/created_by", present: true, rule: "test.yaml:14:7", value: "ann",
                    steps: [Step(kind: .keyStyle, detail: "snake_case: createdBy → created_by")]),
                Entry(
                    path: "Ticket.priority", pointer: "/priority", present: false, rule: "test.yaml:15:7", value: 3,
                    steps: [Step(kind: .key, detail: "priority"), Step(kind: .default, detail: "the key is missing")]),
                Entry(
                    path: "Ticket.state", pointer: "/state", present: true, rule: "test.yaml:16:7", value: "open",
                    steps: [
                        Step(kind: .key, detail: "state"), Step(kind: .alias, detail: #""opened" is an alias of 'open' of enum 'State'"#),
                    ]),
                Entry(
                    path: "Ticket.previous", pointer: "/previous", present: true, rule: "test.yaml:17:7", value: "unknown",
                    steps: [
                        Step(kind: .key, detail: "previous"),
                        Step(kind: .fallback, detail: #""REOPENED" is no value of enum 'State': its default 'unknown'"#),
                    ]),
                Entry(
                    path: "Ticket.item", pointer: "/item", present: true, rule: "test.yaml:18:7",
                    value: ["$type": "Book", "kind": "book", "pages": 12],
                    steps: [Step(kind: .key, detail: "item"), Step(kind: .variant, detail: #"'Book' of 'Item': kind is "book""#)]),
                Entry(
                    path: "Ticket.item.kind", pointer: "/item/kind", present: true, rule: "test.yaml:21:7", value: "book",
                    steps: [Step(kind: .key, detail: "kind")]),
                Entry(
                    path: "Ticket.item.pages", pointer: "/item/pages", present: true, rule: "test.yaml:29:7", value: 12,
                    steps: [Step(kind: .key, detail: "pages")]),
            ]
            #expect(explanation.entries.count == expected.count)
            for (got, want) in zip(explanation.entries, expected) { #expect(got == want) }
            #expect(
                explanation.unread == [
                    Explanation.UnreadKey(pointer: "/meta/lang", model: "Ticket"),
                    Explanation.UnreadKey(pointer: "/x", model: "Ticket"),
                ])
        }

        @Test func enumCaseByItsOwnValueAndAbsentKeys() throws {
            let explanation = try explain(#"{"state":"OPEN"}"#, as: "Ticket")
            let state = try #require(explanation.entries.first { $0.path == "Ticket.state" })
            #expect(state.steps.last == Step(kind: .enumCase, detail: #""OPEN" → 'open' of enum 'State'"#))
            let title = try #require(explanation.entries.first { $0.path == "Ticket.title" })
            #expect(title.present == false && title.value == nil)
            #expect(title.steps.last?.kind == .absent)
            #expect(explanation.unread.isEmpty)
            #expect(explanation.text.contains("Ticket.title = (absent)"))
        }

        @Test func theDocumentsOwnVariantIsItsTypeEntry() throws {
            let chosen = try explain(#"{"kind":"book","pages":1}"#, as: "Item")
            #expect(
                chosen.entries.first
                    == Entry(
                        path: "Item.$type", pointer: "", present: true, rule: "test.yaml:19:3", value: "Book",
                        steps: [Step(kind: .variant, detail: #"'Book' of 'Item': kind is "book""#)]))
            let fallback = try explain(#"{"kind":"dvd"}"#, as: "Item")
            #expect(fallback.entries.first?.value == "Item")
            #expect(
                fallback.entries.first?.steps == [Step(kind: .variant, detail: #"'Item' of 'Item': fallback: kind "dvd" names no variant"#)]
            )
        }

        @Test func arraysExplainEachElement() throws {
            let explanation = try explain(#"[{"kind":"book","pages":1},{"kind":"cd","extra":true}]"#, as: "Item")
            #expect(explanation.entries.map(\.path) == ["Item[0].$type", "Item[0].kind", "Item[0].pages", "Item[1].$type", "Item[1].kind"])
            #expect(explanation.entries.map(\.pointer) == ["/0", "/0/kind", "/0/pages", "/1", "/1/kind"])
            #expect(explanation.unread == [Explanation.UnreadKey(pointer: "/1/extra", model: "Item")])
        }

        @Test func errorsAreThrownAsDecodeThrowsThem() {
            #expect(throws: MappingErrors.self) { try explain(#"{"meta":{"title":1}}"#, as: "Ticket") }
        }

        @Test func theJSONShapeIsStable() throws {
            let explanation = try explain(#"{"created_by":"ann","y":null}"#, as: "Ticket")
            let json = JSONWriter.write(explanation.jsonValue)
            #expect(
                json.hasPrefix(
                    #"{"model":"Ticket","values":[{"path":"Ticket.title","pointer":"/meta/title","present":false,"rule":"test.yaml:13:7","value":null,"applied":[{"kind":"keyPath","detail":"meta.title"},{"kind":"absent","detail":"the key is missing and the property has no default"}]},{"path":"Ticket.createdBy","pointer":"/created_by","present":true,"rule":"test.yaml:14:7","value":"ann","applied":[{"kind":"keyStyle","detail":"snake_case: createdBy → created_by"}]}"#
                ))
            #expect(json.hasSuffix(#""unread":[{"pointer":"/y","model":"Ticket"}]}"#))
        }

        /// Models with expressions are explained too: a `decode:` property names its expression,
        /// a missing key whose default is an expression names that one, the rest as usual.
        @Test func expressionsAreNamedWithTheValueTheyGave() throws {
            let mapper = try Mapper(
                """
                mapper: 1
                models:
                  Person:
                    properties:
                      first: { type: string, key: first_name }
                      last: { type: string, key: last_name }
                      fullName: { type: string, decode: "self.first + ' ' + self.last" }
                      country: { type: string, default: { expr: "input.first_name == 'Ann' ? 'SE' : 'NO'" } }
                """)
            var session = MappingSession(catalog: mapper.catalog)
            let explanation = try session.explain(
                Array(#"{"first_name":"Ann","last_name":"Lee","age":3}"#.utf8), as: "Person", now: Instant(milliseconds: 0)
            ).1
            #expect(explanation.entries.map(\.path) == ["Person.first", "Person.last", "Person.fullName", "Person.country"])
            let fullName = try #require(explanation.entries.first { $0.path == "Person.fullName" })
            #expect(fullName.value == "Ann Lee")
            #expect(fullName.steps == [Step(kind: .expression, detail: "decode: self.first + ' ' + self.last")])
            let country = try #require(explanation.entries.first { $0.path == "Person.country" })
            #expect(country.value == "SE" && country.present == false)
            #expect(
                country.steps.last == Step(kind: .expression, detail: "the key is missing: default input.first_name == 'Ann' ? 'SE' : 'NO'")
            )
            #expect(explanation.unread == [Explanation.UnreadKey(pointer: "/age", model: "Person")])
        }
    }
}
