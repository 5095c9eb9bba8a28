import Foundation
import Testing
@testable import VMGenCore

@Suite("Renderer memory")
struct RendererMemoryTests {
    @Test("a generator and the templates it lexed are freed when it goes")
    func generatorIsFreed() throws {
        weak var cache: AnyObject?
        // Only custom templates go through Stencil and its cache.
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{ value.declaration }}\n".write(to: folder.appendingPathComponent("Value.stencil"), atomically: true, encoding: .utf8)
        do {
            let generator = try Generator(customTemplates: folder)
            #expect(generator.generate(Data("viewModel: A\n".utf8), file: "A.vm.yaml").source != nil)
            cache = generator.templateCache
            #expect(cache != nil)
        }
        #expect(cache == nil, "the template cache outlived its generator: a retain cycle")
    }
}
