// swift-tools-version: 6.1
// The runtime's tests as a package of their own: it builds `Reactive`, `ReactiveTesting`,
// `Tests/ReactiveTests` (through the `ReactiveTests` symlink), the golden view models
// (`Tests/Golden/Expected`, through `GoldenViewModels`) and the tests a user's test target would
// write against them (`ReleaseConsumerTests`), and nothing of the generator, so no swift-syntax.
// `.ci/run` runs it under the thread sanitizer, and `.ci/release-check.sh` in release; it is also
// the quickest loop when working on `Sources/Reactive`:
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
        // The golden view models, as generated: an app's module of view models.
        .target(
            name: "GoldenViewModels",
            dependencies: [.product(name: "Reactive", package: "VMGen")],
            path: "GoldenViewModels"
        ),
        // A user's tests of those view models, through the SPI `Testing` (see InspectionTests).
        .testTarget(
            name: "ReleaseConsumerTests",
            dependencies: [
                "GoldenViewModels",
                .product(name: "Reactive", package: "VMGen"),
                .product(name: "ReactiveTesting", package: "VMGen"),
            ],
            path: "ReleaseConsumerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
