import ArgumentParser
import VMGenCore

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec format, for editors that complete and check YAML.",
        discussion: "The repository keeps a copy in docs/vm-spec.schema.json.")

    func run() throws {
        print(SpecSchema.json(), terminator: "")
    }
}
