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
    switch (viaTranscoder, viaModels) {
    case (.success(let external), .success(let expected)):
        guard external == expected else {
            fatalError("\(model): the transcoder wrote \(text(external)), the general encoder \(text(expected))")
        }
    case (.failure(let error), .failure(let expected)):
        guard error == expected else { fatalError("\(model): the two paths report different errors:\n\(error)\n\(expected)") }
    default:
        fatalError("\(model): the transcoder gave \(viaTranscoder), the general encoder \(viaModels)")
    }
    return 0
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
