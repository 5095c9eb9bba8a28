@testable import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The golden `Picker`: a child's event, handled under a keyed list's `on:`, sends the parent's
/// machine an event, in the transaction of the child's action.
@MainActor
struct ChildDrivenMachineTests {
    @Test func aChildsEventIsAnEventOfTheParentsMachineInOneTransaction() {
        let picker = PickerViewModel()
        let changes = ChangeRecorder(picker)
        picker.tags[1].remove.execute().start()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .picked(number: 2)), .changed(\.picked, to: 2))
        changes.finish()
        picker.tags[0].remove.execute().start()
        #expect(picker.picked == 2, "picked is final")
    }
}
