import Testing

@testable import MapperKit

extension RuntimeTests {
    /// `CanonicalWriter.jsonValue` builds a value's canonical JSON as a `JSONValue` without
    /// writing text: it must be the canonical JSON that `mapper decode` writes, to the spelling
    /// (numbers as written, members in order, `$type` and `$extra` where they go).
    struct CanonicalValueTests {
        let catalog: Catalog

        init() throws {
            catalog = try Catalog(
                yaml: """
                    mapper: 1
                    enums:
                      State: { cases: { open: OPEN, closed: { json: 2 } } }
                    models:
                      Label: { properties: { name: string } }
                      Event:
                        properties: { id: string, type: string }
                        variants: { by: type, cases: { PushEvent: PushEvent }, fallback: Event }
                      PushEvent: { extends: Event, properties: { size: int } }
                      Item:
                        unknown_keys: keep
                        properties:
                          text: string
                          count: int
                          ratio: double
                          price: decimal
                          flag: bool
                          at: date
                          day: local_date
                          link: url
                          ref: uuid
                          state: State
                          ints: "[int]"
                          counts: "[string: double]"
                          label: Label
                          labels: "[Label]"
                          event: Event
                          events: "[Event]"
                          loose: any
                          either: "int | string"
                    """, name: "test.yaml")
        }

        static let input = #"""
            {"text":"a \"quoted\" line\n","count":-42,"ratio":0.1,"price":1.50,"flag":true,
             "at":"2024-02-29T23:59:59.120Z","day":"2024-02-29","link":"https://example.com/a?b=c",
             "ref":"123e4567-e89b-12d3-a456-426614174000","state":2,"ints":[1,null,3],
             "counts":{"z":1e21,"a":-0.0,"m":1.5e-7},"label":{"name":"bug"},"labels":[{"name":"x"},null],
             "event":{"type":"PushEvent","id":"e1","size":3},"events":[{"type":"Other","id":"e2"}],
             "loose":{"b":[1.0,"two",{}],"a":null},"either":"seven","unknown":{"kept":[true]}}
            """#

        @Test func eachPropertyIsTheCanonicalJSONDecodeWrites() throws {
            var session = MappingSession(catalog: catalog)
            let canonical = try JSONValue(parsing: try session.decodeToCanonical(Array(Self.input.utf8), as: "Item"))
            guard case .model(let item) = try catalog.decode(Array(Self.input.utf8), as: "Item") else {
                Issue.record("one object decodes to one model")
                return
            }
            var built = JSONObject()
            for (plan, value) in zip(item.type.properties, item.values) {
                guard let value else { continue }
                let json = CanonicalWriter.jsonValue(value, plan.conversion)
                #expect(JSONWriter.write(json) == JSONWriter.write(canonical[plan.name] ?? .null), "\(plan.name)")
                built.append(plan.name, json)
            }
            // The document's own values, spelled as canonical JSON spells them.
            #expect(canonical["price"] == .number(JSONNumber("1.50")!))
            #expect(JSONWriter.write(canonical["counts"]!) == #"{"z":1e+21,"a":0,"m":1.5e-7}"#)
            #expect(JSONWriter.write(canonical["event"]!) == #"{"$type":"PushEvent","id":"e1","type":"PushEvent","size":3}"#)
            #expect(canonical["at"] == "2024-02-29T23:59:59.120Z")
            #expect(canonical["$extra"] == ["unknown": ["kept": [true]]])
            built.append("$extra", .object(item.extra ?? JSONObject()))
            #expect(JSONWriter.write(.object(built)) == JSONWriter.write(canonical))
        }
    }
}
