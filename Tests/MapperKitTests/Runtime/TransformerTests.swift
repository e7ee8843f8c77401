import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §12.3: transformers registered by the embedding program, on decode and encode.
    struct TransformerTests {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "not a comma list" }
        }

        let catalog: Catalog

        init() throws {
            let split = Transformer(
                forward: { json in
                    guard case .string(let text) = json else { throw Refused() }
                    return .array(text.split(separator: ",").map { .string(String($0)) })
                },
                reverse: { json in
                    guard case .array(let items) = json else { throw Refused() }
                    return .string(items.compactMap { if case .string(let text) = $0 { text } else { nil } }.joined(separator: ","))
                })
            let cents = Transformer(forward: { json in
                guard case .number(let number) = json, let value = number.int64 else { throw Refused() }
                let fraction = String(value % 100)
                return .number(JSONNumber("\(value / 100).\(fraction.count == 1 ? "0" : "")\(fraction)")!)
            })
            catalog = try Catalog(
                yaml: """
                    mapper: 1
                    models:
                      T:
                        properties:
                          tags: { type: "[string]", transform: split, max_length: 2 }
                          price: { type: decimal, transform: cents }
                    """, name: "test.yaml", options: LoadOptions(transformers: ["split": split, "cents": cents]))
        }

        private func canonical(_ json: String) throws -> String {
            var session = MappingSession(catalog: catalog)
            return String(decoding: try session.decodeToCanonical(Array(json.utf8), as: "T"), as: UTF8.self)
        }

        private func errors(_ body: () throws -> [UInt8]) -> [String] {
            do {
                _ = try body()
                return []
            } catch let error as MappingErrors {
                return error.errors.map(\.description)
            } catch {
                return ["\(error)"]
            }
        }

        @Test func forwardTurnsExternalJSONIntoTheCanonicalValue() throws {
            #expect(try canonical(#"{"tags":"a,b","price":1999}"#) == #"{"tags":["a","b"],"price":19.99}"#)
            #expect(try canonical(#"{"tags":null}"#) == #"{"tags":null}"#)
        }

        @Test func reverseWritesItBack() throws {
            var session = MappingSession(catalog: catalog)
            #expect(
                String(decoding: try session.encodeCanonical(Array(#"{"tags":["x","y"]}"#.utf8), as: "T"), as: UTF8.self)
                    == #"{"tags":"x,y"}"#)
        }

        @Test func failuresAndConstraintsAreErrors() {
            var session = MappingSession(catalog: catalog)
            #expect(
                errors { try session.decodeToCanonical(Array(#"{"tags":5,"price":"x"}"#.utf8), as: "T") } == [
                    "error: /tags (T.tags): transformer 'split' failed on 5: not a comma list [test.yaml:5:7]",
                    #"error: /price (T.price): transformer 'cents' failed on "x": not a comma list [test.yaml:6:7]"#,
                ])
            #expect(
                errors { try session.decodeToCanonical(Array(#"{"tags":"a,b,c"}"#.utf8), as: "T") } == [
                    #"error: /tags (T.tags): expected at most 2 elements, found 3 in ["a","b","c"] [test.yaml:5:7]"#
                ])
        }

        @Test func noReverseMeansTheValueCannotBeEncoded() {
            var session = MappingSession(catalog: catalog)
            #expect(
                errors { try session.encodeCanonical(Array(#"{"price":1.5}"#.utf8), as: "T") } == [
                    "error: /price (T.price): transformer 'cents' has no reverse, so this property cannot be encoded [test.yaml:6:7]"
                ])
        }
    }
}
