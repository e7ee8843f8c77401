import Foundation
import Testing

import MapperTestSupport
@testable import MapperKit

/// The fuzz targets' date seeds (`Tests/Fuzz/Mappings/dates*.seeds`: fractions of every precision,
/// the numeric units, `S` patterns, calendar days, and values their formats cannot hold) checked
/// as FuzzDecode and FuzzEncode check them, so that ordinary test runs cover the new date forms:
/// both paths agree, and what decodes reads back from its canonical JSON unchanged.
struct DateSeedAgreementTests {
    static let folder = MapperBinary.packageRoot.appendingPathComponent("Tests/Fuzz/Mappings")

    static func seeds(_ file: String) throws -> [(model: String, json: String)] {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }
    }

    @Test func decodeSeedsAgreeAndReadBack() throws {
        let catalog = try Catalog(paths: [Self.folder.appendingPathComponent("dates.yaml").path])
        let seeds = try Self.seeds("dates.decode.seeds")
        #expect(seeds.count >= 4)
        var decoded = 0
        for seed in seeds {
            expectDecodingAgrees(catalog, seed.json, as: seed.model)
            var session = MappingSession(catalog: catalog)
            guard let canonical = try? session.decodeToCanonical(Array(seed.json.utf8), as: seed.model, now: Instant(seconds: 0))
            else { continue }
            decoded += 1
            let again = try session.canonicalJSON(session.readCanonical(canonical, as: seed.model), as: seed.model)
            #expect(again == canonical, "\(seed.json)")
        }
        // The seeds hold documents that decode and documents with errors.
        #expect(decoded > 0 && decoded < seeds.count)
    }

    @Test func encodeSeedsAgree() throws {
        let catalog = try Catalog(paths: [Self.folder.appendingPathComponent("dates.yaml").path])
        let seeds = try Self.seeds("dates.seeds")
        #expect(seeds.count >= 4)
        for seed in seeds { expectEncodingAgrees(catalog, seed.json, as: seed.model) }
    }
}
