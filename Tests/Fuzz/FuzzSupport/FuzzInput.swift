public import MapperKit
#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// What the decode, encode and route fuzz targets share: the bundled catalog, and a way to read a
/// model name off the front of an input.
public enum FuzzInput {
    /// `Mappings/` of this checkout (or `$MAPPER_FUZZ_MAPPINGS`), loaded once.
    public static let catalog = load([mappings])

    /// The bundled catalog and the fuzz targets' own models (`Tests/Fuzz/Mappings`: flattened models and
    /// kept unknown keys in more shapes than the bundled catalog has).
    public static let encodeCatalog = load([
        mappings, "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Mappings",
    ])

    private static let mappings =
        getenv("MAPPER_FUZZ_MAPPINGS").map { String(cString: $0) }
        ?? "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/") + "/Mappings"

    private static func load(_ paths: [String]) -> Catalog {
        do {
            return try Catalog(paths: paths)
        } catch {
            fatalError("the fuzz targets need the catalog at \(paths.joined(separator: ", ")): \(error)")
        }
    }

    /// Splits an input into a model of `catalog` (the bundled one unless given) and the JSON after
    /// it. The first line names the model or a path its routes match (`Issue\n{...}`,
    /// `/repos/a/b/issues/1\n{...}`, as the seeds are written); a first line that does neither
    /// still picks a model, by its bytes, so that no mutation is wasted. Inputs without a line
    /// break are JSON for the first model.
    public static func split(
        _ bytes: UnsafeRawBufferPointer, in catalog: Catalog = FuzzInput.catalog
    ) -> (model: String, json: UnsafeRawBufferPointer) {
        let names = catalog.modelNames
        guard let newline = bytes.firstIndex(of: 0x0A) else { return (names[0], bytes) }
        let line = UnsafeRawBufferPointer(rebasing: bytes[..<newline])
        let json = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
        let name = String(decoding: line, as: UTF8.self)
        if catalog.models[name] != nil { return (name, json) }
        if let match = catalog.routes.match(name) { return (match.model, json) }
        let hash = line.reduce(0) { ($0 &* 31) &+ Int($1) }
        return (names[abs(hash % names.count)], json)
    }

    /// The same instant for every run, so that a crash reproduces.
    public static let now = Instant(milliseconds: 1_700_000_000_000)

    /// The output both paths agree on, or nil when both failed with the same errors; stops the
    /// fuzzer with what differed otherwise. `general` names the path without the transcoders.
    public static func agreement(
        _ model: String, transcoder: Result<[UInt8], MappingErrors>, general: Result<[UInt8], MappingErrors>, _ generalName: String
    ) -> [UInt8]? {
        switch (transcoder, general) {
        case (.success(let written), .success(let expected)):
            guard written == expected else {
                fatalError("\(model): the transcoder wrote \(text(written)), \(generalName) \(text(expected))")
            }
            return written
        case (.failure(let error), .failure(let expected)):
            guard error == expected else { fatalError("\(model): the two paths report different errors:\n\(error)\n\(expected)") }
            return nil
        default:
            fatalError("\(model): the transcoder gave \(transcoder), \(generalName) \(general)")
        }
    }

    public static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
