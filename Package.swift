// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mapper",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MapperKit", targets: ["MapperKit"]),
        .library(name: "MapperTooling", targets: ["MapperTooling"]),
        .library(name: "MapperImport", targets: ["MapperImport"]),
        .executable(name: "mapper", targets: ["MapperCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Tracing export (OTLP over HTTP only: the gRPC exporter's dependencies stay out of the build).
        // Linked into MapperService only, never MapperKit.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        // MapperImport only (`mapper import openapi`). No external loading: our own bundler resolves
        // references across files, and the trait makes OpenAPIKit much slower to compile.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // Test-only: property tests in MapperKitTests.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "MapperYAML", dependencies: ["CYaml"]),
        // glibc's `mallopt`, for the streaming commands.
        .systemLibrary(name: "CMalloc"),
        // Where the elements of a streamed JSON array end: a byte scan with SSE2 (`ArrayReader`).
        .target(name: "CJSONScan"),
        .target(name: "MapperSupport"),
        // RE2 (Debian's libre2-dev) behind a C interface, and the Swift API over it.
        .target(name: "CRE2", linkerSettings: [.linkedLibrary("re2")]),
        .target(name: "MapperRegex", dependencies: ["CRE2"]),
        // The Common Expression Language (CEL): parser and evaluator, independent of the engine.
        .target(name: "MapperCEL", dependencies: ["MapperRegex", "MapperSupport"]),
        .target(name: "MapperJSON"),
        .target(name: "MapperFormats", dependencies: ["MapperSupport", "MapperJSON"]),
        .target(
            name: "MapperKit", dependencies: ["MapperSupport", "MapperYAML", "MapperJSON", "MapperFormats", "MapperRegex", "MapperCEL"]),
        // What the CLI, the service and the language server build on the engine and embedders of
        // the engine do not need: golden tests and coverage, `mapper compat`, the catalog graph.
        .target(name: "MapperTooling", dependencies: ["MapperKit", "MapperSupport", "MapperJSON", "MapperCEL"]),
        // `mapper lsp`: the language server (JSON-RPC over stdio).
        .target(
            name: "MapperLanguageServer",
            dependencies: ["MapperKit", "MapperTooling", "MapperYAML", "MapperSupport", "MapperCEL", "MapperFormats"]),
        .target(
            name: "MapperImport",
            dependencies: [
                "MapperKit",
                "MapperYAML",
                "MapperSupport",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ]
        ),
        .target(
            name: "MapperService",
            dependencies: [
                "MapperKit",
                "MapperTooling",
                "MapperYAML",
                "MapperSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "OTel", package: "swift-otel"),
            ],
            // The playground's page, built into the binary (PackageResources); CodeMirror is read
            // from Debian's libjs-codemirror at startup.
            resources: [
                .embedInCode("Playground/Page/playground.html"),
                .embedInCode("Playground/Page/playground.css"),
                .embedInCode("Playground/Page/playground.js"),
            ],
            plugins: ["BuildRevision"]
        ),
        // Writes the git revision `mapper --version` shows (MapperVersion).
        .plugin(name: "BuildRevision", capability: .buildTool(), path: "Plugins/BuildRevision"),
        .executableTarget(
            name: "MapperCLI",
            dependencies: [
                "CMalloc",
                "CJSONScan",
                "MapperKit",
                "MapperTooling",
                "MapperImport",
                "MapperLanguageServer",
                "MapperService",
                "MapperSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "MapperSupportTests", dependencies: ["MapperSupport"]),
        .testTarget(name: "CJSONScanTests", dependencies: ["CJSONScan", "MapperTestSupport"]),
        .testTarget(name: "MapperRegexTests", dependencies: ["MapperRegex"]),
        .testTarget(name: "MapperCELTests", dependencies: ["MapperCEL"]),
        // cel-spec's conformance files (Tests/CELConformance/Data), one parameterised test case each.
        .testTarget(name: "CELConformanceTests", dependencies: ["MapperCEL"]),
        .testTarget(name: "MapperJSONTests", dependencies: ["MapperJSON"], resources: [.copy("Fixtures")]),
        .testTarget(name: "MapperFormatsTests", dependencies: ["MapperFormats", "MapperJSON", "MapperTestSupport"]),
        .testTarget(name: "MapperYAMLTests", dependencies: ["MapperYAML", "MapperTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MapperKitTests",
            dependencies: [
                "MapperKit",
                "MapperYAML",
                "MapperSupport",
                "MapperTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // What the test targets share: the built `mapper` binary, a live `mapper serve`, temporary
        // catalogs, raw HTTP.
        .target(name: "MapperTestSupport", dependencies: ["MapperKit", "MapperSupport"], path: "Tests/MapperTestSupport"),
        .testTarget(name: "MapperToolingTests", dependencies: ["MapperTooling", "MapperKit", "MapperTestSupport"]),
        .testTarget(
            name: "MapperImportTests",
            dependencies: ["MapperImport", "MapperKit", "MapperTooling", "MapperYAML"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "MapperCLITests", dependencies: ["MapperCLI", "MapperTestSupport"]),
        .testTarget(name: "MapperLanguageServerTests", dependencies: ["MapperLanguageServer", "MapperKit", "MapperTestSupport"]),
        .testTarget(
            name: "MapperServiceTests",
            dependencies: [
                "MapperService",
                "MapperKit",
                "MapperTooling",
                "MapperSupport",
                "MapperTestSupport",
                // Not imported: the live tests run the built `mapper` binary, so it must be built.
                "MapperCLI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// Benchmarks (Benchmarks/MapperBenchmarks): only when MAPPER_BENCHMARKS is set, so that a normal
// build neither resolves nor builds the benchmark package. Run them with
// `MAPPER_BENCHMARKS=1 swift package benchmark` (README, "Development").
if Context.environment["MAPPER_BENCHMARKS"] != nil {
    package.dependencies += [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"])
    ]
    package.targets += [
        // The heap a loaded catalog holds (glibc's mallinfo2, which Swift's Glibc does not export).
        .target(name: "CHeapUsage", path: "Benchmarks/CHeapUsage"),
        .executableTarget(
            name: "MapperBenchmarks",
            dependencies: [
                "MapperKit",
                "CHeapUsage",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MapperBenchmarks",
            exclude: ["Resources"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
}

// Fuzz targets (Tests/Fuzz/<Target>): libFuzzer entry points, only when MAPPER_FUZZ is set, so that a
// normal build never sees them. `script/fuzz` builds them with `-sanitize=fuzzer,address` in
// `.build-fuzz` and runs them (README, "Robustness").
if Context.environment["MAPPER_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzYAML", ["MapperYAML"]),
        ("FuzzCatalog", ["MapperKit"]),
        ("FuzzJSON", ["MapperKit"]),
        ("FuzzDecode", ["MapperKit", "FuzzSupport"]),
        ("FuzzEncode", ["MapperKit", "FuzzSupport"]),
        ("FuzzRoutes", ["MapperKit", "FuzzSupport"]),
        ("FuzzCEL", ["MapperCEL"]),
        ("FuzzLSP", ["MapperLanguageServer"]),
    ]
    for (name, dependencies) in fuzzTargets {
        package.targets.append(
            .executableTarget(name: name, dependencies: dependencies + ["FuzzDriver"], path: "Tests/Fuzz/\(name)"))
    }
    package.targets += [
        .target(name: "FuzzDriver", path: "Tests/Fuzz/FuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["MapperKit"], path: "Tests/Fuzz/FuzzSupport"),
    ]
}

for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
