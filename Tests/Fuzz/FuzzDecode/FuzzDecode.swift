import FuzzDriver
import FuzzSupport
import MapperKit

/// libFuzzer entry point: `Model\n` and any bytes as external JSON for that model of the bundled
/// catalog with the fuzz targets' own models (`Tests/Fuzz/Mappings`: dates in every format, …).
/// Decoding must never trap; the token transcoder and the general reader must agree; and
/// what decodes must read back from its canonical JSON as the same canonical JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (model, json) = FuzzInput.split(UnsafeRawBufferPointer(start: data, count: size), in: FuzzInput.encodeCatalog)
    var fast = MappingSession(catalog: FuzzInput.encodeCatalog)
    var general = MappingSession(catalog: FuzzInput.encodeCatalog)
    general.usesTranscoder = false
    let viaTranscoder = Result { () throws(MappingErrors) in try fast.decodeToCanonical(json, as: model, now: FuzzInput.now) }
    let viaModels = Result { () throws(MappingErrors) in try general.decodeToCanonical(json, as: model, now: FuzzInput.now) }
    guard let canonical = FuzzInput.agreement(model, transcoder: viaTranscoder, general: viaModels, "the general reader") else {
        return 0
    }
    let reread = Result { () throws(MappingErrors) in
        try general.canonicalJSON(general.readCanonical(canonical, as: model), as: model)
    }
    guard case .success(let again) = reread, again == canonical else {
        fatalError("\(model): canonical JSON \(FuzzInput.text(canonical)) does not read back: \(reread)")
    }
    _ = try? fast.encodeCanonical(canonical, as: model)
    return 0
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
