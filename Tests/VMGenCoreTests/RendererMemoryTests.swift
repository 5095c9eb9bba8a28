import Foundation
import Testing
@testable import VMGenCore

@Suite("Renderer memory")
struct RendererMemoryTests {
    @Test("a generator and the templates it lexed are freed when it goes")
    func generatorIsFreed() throws {
        weak var cache: AnyObject?
        do {
            let generator = try Generator()
            #expect(generator.generate(Data("viewModel: A\n".utf8), file: "A.vm.yaml").source != nil)
            cache = generator.templateCache
            #expect(cache != nil)
        }
        #expect(cache == nil, "the template cache outlived its generator: a retain cycle")
    }
}
