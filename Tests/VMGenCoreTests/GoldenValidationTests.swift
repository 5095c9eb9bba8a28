import GoldenViewModels
import Reactive
import Testing

/// The golden `Validation` spec (`ProfileFormViewModel`) run: `show: afterSubmit`, a `task`
/// submit command, and another command enabled by `isValid`.
@MainActor
@Suite("Validation in the golden view model")
struct GoldenValidationTests {
    /// Waits, a millisecond at a time and at most a minute (a parallel test run can keep the
    /// main actor from this test for seconds), until `done` holds; a test issue when it never does.
    func wait(until done: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while !done(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(done(), "still not done after a minute", sourceLocation: sourceLocation)
    }

    @Test("with show: afterSubmit, no message shows before the first attempt, and a failing attempt runs no task")
    func noMessageBeforeTheFirstAttempt() async throws {
        let form = ProfileFormViewModel(maxNameLength: 5)
        form.name = "Ada Lovelace"
        #expect(form.nameMessage == nil && form.problemCount == 0)
        #expect(!form.nameIsValid && !form.isValid)
        form.save.execute().start()
        // The attempt is part of the execution's start: its messages show at once.
        #expect(form.submitAttempted)
        #expect(form.nameMessage == #"Too long: the "name" field \ limit."#)
        #expect(form.problemCount == 1)
        // Had the task started, the command would execute until it ended.
        try await wait { !form.saveIsExecuting }
        #expect(form.saved == [], "an attempt while a rule fails runs nothing")
        #expect(form.completions == 0, "a refused attempt completes, but it is no success: onCompleted does not run")
        form.name = "Ada"
        form.save.execute().start()
        try await wait { form.completions == 1 }
        #expect(form.saved == ["Ada"])
        // Refused again: still one success.
        form.name = ""
        form.save.execute().start()
        try await wait { !form.saveIsExecuting }
        #expect(form.completions == 1)
    }

    @Test("preview, enabled by isValid, is enabled exactly when no message would show")
    func enabledAgreesWithTheMessages() async throws {
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
        try await wait { !form.saved.isEmpty }
        #expect(form.saved == ["Ada"])
    }

    @Test("a submit command's then runs after a valid attempt, once its transaction is over, and never after a refused one")
    func submitThen() {
        let form = NewsletterViewModel()
        form.subscribe.execute().start()
        #expect(form.sent == 0 && form.confirmations == 0, "a refused attempt runs neither the perform nor then")
        form.email = "a@b"
        form.subscribe.execute().start()
        #expect(form.sent == 1)
        #expect(form.confirmations == 1, "then ran once the attempt's transaction was over")
    }
}
