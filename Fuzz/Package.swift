// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// SwiftPM names a package dependency by its folder's name, which depends on where the
/// repository was cloned (`main`, `wt-fuzz`, ...); read it rather than spell it.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// The generator's fuzzer (issue #6). Its own root package, so the libFuzzer flags below
/// never reach the main package. Build and run it with `Fuzz/run.sh SECONDS`.
let package = Package(
    name: "VMGenFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // The invariants every input must keep; plain Swift, so the replay tool and the
        // fuzzer check exactly the same things.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "VMGenCore", package: rootPackage),
                .product(name: "RandomSpecs", package: rootPackage),
            ]
        ),
        // libFuzzer's entry point. Built with `-Xswiftc -sanitize=fuzzer` (see run.sh);
        // libFuzzer supplies `main`, so the file is parsed as a library.
        .executableTarget(
            name: "VMGenFuzz",
            dependencies: ["FuzzSupport"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // Runs given files (or every file of given folders) through the same checks
        // without libFuzzer: for replaying a crash under the debugger or in CI.
        .executableTarget(
            name: "vmgen-fuzz-replay",
            dependencies: ["FuzzSupport", .product(name: "VMGenCore", package: rootPackage)]
        ),
        // Issue #10: random valid specs of given seeds are accepted and their outputs compile
        // together; prints a census of the failures (see Fuzz/README.md).
        .executableTarget(
            name: "vmgen-random-specs",
            dependencies: ["FuzzSupport", .product(name: "RandomSpecs", package: rootPackage)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
