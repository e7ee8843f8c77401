import FuzzDriver
import MapperYAML

/// libFuzzer entry point: any bytes through the YAML reader. It must never trap; every problem is
/// an error with a position inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Smaller limits than the defaults, so that alias bombs are cut off quickly.
    let document = YAML.parse(bytes, file: "fuzz.yaml", limits: YAMLLimits(maxDepth: 64, maxNodes: 10_000))
    for error in document.errors {
        guard error.mark.line >= 1, error.mark.column >= 1, !error.message.isEmpty else {
            fatalError("error without a usable position or message: \(error)")
        }
    }
    return 0
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
