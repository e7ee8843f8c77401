import FuzzDriver
import MapperCEL

/// libFuzzer entry point: any bytes as a CEL expression. Parsing and evaluation must never trap or
/// hang; every error carries a column inside the expression (or just past its end).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let length = source.unicodeScalars.count
    let variables: [String: CELValue] = [
        "x": .int(7),
        "s": .string("héllo"),
        "l": .list([.int(1), .string("a"), .double(2.5)]),
        "m": .map(CELMap([(.string("k"), .list([.bool(true)])), (.int(1), .null)])),
    ]
    do {
        let program = try CELProgram(source: source, costLimit: 10_000)
        _ = try program.evaluate(variables)
    } catch {
        guard error.column >= 1, error.column <= length + 1, !error.message.isEmpty else {
            fatalError("error without a usable column or message: \(error) in \(source.debugDescription)")
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
