import ArgumentParser
import Foundation
import VMGenCore
import VMGenLSP

struct LSP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server for specs over standard input and output.",
        discussion: """
            Speaks the Language Server Protocol (3.17) to an editor: diagnostics as you type (the \
            same as `vmgen lint`, with the specs of the spec's folder), completion of keys and of \
            the names spec code may read, hover, go to definition, references, outline, rename, \
            quick fixes and the `vmgen.showGeneratedSwift` command. An editor starts it; see \
            docs/editors.md.
            """)

    @Option(help: ArgumentHelp("A folder of Mustache templates for `vmgen.showGeneratedSwift` (docs/templates.md).", valueName: "dir"))
    var templates: String?

    func run() throws {
        let generator = try Generator(customTemplates: templates.map { URL(fileURLWithPath: $0, isDirectory: true) })
        let code = ServerLoop().run(generator: generator)
        if code != 0 { throw ExitCode(code) }
    }
}
