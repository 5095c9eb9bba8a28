import Foundation

/// A module of app types named like the runtime's (`Event`, `Signal`, ...), which random specs
/// import (issue 26 item 7): spec code settles each clash with a scoped import or the module's
/// name, and the generated code, which names the runtime's types with `Reactive.`, must compile.
public enum AppTypesModule {
    public static let name = "RandomAppTypes"

    /// The types, each with a `count` that spec code reads.
    public static let typeNames = ["Event", "Signal", "Property", "Command", "Validation", "Invariant", "Lifetime", "Transactions"]

    static var source: String {
        typeNames.map { "public struct \($0): Equatable, Sendable {\n    public var count = 0\n    public init() {}\n}\n" }.joined()
    }

    /// Builds the module into `folder` (for `swiftc -I folder`).
    public static func build(in folder: URL) throws {
        try buildModule(name, source: source, in: folder)
    }

    /// Builds a module `name` of `source` into `folder`.
    public static func buildModule(_ name: String, source: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(name + ".swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
                             "-emit-module-path", folder.appendingPathComponent(name + ".swiftmodule").path, file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BuildFailed(module: name, status: process.terminationStatus) }
    }

    public struct BuildFailed: Error, CustomStringConvertible {
        public var module: String
        public var status: Int32
        public var description: String { "swiftc could not build \(module) (status \(status))" }
    }
}
