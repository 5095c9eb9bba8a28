@_spi(Testing) import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The golden uploader (`Tests/Golden/Specs/Uploader.vm.yaml`): a state's timers (`after:`) and
/// invoked work (`invoke:`) start when it is entered, each outcome is one transaction, and leaving
/// the state cancels them, so a late timer or answer never transitions.
@MainActor
struct UploaderMachineTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    let scheduler = TestScheduler()
    let upload = FakeProducer<String, Int, any Error>()
    let ping = FakeAsync<Void, Bool>()

    func uploader() -> UploaderViewModel {
        UploaderViewModel(upload: upload.closure, ping: { [ping] in try await ping(()) }, scheduler: scheduler)
    }

    /// An uploader uploading `photo.jpg`.
    func uploading() -> UploaderViewModel {
        let uploader = uploader()
        uploader.send(.start("photo.jpg"))
        return uploader
    }

    @Test func enteringAStateStartsItsWorkWithItsData() {
        let uploader = uploading()
        #expect(uploader.state == .uploading(name: "photo.jpg"))
        #expect(upload.inputs == ["photo.jpg"])
        #expect(upload.pending.count == 1)
    }

    @Test func aTestThatEndsWithInvokedWorkRunningIsToldSo() {
        let uploader = uploading()
        var reports: [String] = []
        let changes = ChangeRecorder(uploader) { message, _ in reports.append(message) }
        changes.finish()
        #expect(reports == [
            "Work is still running at the end of the test:\n  the work that state `uploading` invoked is still running: answer it, or end with `stop()`",
        ])
        upload.pending.first?.succeed(with: 1)
        let answered = ChangeRecorder(uploader)
        answered.finish()
        #expect(uploader._$machine?.isWorking(uploader) == false)
    }

    @Test func theWorksValueIsOneTransactionToTheStateItsGuardChooses() {
        let uploader = uploading()
        let changes = ChangeRecorder(uploader)
        upload.pending.first?.succeed(with: 42)
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .uploaded(bytes: 42)))
        changes.finish()
    }

    @Test func whenTheDoneGuardFailsTheFallbackIsTakenWithThePayload() {
        let uploader = uploading()
        uploader.maximum = -1
        upload.pending.first?.succeed(with: 7)
        #expect(uploader.state == .failed(message: "too large: 7"))
    }

    @Test func aFailureIsOneTransactionGivenTheErrorAndTheDataOfTheStateLeft() {
        let uploader = uploading()
        let changes = ChangeRecorder(uploader)
        upload.pending.first?.fail(with: Refused())
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .failed(message: "photo.jpg: refused")))
        changes.finish()
    }

    @Test func aTimerFiresItsTransitionOnceItsDelayHasPassedInTheState() {
        let uploader = uploading()
        scheduler.advance(by: 9.9)
        #expect(uploader.state == .uploading(name: "photo.jpg"))
        let changes = ChangeRecorder(uploader)
        scheduler.advance(by: 0.1)
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .failed(message: "photo.jpg timed out")))
        changes.finish()
        #expect(upload.calls.first?.isCancelled == true, "the timer's transition left the state: its work is cancelled")
    }

    @Test func leavingTheStateCancelsItsTimerAndItsWork() {
        let uploader = uploading()
        uploader.send(.cancel)
        #expect(uploader.state == .idle)
        #expect(upload.calls.first?.isCancelled == true)
        let changes = ChangeRecorder(uploader)
        // The upload's timer (10 s) would have fired by now; `idle`'s own (30 s) has not.
        scheduler.advance(by: 29)
        upload.calls.first?.succeed(with: 1)
        changes.expectNoChanges()
        #expect(uploader.state == .idle)
        changes.finish()
    }

    @Test func reenteringAStateRestartsItsTimers() {
        let uploader = uploading()
        scheduler.advance(by: 6)
        uploader.send(.cancel)
        uploader.send(.start("again.jpg"))
        scheduler.advance(by: 6)
        #expect(uploader.state == .uploading(name: "again.jpg"), "the first stay's timer was cancelled")
        scheduler.advance(by: 4)
        #expect(uploader.state == .failed(message: "again.jpg timed out"))
        #expect(upload.calls.map(\.isCancelled) == [true, true])
    }

    @Test func theInitialStatesTimerStartsWithTheViewModel() {
        let uploader = uploader()
        #expect(uploader.state == .idle)
        scheduler.advance(by: 30)
        #expect(uploader.state == .checking)
        #expect(ping.calls.isEmpty, "the task starts on the main actor's next turn")
    }

    @Test func anInvokedTasksResultTakesOnDone() async {
        let uploader = uploader()
        scheduler.advance(by: 30)
        #expect(await waitUntil { ping.pending.count == 1 })
        ping.pending.first?.succeed(with: true)
        #expect(await waitUntil { uploader.state == .idle })
        // Back in `idle`, its timer started again.
        scheduler.advance(by: 30)
        #expect(uploader.state == .checking)
    }

    @Test func anInvokedTasksErrorTakesOnError() async {
        let uploader = uploader()
        scheduler.advance(by: 30)
        #expect(await waitUntil { ping.pending.count == 1 })
        ping.pending.first?.fail(with: Refused())
        #expect(await waitUntil { uploader.state == .failed(message: "refused") })
        scheduler.advance(by: 0.5)
        #expect(uploader.state == .idle, "`failed` goes back after half a second")
    }

    @Test func releasingTheViewModelCancelsItsWork() {
        var uploader: UploaderViewModel? = uploading()
        #expect(uploader != nil)
        uploader = nil
        #expect(upload.calls.first?.isCancelled == true)
    }
}
