import Hummingbird

// `GET /healthz` and `POST /echo`, which collects a JSON body and answers it back: what a decoding
// request does around its mapping, and nothing else. usage: BareHummingbird PORT
let router = Router()
router.get("healthz") { _, _ -> Response in
    Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
}
router.post("echo") { request, _ -> Response in
    let body = try await request.body.collect(upTo: 1 << 20)
    return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
}
let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) : nil
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port ?? 8080)))
try await application.runService()
