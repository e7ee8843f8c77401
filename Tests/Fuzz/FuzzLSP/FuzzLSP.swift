#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import FuzzDriver
import MapperLanguageServer

/// libFuzzer entry point: any bytes as what an editor sends `mapper lsp` on stdin (frames, JSON,
/// requests on a catalog of one mapping file). The server must read them to the end without
/// trapping or hanging, and exit with 0 or 1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The input as a file the server reads to its end; what it writes goes to /dev/null.
    var template = Array("/tmp/fuzz-lsp-XXXXXX".utf8CString)
    let input = mkstemp(&template)
    guard input >= 0 else { fatalError("mkstemp failed") }
    unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    var written = 0
    while written < size {
        let count = write(input, data + written, size - written)
        guard count > 0 else { fatalError("write failed") }
        written += count
    }
    lseek(input, 0, SEEK_SET)
    let output = open("/dev/null", O_WRONLY)
    defer {
        close(input)
        close(output)
    }
    let server = LanguageServer(configuration: .init(paths: [catalog]), input: input, output: output)
    let status = server.run()
    guard status == 0 || status == 1 else { fatalError("exit status \(status)") }
    return 0
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}

/// A catalog of one mapping file, written once, that the inputs' documents are checked with.
private let catalog: String = {
    let directory = "/tmp/fuzz-lsp-catalog"
    mkdir(directory, 0o700)
    let text = "mapper: 1\nmodels:\n  Issue:\n    properties:\n      id: int\n      title: { type: string, decode: \"self.title\" }\n"
    let file = open(directory + "/issue.yaml", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = text.withCString { write(file, $0, strlen($0)) }
    close(file)
    return directory
}()
