// swift-tools-version: 6.1
import PackageDescription

/// Every default template, embedded into `VMGenCore` so the generator works from any directory.
/// The files live in the top-level `Templates/`; `Sources/VMGenCore/Templates` is a symlink to it.
let templateFiles = [
    "ViewModel.swift.mustache",
    "Value.mustache",
    "Function.mustache",
]

let package = Package(
    name: "VMGen",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
        .library(name: "VMGenCore", targets: ["VMGenCore"]),
        // The language server, for the benchmarks (`vmgen lsp` runs it).
        .library(name: "VMGenLSP", targets: ["VMGenLSP"]),
        // Random valid specs, for the property test and the fuzzer.
        .library(name: "RandomSpecs", targets: ["RandomSpecs"]),
        .executable(name: "vmgen", targets: ["vmgen"]),
        // Generation as a build step; see docs/plugin.md.
        .plugin(name: "VMGenPlugin", targets: ["VMGenPlugin"]),
        .plugin(name: "GenerateViewModels", targets: ["GenerateViewModels"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Swift's own parser, for reading the Swift code in specs (matches the 6.3 toolchain).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // Random action sequences and their shrinking, for the explorer in ReactiveTesting.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The reactive runtime every generated view model runs on.
        .target(name: "Reactive"),
        // Test support for the runtime: virtual-time scheduler, event recorders, change recorder,
        // controllable fakes and the explorer of generated view models.
        .target(
            name: "ReactiveTesting",
            dependencies: ["Reactive", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // Spec model, YAML decoding, validation, dependency graph, rendering.
        .target(
            name: "VMGenCore",
            dependencies: [
                "Yams",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ],
            resources: templateFiles.map { .embedInCode("Templates/\($0)") }
        ),
        // The language server (`vmgen lsp`): JSON-RPC over stdio and the LSP features, over VMGenCore.
        .target(name: "VMGenLSP", dependencies: ["VMGenCore"]),
        // The command-line tool.
        .executableTarget(
            name: "vmgen",
            dependencies: ["VMGenCore", "VMGenLSP", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Hand-written models and service protocols the example view models use.
        .target(name: "ExampleModels", dependencies: ["Reactive", "SplitMix"]),
        // The one seeded random generator, for the example die and for random specs.
        .target(name: "SplitMix"),
        // The checked-in output of `vmgen generate Specs --output Generated`.
        .target(name: "GeneratedViewModels", dependencies: ["Reactive", "ExampleModels"], path: "Generated"),

        // Build-tool plugin: one `vmgen generate` command per `*.vm.yaml` in a target.
        .plugin(name: "VMGenPlugin", capability: .buildTool(), dependencies: ["vmgen"]),
        // Command plugin: `swift package --allow-writing-to-package-directory generate-view-models`
        // regenerates checked-in output (Specs -> Generated where both exist, else each target that holds specs).
        .plugin(
            name: "GenerateViewModels",
            capability: .command(
                intent: .custom(
                    verb: "generate-view-models",
                    description: "Regenerate view models from their specs (default: Specs -> Generated where both exist, else each target that holds specs)."
                ),
                permissions: [.writeToPackageDirectory(reason: "vmgen writes the generated view models into the package.")]
            ),
            dependencies: ["vmgen"]
        ),

        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"]),
        // What the test targets share: the `.slow` tag and the fast loop's condition.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The golden files of the generator's tests, compiled so "the output compiles" is tested.
        .target(name: "GoldenViewModels", dependencies: ["Reactive"], path: "Tests/Golden/Expected"),
        // ExampleModels: its module, which `Generated/` imports, for type-checking the generated files (LanguageModeTests).
        .testTarget(
            name: "VMGenCoreTests",
            dependencies: ["VMGenCore", "GoldenViewModels", "ExampleModels", "RandomSpecs", "TestSupport"]
        ),
        // Random valid specs (issue #10): deterministic from a seed, no dependencies but the generator.
        .target(name: "RandomSpecs", dependencies: ["SplitMix"]),
        // Every random spec is accepted and all outputs compile together against `Reactive`
        // (a dependency so that its module is built before the test runs).
        .testTarget(name: "RandomSpecsTests", dependencies: ["RandomSpecs", "VMGenCore", "Reactive", "TestSupport", "Yams"]),
        .testTarget(name: "VMGenLSPTests", dependencies: ["VMGenLSP", "VMGenCore", "TestSupport"]),
        .testTarget(
            name: "GeneratedViewModelsTests",
            dependencies: [
                "GeneratedViewModels", "ExampleModels", "Reactive", "ReactiveTesting", "VMGenCore",
                // The golden view models, among them the explorer's planted bug (Publisher).
                "GoldenViewModels",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
