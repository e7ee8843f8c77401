import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §4.5 basics: dispatch by discriminator and by predicates, fallback, the "no variant"
    /// error, `$type` first in canonical JSON, the discriminator written on encode.
    struct VariantTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                models:
                  Event:
                    properties: { id: string, type: string }
                    variants:
                      by: type
                      cases: { PushEvent: PushEvent, WatchEvent: WatchEvent }
                      fallback: Event
                  PushEvent: { extends: Event, properties: { size: int } }
                  WatchEvent: { extends: Event, properties: { action: string } }
                  Message:
                    properties: { text: string }
                    variants:
                      when:
                        - { has: image_url, model: PictureMessage }
                        - { equals: { kind: text, meta.v: 1 }, model: TextMessage }
                  PictureMessage: { extends: Message, properties: { imageURL: { type: url, key: image_url } } }
                  TextMessage: { extends: Message, properties: { kind: string } }
                  Feed:
                    properties:
                      events: "[Event]"
                      latest: Event
                      byID: { type: "[string: Event]", key: by_id }
                      push: PushEvent
                  Flavored:
                    unknown_keys: keep
                    properties: { name: string, kind: { type: string, key: flavor } }
                    variants:
                      by: flavor
                      cases: { chocolate: Chocolate }
                  Chocolate: { extends: Flavored, properties: { cocoa: int } }
                """)
        }

        @Test func discriminatorPicksTheCase() throws {
            #expect(
                try mapper.canonical(#"{"size":3,"type":"PushEvent","id":"1"}"#, as: "Event")
                    == #"{"$type":"PushEvent","id":"1","type":"PushEvent","size":3}"#)
            #expect(
                try mapper.canonical(#"{"type":"WatchEvent","action":"started"}"#, as: "Event")
                    == #"{"$type":"WatchEvent","type":"WatchEvent","action":"started"}"#)
            let model = try mapper.model(#"{"type":"PushEvent","size":3}"#, as: "Event")
            #expect(model.name == "PushEvent")
            #expect(model.type.isKind(of: "Event"))
        }

        @Test func otherValuesFallBack() throws {
            #expect(
                try mapper.canonical(#"{"type":"ForkEvent","id":"2","size":3}"#, as: "Event")
                    == #"{"$type":"Event","id":"2","type":"ForkEvent"}"#)
            #expect(try mapper.canonical(#"{"id":"3"}"#, as: "Event") == #"{"$type":"Event","id":"3"}"#)
        }

        @Test func predicatesAreTriedInOrder() throws {
            #expect(
                try mapper.canonical(#"{"image_url":"http://x/a.png","kind":"text","meta":{"v":1}}"#, as: "Message")
                    == #"{"$type":"PictureMessage","imageURL":"http://x/a.png"}"#)
            #expect(
                try mapper.canonical(#"{"image_url":null,"kind":"text","meta":{"v":1.0},"text":"hi"}"#, as: "Message")
                    == #"{"$type":"TextMessage","text":"hi","kind":"text"}"#)
        }

        @Test func noVariantAndNoFallbackIsAnError() {
            #expect(
                mapper.errors(#"{"kind":"text","text":"hi"}"#, as: "Message") == [
                    #"error: / (Message): no variant of 'Message' matches {"kind":"text","text":"hi"} [test.yaml:11:3]"#
                ])
            #expect(
                mapper.errors(#"{"name":"x","flavor":"vanilla"}"#, as: "Flavored") == [
                    #"error: / (Flavored): no variant of 'Flavored' matches flavor "vanilla"; expected one of "chocolate" [test.yaml:25:3]"#
                ])
            #expect(
                mapper.errors(#"{"name":"x"}"#, as: "Flavored") == [
                    "error: / (Flavored): no variant of 'Flavored' matches: the discriminator 'flavor' is missing [test.yaml:25:3]"
                ])
        }

        @Test func decodingAVariantDirectlyDoesNotDispatch() throws {
            #expect(try mapper.canonical(#"{"type":"WatchEvent","size":1}"#, as: "PushEvent") == #"{"type":"WatchEvent","size":1}"#)
        }

        @Test func nestedValuesAndElementsDispatch() throws {
            let input = """
                {"events":[{"type":"PushEvent","size":1},null,{"type":"Other"}],"latest":{"type":"WatchEvent"},\
                "by_id":{"a":{"type":"PushEvent"}},"push":{"type":"PushEvent","size":2}}
                """
            #expect(
                try mapper.canonical(input, as: "Feed") == """
                    {"events":[{"$type":"PushEvent","type":"PushEvent","size":1},null,{"$type":"Event","type":"Other"}],\
                    "latest":{"$type":"WatchEvent","type":"WatchEvent"},"byID":{"a":{"$type":"PushEvent","type":"PushEvent"}},\
                    "push":{"type":"PushEvent","size":2}}
                    """)
            #expect(
                try mapper.roundTrip(input, as: "Feed") == """
                    {"events":[{"type":"PushEvent","size":1},null,{"type":"Other"}],"latest":{"type":"WatchEvent"},\
                    "by_id":{"a":{"type":"PushEvent"}},"push":{"type":"PushEvent","size":2}}
                    """)
            #expect(
                mapper.errors(#"{"events":[{"type":"PushEvent","size":"x"}]}"#, as: "Feed") == [
                    #"error: /events/0/size (Feed.events[0].size): expected an integer, found "x" [test.yaml:9:46]"#
                ])
        }

        @Test func encodeWritesTheDiscriminator() throws {
            #expect(
                try mapper.encode(#"{"$type":"PushEvent","id":"1","size":3}"#, as: "Event") == #"{"id":"1","type":"PushEvent","size":3}"#)
            // The case value overrides a property mapped to the same key.
            #expect(try mapper.encode(#"{"$type":"PushEvent","type":"Other","size":3}"#, as: "Event") == #"{"type":"PushEvent","size":3}"#)
            #expect(
                try mapper.encode(#"{"$type":"Chocolate","name":"n","cocoa":70}"#, as: "Flavored")
                    == #"{"name":"n","flavor":"chocolate","cocoa":70}"#)
            #expect(try mapper.encode(#"{"name":"n","cocoa":70}"#, as: "Chocolate") == #"{"name":"n","flavor":"chocolate","cocoa":70}"#)
        }

        @Test func variantsRoundTrip() throws {
            let input = #"{"name":"n","flavor":"chocolate","cocoa":70,"extra":true}"#
            #expect(
                try mapper.canonical(input, as: "Flavored")
                    == #"{"$type":"Chocolate","name":"n","kind":"chocolate","cocoa":70,"$extra":{"extra":true}}"#)
            #expect(try mapper.roundTrip(input, as: "Flavored") == input)
        }

        /// The discriminator and predicate keys are read by dispatch: not unknown keys, and what
        /// encode writes decodes again under `unknown_keys: reject`.
        @Test func dispatchKeysAreNotUnknown() throws {
            let strict = try Mapper(
                """
                mapper: 1
                models:
                  Shape:
                    unknown_keys: reject
                    properties: { id: int }
                    variants:
                      by: meta.kind
                      cases: { circle: Circle }
                      fallback: Shape
                  Circle: { extends: Shape, properties: { radius: double } }
                  Note:
                    unknown_keys: reject
                    properties: { text: string }
                    variants:
                      when: [{ equals: { format: md }, model: Markdown }]
                  Markdown: { extends: Note, properties: {} }
                """)
            let circle = #"{"id":1,"meta":{"kind":"circle"},"radius":2.5}"#
            #expect(try strict.canonical(circle, as: "Shape") == #"{"$type":"Circle","id":1,"radius":2.5}"#)
            #expect(try strict.canonical(circle, as: "Circle") == #"{"id":1,"radius":2.5}"#)
            #expect(try strict.roundTrip(circle, as: "Shape") == #"{"id":1,"radius":2.5,"meta":{"kind":"circle"}}"#)
            #expect(try strict.canonical(#"{"id":2,"meta":{"kind":"square"}}"#, as: "Shape") == #"{"$type":"Shape","id":2}"#)
            #expect(try strict.canonical(#"{"text":"*hi*","format":"md"}"#, as: "Note") == #"{"$type":"Markdown","text":"*hi*"}"#)
            #expect(
                strict.errors(#"{"id":1,"meta":{"kind":"circle","x":1},"radius":2.5,"r":1}"#, as: "Shape") == [
                    #"error: / (Shape): model 'Circle' does not map the key "r" [test.yaml:10:3]"#
                ])
        }

        @Test func convertKeepsTheConcreteVariant() throws {
            var session = MappingSession(catalog: mapper.catalog)
            let push = Array(#"{"id":"1","type":"PushEvent","size":3}"#.utf8)
            #expect(
                String(decoding: try session.convert(push, from: "Event", to: "Event"), as: UTF8.self)
                    == #"{"id":"1","type":"PushEvent","size":3}"#)
            #expect(
                String(decoding: try session.convert(push, from: "PushEvent", to: "Event"), as: UTF8.self)
                    == #"{"id":"1","type":"PushEvent","size":3}"#)
            #expect(
                String(decoding: try session.convert(push, from: "Event", to: "PushEvent"), as: UTF8.self)
                    == #"{"id":"1","type":"PushEvent","size":3}"#)
            // A concrete type the target does not know: the target itself, without dispatch.
            #expect(String(decoding: try session.convert(push, from: "PushEvent", to: "Message"), as: UTF8.self) == "{}")
        }

        @Test func canonicalInputNeedsTypeWhenTheDeclaredModelHasVariants() {
            #expect(
                mapper.canonicalErrors(#"{"id":"1"}"#, as: "Event") == [
                    #"error: / (Event): canonical JSON of 'Event' (a model with variants) starts with "$type"; it is missing [test.yaml:3:3]"#
                ])
            #expect(
                mapper.canonicalErrors(#"{"$type":"Message"}"#, as: "Event") == [
                    #"error: /$type (Event): "$type" must name 'Event' or a model that extends it, found "Message" [test.yaml:3:3]"#
                ])
            #expect(
                mapper.canonicalErrors(#"{"$type":"WatchEvent","size":1}"#, as: "Event") == [
                    "error: / (Event): model 'WatchEvent' has no property 'size' [test.yaml:10:3]"
                ])
            #expect(mapper.canonicalErrors(#"{"$type":"PushEvent","size":1}"#, as: "Event") == [])
        }
    }
}
