/// Checks of time (`debounce`, `throttle`, `delay`), async loads (`task`) and resource options.
extension Checker {
    /// The initializer argument of view models that use time.
    static let schedulerArgument = "scheduler"

    /// Whether the spec holds something back in time (a paced value or resource, a machine's
    /// `after:`), and so its initializer takes a scheduler: decided here, once, for the checker
    /// and the translator (`ViewModelModel.usesTime`).
    var usesTime: Bool {
        spec.derived.contains { $0.pacing != nil } || spec.resources.contains { $0.pacing != nil }
            || spec.machine?.states.contains { !$0.delays.isEmpty } == true
    }

    func checkTiming(_ analysis: inout CodeAnalysis) {
        for resource in spec.resources {
            checkOptions(of: resource, &analysis)
            guard let pacing = resource.pacing else { continue }
            if !resource.triggers.contains(where: { $0.value == .change }) {
                analysis.diagnostics.error(
                    "resource `\(resource.name.value)` has `\(pacing.value.kind.rawValue)`, which holds back its reloads on `change`, but it does not reload on change: add `change` to its `trigger`, or remove `\(pacing.value.kind.rawValue)`",
                    at: pacing.location)
            }
        }
        for member in spec.parameters + spec.dependencies where usesTime && member.name.value == Self.schedulerArgument {
            analysis.diagnostics.error(
                "`\(Self.schedulerArgument)` is the initializer argument vmgen adds to view models that use `debounce`, `throttle`, `delay` or a machine's `after:` (a `Reactive.DateScheduler`, the main queue by default); rename this entry, or remove it and pass your scheduler as `\(Self.schedulerArgument):`",
                at: member.name.location)
        }
    }

    /// `valueOnFailure` and `errorWhileLoading` need a resource that can fail.
    func checkOptions(of resource: Resource, _ analysis: inout CodeAnalysis) {
        guard !CheckedResource(entry: resource).canFail else { return }
        for case let (key, location?) in [("valueOnFailure", resource.valueOnFailure?.location), ("errorWhileLoading", resource.errorWhileLoading?.location)] {
            analysis.diagnostics.error(
                "resource `\(resource.name.value)` cannot fail (`failure: Never`), so `\(key)` would never apply; remove it", at: location)
        }
    }

    /// A `task` runs in a static function from the names it reads, passed when a load starts (so
    /// a running load holds no reference to the view model); it fails with `any Error`. Gives the
    /// values it reads.
    func checkTask(of resource: Resource, _ analysis: inout CodeAnalysis) -> [String] {
        let name = resource.name.value
        let reads = analysis.staticReads(of: resource.load, "the `task` of resource `\(name)`", allowReactive: true, key: .task(resource: name))
        if let failure = resource.failure, !SpecCode.isError(failure.value) {
            analysis.diagnostics.error(
                "resource `\(name)` loads with `task`, which fails with `any Error`; remove `failure:` (or use `load` with a producer that fails with `\(failure.value)`)",
                at: failure.location)
        }
        return reads.reactive.map(\.name).uniqued()
    }

    /// The pacers' nodes: each reads what its value's expression reads.
    func addPacingNodes(of values: [ReactiveValue], to graph: inout DependencyGraph) {
        for value in values where value.pacing != nil {
            graph.add(.pace(value: value.name), reads: value.reads.map(GraphNode.value))
        }
    }
}
