import FuzzDriver
import MapperKit

/// libFuzzer entry point: any bytes through the JSON tokenizer. Invalid input must be a syntax error
/// pointing inside it; valid input must survive every writer: the tape's direct copy, its
/// length-limited form (when it fits), and `JSONWriter`'s compact and pretty text all read back as the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var tape = JSONTape()
    do {
        try JSONTokenizer.tokenize(bytes, into: &tape)
    } catch {
        guard error.offset >= 0, error.offset <= size, error.line >= 1, error.column >= 1 else {
            fatalError("syntax error outside the input: \(error)")
        }
        return 0
    }
    let (value, copied, limited) = JSONDocument.with(bytes: bytes, tape: tape) { document in
        var output = JSONOutput()
        document.write(valueAt: document.root, to: &output)
        var short = JSONOutput()
        document.write(valueAt: document.root, to: &short, limit: size / 2 + 16)
        return (document.jsonValue(at: document.root), output.bytes, short.bytes)
    }
    expect(value, readsBackFrom: copied, "the tape's copy")
    expect(value, readsBackFrom: Array(JSONWriter.write(value).utf8), "compact text")
    expect(value, readsBackFrom: Array(JSONWriter.write(value, pretty: true).utf8), "pretty text")
    if limited.count <= size / 2 + 16 { expect(value, readsBackFrom: limited, "the limited copy") }
    return 0
}

private func expect(_ value: JSONValue, readsBackFrom bytes: [UInt8], _ what: String) {
    guard let reread = try? JSONValue(parsing: bytes), reread == value else {
        fatalError("\(what) does not read back as the value: \(String(decoding: bytes, as: UTF8.self))")
    }
}

@main
enum Main {
    static func main() {
        mapper_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
