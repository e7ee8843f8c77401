import Testing

@testable import MapperKit

/// A small inline catalog (named `test.yaml` in sources) and shorthands for the runtime's entry
/// points, with JSON written as text so tests compare the exact bytes a user gets.
struct Mapper {
    let catalog: Catalog

    init(_ yaml: String) throws {
        catalog = try Catalog(yaml: yaml, name: "test.yaml")
    }

    /// External JSON → canonical JSON text (`mapper decode`).
    func canonical(_ json: String, as model: String, now: Instant? = nil) throws -> String {
        var session = MappingSession(catalog: catalog)
        return String(decoding: try session.decodeToCanonical(Array(json.utf8), as: model, now: now), as: UTF8.self)
    }

    /// Canonical JSON text → external JSON text (`mapper encode`).
    func encode(_ canonical: String, as model: String) throws -> String {
        var session = MappingSession(catalog: catalog)
        return String(decoding: try session.encodeCanonical(Array(canonical.utf8), as: model), as: UTF8.self)
    }

    /// `encode(decode(json))`.
    func roundTrip(_ json: String, as model: String, now: Instant? = nil) throws -> String {
        let decoded = try catalog.decode(Array(json.utf8), as: model, now: now)
        return String(decoding: try catalog.encode(decoded, as: model), as: UTF8.self)
    }

    /// The errors decoding `json` reports, as the CLI prints them (empty when it decodes).
    func errors(_ json: String, as model: String) -> [String] {
        decodeErrors(Array(json.utf8), as: model).map(\.description)
    }

    func decodeErrors(_ bytes: [UInt8], as model: String) -> [MappingError] {
        do {
            _ = try catalog.decode(bytes, as: model, now: Instant(milliseconds: 0))
            return []
        } catch {
            return error.errors
        }
    }

    /// The errors reading canonical JSON reports (empty when it reads).
    func canonicalErrors(_ json: String, as model: String) -> [String] {
        do {
            _ = try catalog.readCanonical(Array(json.utf8), as: model)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// The errors encoding canonical JSON reports (empty when it encodes).
    func encodeErrors(_ canonical: String, as model: String) -> [String] {
        do {
            _ = try encode(canonical, as: model)
            return []
        } catch let error as MappingErrors {
            return error.errors.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    /// Decodes one object into a model.
    func model(_ json: String, as model: String, now: Instant? = nil) throws -> Model {
        try catalog.decodeModel(Array(json.utf8), as: model, now: now)
    }
}

/// The runtime's test suites (decode, canonical JSON, encode), grouped so that
/// `swift test --filter Runtime` runs them all.
@Suite enum RuntimeTests {}
