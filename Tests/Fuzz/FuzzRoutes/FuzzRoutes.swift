import FuzzDriver
import FuzzSupport
import MapperKit

/// libFuzzer entry point: any bytes as a URL (the first byte picks the method and status) against
/// the bundled catalog's routes. Matching must never trap, and a match must be one a route allows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let methods: [String?] = [nil, "GET", "post", "PATCH", "DELETE", "PUT", "HEAD", "get"]
    let statuses: [Int?] = [nil, 200, 404, 500]
    let method = methods[Int(data[0] & 7)]
    let status = statuses[Int(data[0] >> 3 & 3)]
    let url = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    guard let match = FuzzInput.catalog.routes.match(url, method: method, status: status) else { return 0 }
    let route = match.route
    guard route.segments.count == match.segments.count,
        route.method == nil || route.method == (method?.uppercased() ?? "GET")
    else {
        fatalError("\(url) matched \(route), which does not allow it")
    }
    for (pattern, segment) in zip(route.segments, match.segments) {
        switch pattern {
        case .literal(let text): guard text == segment else { fatalError("\(url): \(segment) is not \(text)") }
        case .digits:
            guard !segment.isEmpty, segment.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                fatalError("\(url): \(segment) is not digits")
            }
        case .any: guard !segment.isEmpty else { fatalError("\(url): empty segment for *") }
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
