import PropertyBased
import Testing

@testable import MapperKit

/// Round trips over generated catalogs (random models, key styles, key paths, enums, date formats,
/// nested models, arrays, dictionaries) and documents that conform to them. Each catalog is YAML
/// text loaded through the public `Catalog` API.
struct RoundTripPropertyTests {
    static let samples = Generator<CatalogSample, Shrink.None<CatalogSample>> { rng in CatalogSample.generate(using: &rng) }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func decodeAndEncodeMatchTheGeneratedSides() async {
        await propertyCheck(count: 150, input: Self.samples) { sample in
            let catalog = try Catalog(yaml: sample.yaml, name: "sample.yaml")
            var session = MappingSession(catalog: catalog)
            let external = Array(JSONWriter.write(sample.external).utf8)
            let canonical = Array(JSONWriter.write(sample.canonical).utf8)
            // decode gives the expected canonical JSON, encode the expected external JSON.
            let decoded = try session.decodeToCanonical(external, as: "Root")
            #expect(Self.text(decoded) == Self.text(canonical), "\(sample)")
            let encoded = try session.encodeCanonical(canonical, as: "Root")
            #expect(Self.text(encoded) == Self.text(external), "\(sample)")
            // decode → encode → decode and canonical → encode → decode are identities.
            let again = try session.decodeToCanonical(try session.encodeCanonical(decoded, as: "Root"), as: "Root")
            #expect(again == decoded, "\(sample)")
            #expect(try session.decodeToCanonical(encoded, as: "Root") == canonical, "\(sample)")
            // The model path agrees with the byte-to-byte one.
            let model = try catalog.decode(external, as: "Root")
            #expect(try catalog.canonicalJSON(model, as: "Root") == decoded, "\(sample)")
            #expect(try catalog.encode(model, as: "Root") == encoded, "\(sample)")
        }
    }

    @Test func keptUnknownKeysGiveTheWholeObjectBack() async {
        let extras: [(String, JSONValue)] = [
            ("zzUnknown", .string("kept")), ("other_key", .array([.null, .bool(true)])), ("ZZ", .number(JSONNumber("1.50")!)),
        ]
        await propertyCheck(count: 100, input: Self.samples) { sample in
            let catalog = try Catalog(yaml: sample.yaml, name: "sample.yaml")
            var session = MappingSession(catalog: catalog)
            guard case .object(var object) = sample.external else { return }
            for (key, value) in extras { object.append(key, value) }
            let decoded = try session.decodeToCanonical(Array(JSONWriter.write(.object(object)).utf8), as: "Root")
            let encoded = try session.encodeCanonical(decoded, as: "Root")
            if sample.keepsUnknownKeys {
                // Mapped keys first, then the unknown ones in their order: the object as it came.
                #expect(Self.text(encoded) == JSONWriter.write(.object(object)), "\(sample)")
            } else {
                #expect(Self.text(encoded) == JSONWriter.write(sample.external), "\(sample)")
            }
        }
    }

    @Test func mergingAnEmptySourceChangesNothing() async {
        await propertyCheck(count: 100, input: Self.samples) { sample in
            var session = MappingSession(catalog: try Catalog(yaml: sample.yaml, name: "sample.yaml"))
            let canonical = Array(JSONWriter.write(sample.canonical).utf8)
            #expect(try session.merge(target: canonical, source: Array("{}".utf8), as: "Root") == canonical, "\(sample)")
            // And merging a document into an empty one gives the document.
            #expect(try session.merge(target: Array("{}".utf8), source: canonical, as: "Root") == canonical, "\(sample)")
        }
    }
}
