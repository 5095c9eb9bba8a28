// swift-tools-version: 6.1
// A package outside VMGen that uses its build plugin, as an app's package would. `.ci/plugin-check.sh`
// builds and tests it; it depends on the VMGen checkout it sits in, three folders up.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "VMGen", path: "../../.."),
    ],
    targets: [
        .target(
            name: "ConsumerViewModels",
            dependencies: [.product(name: "Reactive", package: "VMGen")],
            plugins: [.plugin(name: "VMGenPlugin", package: "VMGen")]
        ),
        // Its tests use ReactiveTesting as a user's would; `InspectionTests` reaches the
        // generated testing members through `@_spi(Testing) import ConsumerViewModels`.
        .testTarget(
            name: "ConsumerViewModelsTests",
            dependencies: ["ConsumerViewModels", .product(name: "ReactiveTesting", package: "VMGen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
