import ArgumentParser
import Foundation
import VMGenCore

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter spec, NAME.vm.yaml, that generates a working view model, NAMEViewModel.")

    @Argument(help: "The view model's name, with or without the ViewModel suffix: Counter and CounterViewModel both write Counter.vm.yaml for the class CounterViewModel.")
    var name: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the spec to.", valueName: "dir"))
    var output: String = "."

    func validate() throws {
        guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw ValidationError("NAME must be a Swift type name such as Counter")
        }
        guard !StarterSpec.baseName(name).isEmpty else {
            throw ValidationError("NAME needs a name before ViewModel, such as CounterViewModel")
        }
    }

    func run() throws {
        let name = StarterSpec.baseName(self.name)
        let url = URL(fileURLWithPath: output).appendingPathComponent("\(name).vm.yaml")
        guard !FileManager.default.fileExists(atPath: url.path) else {
            Console.error("\(url.relativePath): error: the file exists; vmgen init never overwrites a spec")
            throw ExitCode.failure
        }
        do {
            try OutputWriter().create(StarterSpec.text(name: name), at: url)
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
        print("vmgen: wrote \(url.relativePath)")
    }
}
