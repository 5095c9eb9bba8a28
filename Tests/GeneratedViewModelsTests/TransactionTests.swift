import ExampleModels
@_spi(Testing) import GeneratedViewModels
import Observation
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// One action, one update (docs/spec-format.md, "Transactions"): whatever one action writes,
/// observers are told once, after every value is current, and never see a state in between.
@MainActor
struct TransactionTests {
    // MARK: A command that writes two values

    @Test func aCommandThatWritesTwoValuesShowsNoObserverTheStateBetweenThem() {
        let todo = TodoListViewModel()
        todo.newItemText = "milk"
        var seen: [String] = []
        let check: @MainActor (String) -> Void = { who in
            let consistent = todo.isDuplicate == todo.items.contains(todo.newItemText)
                && todo.countText == "\(todo.items.count) items"
            seen.append("\(who): \(consistent ? "consistent" : "inconsistent") \(todo.items) '\(todo.newItemText)'")
        }
        let duplicates = Recorder(todo.isDuplicateProperty.signal)
        let counts = todo.countTextProperty.signal.observeValuesOnMain { _ in check("countText") }
        let texts = todo.newItemTextProperty.signal.observeValuesOnMain { _ in check("newItemText") }
        defer {
            counts?.dispose()
            texts?.dispose()
        }
        let tracking = track({ _ = todo.isDuplicate; _ = todo.countText; _ = todo.items }) { check("Observation") }

        todo.add.tap()

        #expect(todo.items == ["milk"])
        #expect(todo.newItemText == "")
        // Before and after the add, the text is not in the list: `isDuplicate` never changed.
        #expect(duplicates.values == [])
        #expect(seen == [
            "Observation: consistent [\"milk\"] ''",
            "newItemText: consistent [\"milk\"] ''",
            "countText: consistent [\"milk\"] ''",
        ])
        #expect(tracking.changes == 1)
    }

    // MARK: A reset that writes five values

    @Test func aResetThatWritesFiveValuesTellsEachChangedOutputOnce() {
        let settings = SettingsViewModel(store: InMemorySettingsStore())
        settings.fontSize = 20
        settings.theme = "dark"
        settings.language = "fr"
        let fontSizes = Recorder(settings.fontSizeProperty.signal)
        let spacings = Recorder(settings.lineSpacingProperty.signal)
        let themes = Recorder(settings.themeProperty.signal)
        let images = Recorder(settings.showsImagesProperty.signal)
        let languages = Recorder(settings.languageProperty.signal)
        let summaries = Recorder(settings.summaryProperty.signal)
        let defaults = Recorder(settings.isDefaultProperty.signal)
        let enabled = Recorder(settings.resetIsEnabledProperty.signal)
        let executing = Recorder(settings.resetIsExecutingProperty.signal)
        var summariesSeenByObservation: [String] = []
        _ = track({ _ = settings.summary }) { summariesSeenByObservation.append(settings.summary) }

        settings.reset.tap()

        #expect(fontSizes.values == [14])
        #expect(spacings.values == [])
        #expect(themes.values == ["light"])
        #expect(images.values == [])
        #expect(languages.values == ["en"])
        #expect(summaries.values == ["14 pt, 1.2 lines, light, images, en"])
        #expect(summariesSeenByObservation == ["14 pt, 1.2 lines, light, images, en"])
        #expect(defaults.values == [true])
        #expect(enabled.values == [false])
        // A `perform` runs within the transaction: it started and ended inside it.
        #expect(executing.values == [])
    }

    // MARK: A failing resource load

    @Test func aFailingLoadIsNeverShownFinishedWithNeitherValueNorError() {
        let computation = InMemoryComputation()
        let resource = LoadableResourceViewModel(computation: computation)
        var states: [String] = []
        let record: @MainActor (String) -> Void = { who in
            let shown = resource.loading ? "loading" : resource.result.map { "result \($0)" }
                ?? resource.lastError.map { "error \($0)" } ?? "nothing"
            states.append("\(who): \(shown)")
        }
        let observations = [
            resource.loadingProperty.signal.observeValuesOnMain { _ in record("loading") },
            resource.lastErrorProperty.signal.observeValuesOnMain { _ in record("lastError") },
            resource.computedIsLoadingProperty.signal.observeValuesOnMain { _ in record("computedIsLoading") },
        ]
        defer { observations.forEach { $0?.dispose() } }
        let errors = Recorder(resource.computedErrorProperty.signal)

        resource.model = "broken"
        let tracking = track({ _ = resource.loading; _ = resource.lastError }) { record("Observation") }
        computation.computations.last?.fail(with: .failed("disk full"))

        // In update order: the loader's outputs, each followed by what reads it.
        #expect(states == [
            "computedIsLoading: loading", "loading: loading",
            "computedIsLoading: error failed(\"disk full\")", "Observation: error failed(\"disk full\")",
            "loading: error failed(\"disk full\")", "lastError: error failed(\"disk full\")",
        ])
        #expect(tracking.changes == 1)
        // The error is told once when set; starting the load, nil -> nil, was no change.
        #expect(errors.values == [.failed("disk full")])
    }

    // MARK: A failing command

    @Test func aFailingCommandEndsAndShowsItsErrorTogether() {
        let store = InMemorySettingsStore()
        let settings = SettingsViewModel(store: store)
        var seen: [String] = []
        let record: @MainActor (String) -> Void = { who in
            seen.append("\(who): \(settings.saveIsExecuting ? "saving" : "idle"), \(settings.saveError ?? "no error")")
        }
        let executing = settings.saveIsExecutingProperty.signal.observeValuesOnMain { _ in record("isExecuting") }
        let errors = settings.saveErrorProperty.signal.observeValuesOnMain { _ in record("saveError") }
        defer {
            executing?.dispose()
            errors?.dispose()
        }

        settings.save.tap()
        let tracking = track({ _ = settings.saveIsExecuting }) { record("Observation") }
        store.saves.last?.fail(with: SettingsSaveError(reason: "disk full"))

        #expect(seen == [
            "isExecuting: saving, no error",
            "saveError: idle, Could not save: disk full",
            "Observation: idle, Could not save: disk full", "isExecuting: idle, Could not save: disk full",
        ])
        #expect(tracking.changes == 1)
    }

    // MARK: Writes from observers

    @Test func anInputSetInsideAnObserverIsAppliedAfterTheCurrentNotifications() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        var seen: [String] = []
        let quantities = line.quantityProperty.signal.observeValuesOnMain { quantity in
            // A bulk order gets the bulk price.
            if quantity >= 10 { line.unitPrice = 50 }
            seen.append("quantity \(quantity): price \(line.unitPrice), summary \(line.summary)")
        }
        let summaries = line.summaryProperty.signal.observeValuesOnMain { summary in
            let consistent = summary == "\(line.quantity) for \(line.total)" && line.total == line.subtotal - line.discount
                && line.subtotal == line.quantity * line.unitPrice
            seen.append("summary \(summary)\(consistent ? "" : " (inconsistent)")")
        }
        defer {
            quantities?.dispose()
            summaries?.dispose()
        }

        line.quantity = 10

        #expect(seen == [
            // The observer's write waits until every observer has seen quantity 10 at price 100...
            "quantity 10: price 100, summary 10 for 900",
            "summary 10 for 900",
            // ...then it is a transaction of its own.
            "summary 10 for 450",
        ])
        #expect(line.unitPrice == 50)
        #expect(line.summary == "10 for 450")
    }

    @Test func writesFromSeveralObserversAreAppliedInTheOrderTheyWereMade() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        var prices: [Int] = []
        let first = line.quantityProperty.signal.observeValuesOnMain { _ in line.unitPrice = 1 }
        let second = line.quantityProperty.signal.observeValuesOnMain { _ in line.unitPrice = 2 }
        let recorded = line.unitPriceProperty.signal.observeValuesOnMain { prices.append($0) }
        defer { [first, second, recorded].forEach { $0?.dispose() } }

        line.quantity = 3

        #expect(prices == [1, 2])
        #expect(line.summary == "3 for 6")
    }

    @Test func aCommandExecutedByAnObserverRunsAfterTheCurrentNotifications() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [6]))
        var seen: [String] = []
        let rolls = game.rollProperty.signal.observeValuesOnMain { roll in
            seen.append("roll \(roll.map(String.init) ?? "nil"), game over \(game.isGameOver)")
        }
        // Winning starts a new game at once: a command executed while observers are told.
        let wins = game.isGameOverProperty.signal.observeValuesOnMain { isOver in
            if isOver { game.newGame.tap() }
            seen.append("game over \(isOver), roll \(game.roll.map(String.init) ?? "nil")")
        }
        defer {
            rolls?.dispose()
            wins?.dispose()
        }

        game.rollDie.tap()

        #expect(seen == [
            "roll 6, game over true", "game over true, roll 6",
            "roll nil, game over false", "game over false, roll nil",
        ])
        #expect(game.roll == nil)
        #expect(game.rollDieIsEnabled)
    }

    // MARK: Grouped writes from outside

    @Test func writesGroupedWithUpdateAreToldOnceAndComputedOnce() {
        let counter = EvaluationCounter()
        let line = OrderLineViewModel(counter: counter)
        let summaries = Recorder(line.summaryProperty.signal)
        let quantities = Recorder(line.quantityProperty.signal)
        counter.reset()

        line.update {
            $0.quantity = 10
            $0.unitPrice = 50
            // Inside the group the writes are visible at once; derived values catch up at the end.
            #expect($0.quantity == 10)
        }

        #expect(summaries.values == ["10 for 450"])
        #expect(quantities.values == [10])
        for name in ["subtotal", "discount", "total", "summary"] {
            #expect(counter.evaluations(of: name) == 1, "\(name)")
        }
    }

    @Test func aGroupThatPutsAValueBackTellsNobody() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let quantities = Recorder(line.quantityProperty.signal)
        let summaries = Recorder(line.summaryProperty.signal)

        line.update {
            $0.quantity = 7
            $0.quantity = 1
        }

        #expect(quantities.values == [])
        #expect(summaries.values == [])
    }
}
