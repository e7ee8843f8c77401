import FuzzDriver
import FuzzSupport
import MapperKit

/// libFuzzer entry point: `Model\n` and any bytes as canonical JSON for that model of the bundled
/// catalog. Encoding must never trap, and the encode transcoder and the general path (read the
/// canonical JSON into models, then encode them) must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (model, json) = FuzzInput.split(UnsafeRawBufferPointer(start: data, count: size))
    var fast = MappingSession(catalog: FuzzInput.catalog)
    var general = MappingSession(catalog: FuzzInput.catalog)
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
