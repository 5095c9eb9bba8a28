import Foundation
import Testing
@testable import VMGenCore

/// Each type text of a spec is parsed once, by the checker (`SpecTypeTable`); the validated
/// model keeps the table and the context builder reads the facts from it instead of parsing
/// the text again.
@Suite("Spec type table")
struct SpecTypeTableTests {
    static let spec = """
        viewModel: Shelf
        parameters:
          title: { type: String }
          onPick: { type: "@Sendable (Int) -> Void" }
        dependencies:
          store: { type: any Store & Sendable }
        state:
          rows: { type: "[Row]", initial: "[]" }
          count: { type: Int, initial: "0" }
          picked: { type: "Int?" }
        derived:
          total: { type: Int, value: count + rows.count }
        resources:
          details:
            type: "[String: Row]"
            trigger: [init]
            load: store.details()
          cover:
            type: String
            failure: Never
            trigger: [init]
            load: store.cover()
        """

    static func model() throws -> ViewModelModel {
        let output = try Generator().check(Data(spec.utf8), file: "Shelf.vm.yaml")
        return try #require(output.model, "rejected: \(output.diagnostics.map(\.description))")
    }

    @Test("the model keeps one parse of every type text the spec writes, and only those")
    func everyTextOnce() throws {
        let types = try Self.model().types
        // `any Error` is the failure of `details`, which declares none.
        let texts = ["String", "@Sendable (Int) -> Void", "any Store & Sendable", "[Row]", "Int", "Int?", "[String: Row]",
                     "Never", "any Error"]
        #expect(types.count == texts.count)
        for text in texts {
            let facts = try #require(types[text], "`\(text)` was not parsed")
            #expect(facts == SpecTypeFacts(SpecCode.type(text)), "`\(text)`")
        }
    }

    @Test("the facts are those of the text's parse")
    func facts() {
        var table = SpecTypeTable()
        #expect(table.facts(of: "[String: Photo]").identifiers == ["String", "Photo"])
        #expect(table.facts(of: "[Row]").isArray == true)
        #expect(table.facts(of: "Set<Row>").isArray == false)
        #expect(table.facts(of: "((Int) -> Int)").isFunctionType)
        #expect(!table.facts(of: "((Int) -> Int)?").isFunctionType)
        #expect(table.facts(of: "any Error").needsParenthesesForOptional)
        #expect(table.facts(of: "A & B").needsParenthesesForOptional)
        #expect(!table.facts(of: "Int?").needsParenthesesForOptional)
        let broken = table.facts(of: "Int>")
        #expect(!broken.problems.isEmpty)
        #expect(broken.identifiers == nil && broken.isArray == nil && broken.needsParenthesesForOptional)
        // Asking again gives the kept facts, not a second entry.
        #expect(table.facts(of: "[Row]").isArray == true)
        #expect(table.count == 9)
    }

    @Test("the optional of a type agrees with a parse of it")
    func optionals() throws {
        let cases: [(name: String, optional: String)] = [
            ("Int", "Int?"), ("Int?", "Int??"), ("any Error", "(any Error)?"), ("Never", "Never?"),
            ("@Sendable (Int) -> Void", "(@Sendable (Int) -> Void)?"), ("() -> Int", "(() -> Int)?"),
        ]
        for (name, optional) in cases {
            let parsed = SpecTypeFacts(SpecCode.type(name))
            #expect(SwiftNames.optional(name, needsParentheses: parsed.needsParenthesesForOptional) == optional, "`\(name)`")
        }
    }

    @Test("a resource's value is the optional of its type: as the spec wrote it in its declaration, the alias elsewhere")
    func resourceOptionals() throws {
        let model = try Self.model()
        let builder = ContextBuilder(model: model)
        let details = try #require(model.reactiveValues.first { $0.name == "details" })
        let cover = try #require(model.reactiveValues.first { $0.name == "cover" })
        // `[String: Row]` is the spec's (it names `Row`), so the rest of the class names its alias.
        #expect(builder.typeName(of: details) == "_details$Type?")
        #expect(builder.typeName(of: cover) == "String?")
        let declaration = builder.typePieces(of: details)
        guard case .spec(let written, let alias) = declaration.first else {
            Issue.record("`details` is not shown as the spec wrote it: \(declaration)")
            return
        }
        #expect(written.value == "[String: Row]" && alias == "_details$Type")
    }
}
