// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mapper",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MapperKit", targets: ["MapperKit"]),
        .executable(name: "mapper", targets: ["MapperCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "MapperYAML", dependencies: ["CYaml"]),
        .target(name: "MapperKit", dependencies: ["MapperYAML"]),
        .executableTarget(
            name: "MapperCLI",
            dependencies: [
                "MapperKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "MapperYAMLTests", dependencies: ["MapperYAML"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MapperKitTests",
            dependencies: ["MapperKit", "MapperYAML"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "MapperCLITests", dependencies: ["MapperCLI"]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
