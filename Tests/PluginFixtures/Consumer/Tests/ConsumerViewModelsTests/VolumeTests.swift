import ConsumerViewModels
import Testing

/// The consumer's view models come from VMGen's build plugin, built with this package's own
/// templates (`VMGenTemplates/Value.mustache` adds a `<name>Key` for every value).
@MainActor
struct VolumeTests {
    @Test func startsQuietAndCanGoBothWays() {
        let volume = VolumeViewModel()
        #expect(volume.level == 3)
        #expect(volume.loudness == .quiet)
        #expect(volume.louderIsEnabled)
        #expect(volume.quieterIsEnabled)
    }

    @Test func louderStopsAtTen() {
        let volume = VolumeViewModel()
        for _ in 0..<12 { volume.louder.execute().start() }
        #expect(volume.level == 10)
        #expect(volume.loudness == .loud)
        #expect(!volume.louderIsEnabled)
    }

    @Test func muteSilencesAndDisablesGoingQuieter() {
        let volume = VolumeViewModel()
        volume.mute.execute().start()
        #expect(volume.isMuted)
        #expect(volume.loudness == .silent)
        #expect(!volume.quieterIsEnabled)
        #expect(!volume.muteIsEnabled)
        volume.quieter.execute().start()
        #expect(volume.level == 0)
    }

    @Test func greetsByNameOnceOneIsTyped() {
        let greeting = GreetingViewModel()
        #expect(greeting.greeting == "Hello!")
        greeting.name = "Ada"
        #expect(greeting.greeting == "Hello, Ada!")
    }

    @Test func thePackagesOwnValueTemplateWasUsed() {
        #expect(VolumeViewModel.levelKey == "level")
        #expect(VolumeViewModel.isMutedKey == "isMuted")
        #expect(GreetingViewModel.greetingKey == "greeting")
    }
}
