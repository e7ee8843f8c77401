import FuzzDriver
import FuzzSupport
import MapperKit

/// libFuzzer entry point: `Model\n` and any bytes as canonical JSON for that model of the bundled
/// catalog with FuzzEncode's own models (flattened ones, kept unknown keys: `Tests/Fuzz/Mappings`).
/// Encoding must never trap, and the encode transcoder and the general path (read the canonical
/// JSON into models, then encode them) must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (model, json) = FuzzInput.split(UnsafeRawBufferPointer(start: data, count: size), in: FuzzInput.encodeCatalog)
    var fast = MappingSession(catalog: FuzzInput.encodeCatalog)
    var general = MappingSession(catalog: FuzzInput.encodeCatalog)
    general.usesTranscoder = false
    let viaTranscoder = Result { () throws(MappingErrors) in try fast.encodeCanonical(json, as: model) }
    let viaModels = Result { () throws(MappingErrors) in try general.encodeCanonical(json, as: model) }
    _ = FuzzInput.agreement(model, transcoder: viaTranscoder, general: viaModels, "the general encoder")
    return 0
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
