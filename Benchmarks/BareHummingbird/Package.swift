// swift-tools-version: 6.0
import PackageDescription

// The HTTP server mapper serve runs on, with nothing of mapper: what `script/load` (FLOOR=1)
// measures next to the service, so that the service's ratios have the framework's own beside them.
let package = Package(
    name: "BareHummingbird",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1")],
    targets: [
        .executableTarget(name: "BareHummingbird", dependencies: [.product(name: "Hummingbird", package: "hummingbird")])
    ]
)
