import Foundation
import MapperKit

extension Inference {
    /// Golden tests for the samples an inferred catalog was learned from: one decode test per
    /// sample with `roundtrip: true`, its input and the canonical JSON the catalog gives it in
    /// `samples/`. Returns file paths relative to the tests folder → contents.
    public static func goldenTests(model: String, catalog: String, samples: [Sample]) throws(ImportError) -> [(path: String, text: String)]
    {
        let loaded: Catalog
        do {
            loaded = try Catalog(yaml: catalog, name: Naming.fileStem(model) + ".yaml")
        } catch {
            throw ImportError(
                code: .invalidCatalog, message: "the inferred catalog does not load: \(error)", location: .source(model))
        }
        var session = MappingSession(catalog: loaded)
        let stem = Naming.fileStem(model)
        let digits = String(samples.count).count
        var files: [(path: String, text: String)] = []
        var lines = [
            "\(generatedMarker) from \(samples.count) samples: each must decode to what it did when",
            "# the catalog was inferred, and decode the same after an encode.",
            "tests:",
        ]
        for (index, sample) in samples.enumerated() {
            let number = String(repeating: "0", count: digits - String(index + 1).count) + String(index + 1)
            let input = "samples/\(stem)-\(number).json"
            let expect = "samples/\(stem)-\(number).canonical.json"
            let bytes = Array(JSONWriter.write(sample.value).utf8)
            let canonical: [UInt8]
            do {
                canonical = try session.decodeToCanonical(bytes, as: model)
            } catch {
                throw ImportError(
                    code: .invalidSample, message: "the inferred catalog does not decode this sample: \(error)",
                    location: .source(sample.source))
            }
            files.append((input, String(decoding: bytes, as: UTF8.self) + "\n"))
            files.append((expect, String(decoding: canonical, as: UTF8.self) + "\n"))
            lines += [
                "  - name: \(YAMLText.scalar("\(model) from \(sample.source)"))",
                "    model: \(model)",
                "    input: \(input)",
                "    expect: \(expect)",
                "    roundtrip: true",
            ]
        }
        files.insert(("\(stem).test.yaml", lines.joined(separator: "\n") + "\n"), at: 0)
        return files
    }
}
