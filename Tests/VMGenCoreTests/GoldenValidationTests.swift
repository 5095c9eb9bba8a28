import GoldenViewModels
import Reactive
import Testing

/// The golden `Validation` spec (`ProfileFormViewModel`) run: `show: afterSubmit`, a `perform`
/// submit command, and another command enabled by `isValid`.
@MainActor
@Suite("Validation in the golden view model")
struct GoldenValidationTests {
    @Test("with show: afterSubmit, no message shows before the first attempt")
    func noMessageBeforeTheFirstAttempt() {
        let form = ProfileFormViewModel(maxNameLength: 5)
        form.name = "Ada Lovelace"
        #expect(form.nameMessage == nil && form.problemCount == 0)
        #expect(!form.nameIsValid && !form.isValid)
        form.save.execute().start()
        #expect(form.submitAttempted)
        #expect(form.saved == [], "an attempt while a rule fails runs nothing")
        #expect(form.nameMessage == #"Too long: the "name" field \ limit."#)
        #expect(form.problemCount == 1)
    }

    @Test("preview, enabled by isValid, is enabled exactly when no message would show")
    func enabledAgreesWithTheMessages() {
        let form = ProfileFormViewModel(maxNameLength: 5)
        form.save.execute().start()
        for (name, nickname) in [("", ""), ("Ada", ""), ("Ada", "Ada"), ("Ada Lovelace", "Countess"), ("Ada", "Countess")] {
            form.update {
                $0.name = name
                $0.nickname = nickname
            }
            let noMessage = form.nameMessage == nil && form.nicknameMessage == nil
            #expect(form.previewIsEnabled == noMessage, "name \(name), nickname \(nickname)")
            #expect(form.isValid == noMessage)
        }
        form.save.execute().start()
        #expect(form.saved == ["Ada"])
    }
}
