import Foundation
import Testing
@testable import VMGenLSP

@Suite("Completion and hover answer from the last analysis and the current text, without checking a pending edit")
struct UncheckedAnswersTests {
    @Test("hover right after an edit does not check the edit first, and finds names where the text now has them")
    func hoverDoesNotWaitForACheck() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        _ = session.diagnostics("Counter.vm.yaml")
        let path = DocumentURI.path(of: session.uri("Counter.vm.yaml"))
        // Two lines above everything: `doubled` moves from line 6 to line 8.
        session.change("Counter.vm.yaml", "# one\n# two\n" + counter, version: 2)
        let hover = session.request("textDocument/hover", session.at("Counter.vm.yaml", 8, 4))["result"]
        #expect("\(hover ?? .null)".contains("derived value") && "\(hover ?? .null)".contains("Twice the count"), "\(hover ?? .null)")
        #expect(!session.server.workspace.isChecked(path), "hover checked the pending edit")
        // On `count` in `count * 2`: the value it names, from the last analysis (what reads it).
        let read = session.request("textDocument/hover", session.at("Counter.vm.yaml", 8, 33))["result"]
        #expect("\(read ?? .null)".contains("state") && "\(read ?? .null)".contains("Read by"), "\(read ?? .null)")
        #expect(session.completionLabels("Counter.vm.yaml", 8, 33).contains("count"))
        #expect(!session.server.workspace.isChecked(path), "completion checked the pending edit")
        // Definition needs the fresh check, and gives the declaration where it is now (line 6).
        let definition = session.request("textDocument/definition", session.at("Counter.vm.yaml", 8, 33))["result"]
        #expect(definition == JSONValue(encoding: [Location(uri: session.uri("Counter.vm.yaml"), range: Range(start: Position(line: 6, character: 2), end: Position(line: 6, character: 7)))]))
        #expect(session.server.workspace.isChecked(path))
    }
}
