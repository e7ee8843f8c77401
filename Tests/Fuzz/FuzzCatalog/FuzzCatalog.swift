import FuzzDriver
import MapperKit

/// libFuzzer entry point: any bytes as one mapping file through the catalog compiler. It must never
/// trap; a catalog that loads is then exercised a little (every model decodes `{}` and has a schema),
/// so that what the compiler accepts is also safe to run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let check = Catalog.check(sources: [Catalog.Source(name: "fuzz.yaml", bytes: bytes)])
    guard let catalog = check.catalog else {
        guard check.diagnostics.contains(where: { $0.severity == .error }) else {
            fatalError("the catalog did not load, but no diagnostic is an error")
        }
        return 0
    }
    var session = MappingSession(catalog: catalog)
    for model in catalog.modelNames.prefix(8) {
        if let decoded = try? session.decode(Array("{}".utf8), as: model) {
            _ = try? session.encode(decoded, as: model)
        }
        _ = try? catalog.jsonSchema(for: model, side: .external)
    }
    return 0
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
