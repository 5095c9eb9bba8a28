/// Checks `invariants:`: each name is a Swift identifier, and each condition is one expression
/// that reads only declared values (as an enabled condition does), computed in a static function.
extension Checker {
    mutating func checkInvariants() {
        if let first = spec.invariants.first, reactiveValues.isEmpty {
            diagnostics.error(
                "invariant `\(first.name.value)` has nothing to check: \(spec.viewModel.value) has no values that change (state, derived values, children, commands, resources); remove `invariants`",
                at: first.name.location)
            return
        }
        for invariant in spec.invariants {
            let name = invariant.name.value
            if let problem = SwiftNames.problem(with: name) {
                diagnostics.error("`\(name)` cannot be the name of an invariant: \(problem)", at: invariant.name.location)
                continue
            }
            staticReads(of: invariant.holds, "invariant `\(name)`", form: .expression, allowReactive: true, key: .invariant(name))
        }
    }
}
