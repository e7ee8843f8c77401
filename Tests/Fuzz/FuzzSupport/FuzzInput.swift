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
    public static let catalog: Catalog = {
        let path = getenv("MAPPER_FUZZ_MAPPINGS").map { String(cString: $0) }
            ?? "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/") + "/Mappings"
        do {
            return try Catalog(paths: [path])
        } catch {
            fatalError("the fuzz targets need the bundled catalog at \(path): \(error)")
        }
    }()

    /// Splits an input into a model of `catalog` and the JSON after it. The first line names the
    /// model or a path its routes match (`Issue\n{...}`, `/repos/a/b/issues/1\n{...}`, as the
    /// seeds are written); a first line that does neither still picks a model, by its bytes, so
    /// that no mutation is wasted. Inputs without a line break are JSON for the first model.
    public static func split(_ bytes: UnsafeRawBufferPointer) -> (model: String, json: UnsafeRawBufferPointer) {
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
}
