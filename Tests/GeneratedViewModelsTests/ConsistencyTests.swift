import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// The diamond of `Specs/OrderLine.vm.yaml`: quantity -> subtotal -> discount -> total, and
/// quantity -> summary <- total. Every value is computed once per change, and observers only
/// ever see values that agree with each other.
@MainActor
struct ConsistencyTests {
    let counter = EvaluationCounter()

    @Test func eachDerivedValueIsComputedAtMostOncePerChange() {
        let line = OrderLineViewModel(counter: counter)
        counter.reset()
        line.quantity = 12
        // The invariants read these, so each commit computes them.
        for name in ["subtotal", "discount", "total"] {
            #expect(counter.evaluations(of: name) == 1, "\(name)")
        }
        // Nobody watches `summary` yet: it is computed when read, once.
        #expect(counter.evaluations(of: "summary") == 0)
        #expect(line.summary == "12 for 1080")
        #expect(line.summary == "12 for 1080")
        #expect(counter.evaluations(of: "summary") == 1)
        // Read once, it is watched, and computed in each commit that changes what it reads.
        line.quantity = 11
        #expect(counter.evaluations(of: "summary") == 2)
        line.quantity = 12
        #expect(line.subtotal == 1200)
        #expect(line.discount == 120)
        #expect(line.total == 1080)
        #expect(line.summary == "12 for 1080")
    }

    @Test func observersOfTheBottomSeeOnlyConsistentValues() {
        let line = OrderLineViewModel(counter: counter)
        let seen = Recorder<String, Never>()
        line.summaryProperty.signal.observeValues {
            [observer = seen.observer, quantity = line.quantityProperty, total = line.totalProperty,
             subtotal = line.subtotalProperty, discount = line.discountProperty] summary in
            let consistent = summary == "\(quantity.value) for \(total.value)"
                && total.value == subtotal.value - discount.value
            observer.send(value: consistent ? summary : "inconsistent: \(summary)")
        }
        line.quantity = 10
        line.unitPrice = 50
        line.quantity = 3
        #expect(seen.values == ["10 for 900", "10 for 450", "3 for 150"])
    }

    @Test func settingAnInputToAnEqualValueNotifiesNobody() {
        let line = OrderLineViewModel(counter: counter)
        let quantities = Recorder(line.quantityProperty.signal)
        let summaries = Recorder(line.summaryProperty.signal)
        counter.reset()
        line.quantity = 1
        #expect(quantities.count == 0)
        #expect(summaries.count == 0)
        #expect(counter.evaluations(of: "subtotal") == 0)
    }

    @Test func aValueThatComesOutEqualNotifiesNobody() {
        let line = OrderLineViewModel(counter: counter)
        let discounts = Recorder(line.discountProperty.signal)
        // From 1 to 2 items the discount is computed again, but stays 0.
        line.quantity = 2
        #expect(discounts.count == 0)
        #expect(line.total == 200)
    }

    @Test func propagationStopsAtAValueThatComesOutEqual() {
        let line = OrderLineViewModel(counter: counter)
        line.quantity = 0
        let totals = Recorder(line.totalProperty.signal)
        counter.reset()
        // No items cost nothing at any price: the subtotal stays 0, so nothing below it runs.
        line.unitPrice = 50
        #expect(counter.evaluations(of: "subtotal") == 1)
        for name in ["discount", "total", "summary"] {
            #expect(counter.evaluations(of: name) == 0, "\(name)")
        }
        #expect(totals.count == 0)
    }
}
