/// Checks `invariants:`: each name is a Swift identifier, and each condition is one expression
/// that reads only declared values (as an enabled condition does), computed in a static function.
extension Checker {
    func checkInvariants(values: [ReactiveValue], _ analysis: inout CodeAnalysis) {
        if let first = spec.invariants.first, values.isEmpty {
            analysis.diagnostics.error(
                "invariant `\(first.name.value)` has nothing to check: \(spec.viewModel.value) has no values that change (state, derived values, children, commands, resources); remove `invariants`",
                at: first.name.location)
            return
        }
        for invariant in spec.invariants {
            let name = invariant.name.value
            if let problem = SwiftNames.problem(with: name) {
                analysis.diagnostics.error("`\(name)` cannot be the name of an invariant: \(problem)", at: invariant.name.location)
                continue
            }
            analysis.staticReads(of: invariant.holds, "invariant `\(name)`", form: .expression, allowReactive: true, key: .invariant(name))
        }
    }
}
