// swift-tools-version: 6.1
// The runtime's tests as a package of their own: it builds `Reactive`, `ReactiveTesting` and
// `Tests/ReactiveTests` (through the `ReactiveTests` symlink) and nothing of the generator, so
// no swift-syntax. `.ci/run` runs it under the thread sanitizer; it is also the quickest loop
// when working on `Sources/Reactive`:
//
//     swift test --package-path Tests/Runtime
import PackageDescription

let package = Package(
    name: "RuntimeTests",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "VMGen", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "ReactiveTests",
            dependencies: [
                .product(name: "Reactive", package: "VMGen"),
                .product(name: "ReactiveTesting", package: "VMGen"),
            ],
            path: "ReactiveTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
