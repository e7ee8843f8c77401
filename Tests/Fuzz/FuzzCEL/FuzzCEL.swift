import FuzzDriver
import MapperCEL

/// libFuzzer entry point: any bytes as a CEL expression. Parsing, type checking and evaluation must
/// never trap or hang; every error carries a column inside the expression (or just past its end).
/// A program that declares its variables (names resolved once, when it is parsed) must evaluate
/// exactly as the same program resolving names while it runs.
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
    func checkColumn(_ error: CELError) {
        guard error.column >= 1, error.column <= length + 1, !error.message.isEmpty else {
            fatalError("error without a usable column or message: \(error) in \(source.debugDescription)")
        }
    }
    var dynamic: Result<CELValue, CELError>?
    do {
        let program = try CELProgram(source: source, costLimit: 10_000)
        dynamic = Result { () throws(CELError) in try program.evaluate(variables) }
        if case .failure(let error) = dynamic { checkColumn(error) }
    } catch {
        checkColumn(error)
    }
    do {
        let program = try CELProgram(source: source, variables: Set(variables.keys), costLimit: 10_000)
        do {
            _ = try program.check(["x": .int, "s": .string, "l": .list(.dyn), "m": .map(.dyn, .dyn)])
        } catch {
            checkColumn(error)
        }
        let bound = Result { () throws(CELError) in try program.evaluate(variables) }
        switch (dynamic, bound) {
        case (.success(let a)?, .success(let b)) where "\(a)" == "\(b)": break
        case (.failure(let a)?, .failure(let b)) where a.code == b.code && a.column == b.column: break
        default:
            fatalError("bound and dynamic evaluation differ: \(String(describing: dynamic)) vs \(bound) for \(source.debugDescription)")
        }
    } catch {
        checkColumn(error)
    }
    return 0
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
