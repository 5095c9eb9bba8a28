// swift-tools-version: 6.1
import PackageDescription

// The benchmarks of issue #7, a package of their own: OpenCombine is only a peer to measure
// against, so the main package and its CI never build it.
let package = Package(
    name: "VMGenBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "VMGen", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // W11: the template engines measured for `Templates/` (issue 22).
        .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // `vmgen generate Benchmarks/Specs --output Benchmarks/Sources/DiamondViewModel`, checked in.
        .target(
            name: "DiamondViewModel",
            dependencies: [.product(name: "Reactive", package: "VMGen")]
        ),
        // W3's baseline: the same diamond written by hand (its own module, like the generated one).
        .target(
            name: "HandWrittenDiamond",
            dependencies: [.product(name: "Reactive", package: "VMGen")]
        ),
        .executableTarget(
            name: "vmgen-bench",
            dependencies: [
                "DiamondViewModel",
                "HandWrittenDiamond",
                .product(name: "Reactive", package: "VMGen"),
                .product(name: "VMGenCore", package: "VMGen"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Stencil", package: "Stencil"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Issue 29: `vmgen lsp`'s latencies on a 200-value spec (diagnostics after an edit,
        // completion), in process; separate from vmgen-bench, whose workloads are ns per operation.
        .executableTarget(
            name: "lsp-bench",
            dependencies: [.product(name: "VMGenLSP", package: "VMGen"), .product(name: "VMGenCore", package: "VMGen")]
        ),
        // Issue 15, item 6: a program that only reads one YAML file with Yams, the start-up floor
        // that `Benchmarks/startup.sh` compares one `vmgen generate` of one spec with.
        .executableTarget(
            name: "yams-start",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
