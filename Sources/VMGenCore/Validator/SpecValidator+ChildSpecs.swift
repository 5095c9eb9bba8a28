/// The view models declared by the specs of one run (`vmgen generate`, `check`, `lint` or
/// `graph` over a folder or several files), for what a parent's code uses of its children: the
/// events its keyed lists handle under `on:` and the inputs `update` writes. A child whose spec
/// is not in the run is not checked here; the compiler checks it.
public struct ChildSpecs: Sendable {
    /// What a parent may use of one child view model.
    struct Interface: Sendable {
        /// The child's spec file, for the note that points at it.
        var file: String
        var events: [String]
        /// The state values the child's owner may write (`input: true`).
        var inputs: [String]
        /// Every name the child declares, to tell "not an input" from "not declared".
        var declared: [String: SourceLocation]
        /// The names of entries the child's spec could not read (reported there): a parent's use
        /// of one is no second error.
        var broken: Set<String>
    }

    var byViewModel: [String: Interface] = [:]
    /// Where each view model name of the run is declared (its `viewModel:`), in the order read.
    var declarations: [String: [SourceLocation]] = [:]

    /// No other spec: nothing about children is checked.
    public static let none = ChildSpecs()

    public init() {}

    /// The declarations of `specs` (each spec reports its own errors). A view model name that two
    /// specs declare is left out: which one a parent means is not known.
    public init(specs: [Spec]) {
        for spec in specs {
            let name = spec.viewModel.value
            declarations[name, default: []].append(spec.viewModel.location)
            var declared: [String: SourceLocation] = [:]
            let members = spec.parameters + spec.dependencies + spec.constants + spec.state + spec.derived + spec.children + spec.events
            for name in members.map(\.name) + spec.commands.map(\.name) + spec.resources.map(\.name) + spec.functions.map(\.name) {
                declared[name.value] = name.location
            }
            byViewModel[name] = Interface(
                file: spec.file, events: spec.events.map(\.name.value),
                inputs: spec.state.filter(\.isInput).map(\.name.value), declared: declared, broken: spec.brokenNames)
        }
        for (name, places) in declarations where places.count > 1 { byViewModel[name] = nil }
    }

    /// The view model named `name` (the element of a keyed list's `[Name]`), when the run has its spec.
    func interface(named name: String?) -> (name: String, interface: Interface)? {
        guard let name, let interface = byViewModel[name] else { return nil }
        return (name, interface)
    }
}

extension Declarer {
    /// Two specs of one run that declare the same view model would generate two classes of one
    /// name into one module, which does not compile: each is told where the other is.
    mutating func checkViewModelNameIsUnique() {
        let others = childSpecs.declarations[spec.viewModel.value, default: []].filter { $0 != spec.viewModel.location }
        guard let other = others.first else { return }
        diagnostics.error(
            "view model `\(spec.viewModel.value)` is also declared by \(other.file): two classes of one name do not compile in one module; rename one of them",
            at: spec.viewModel.location, notes: [.init("`\(spec.viewModel.value)` is declared here too", at: other)])
    }
}

extension Checker {
    /// A keyed list's handlers name events of the child, and its `update` writes inputs of the
    /// child, when the child's spec is among the specs of the run (docs/spec-format.md,
    /// "Keyed children").
    func checkAgainstChildSpec(_ member: Member, _ keyed: KeyedChildren, update: SpecCode.Body?, _ analysis: inout CodeAnalysis) {
        guard let type = member.type, let (childName, child) = childSpecs.interface(named: analysis.types.facts(of: type.value).arrayElementName) else { return }
        let name = member.name.value
        for handler in keyed.handlers where !child.events.contains(handler.event.value) && !child.broken.contains(handler.event.value) {
            let event = handler.event.value
            let events = child.events.isEmpty
                ? "it declares no events"
                : "its events are " + child.events.map { "`\($0)`" }.joined(separator: ", ")
            var advice = Suggestion.didYouMean(event, in: child.events)
            if advice.isEmpty {
                advice = child.events.isEmpty
                    ? "; declare the event under `events:` of `\(childName)` and emit it from a command, or remove this handler"
                    : "; handle one of those, or declare `\(event)` under `events:` of `\(childName)`"
            }
            analysis.diagnostics.error(
                "`on` of `\(name)` handles `\(event)`, but `\(childName)` (\(child.file)) has no event `\(event)`: \(events)\(advice)",
                at: handler.event.location, fixes: Suggestion.fixes(handler.event, in: child.events))
        }
        // An `update` that did not parse was reported by checkChildLists.
        guard let code = keyed.update, let update else { return }
        for (base, write) in SpecCode.writes(in: update, among: []).members where base == "child" && !child.inputs.contains(write.name) {
            let location = code.location(ofUTF8Offset: write.offset)
            let inputs = child.inputs.isEmpty
                ? "it has no inputs"
                : "its inputs are " + child.inputs.map { "`\($0)`" }.joined(separator: ", ")
            let notes: [Diagnostic.Note] = child.declared[write.name].map { [.init("`\(write.name)` is declared here", at: $0)] } ?? []
            // (A name it does not declare may still be one of its generated outputs, such as
            // `saveIsEnabled`: not an input either way.)
            let what = "which is not an input of `\(childName)` (\(child.file))"
            var advice = child.declared[write.name] == nil ? Suggestion.didYouMean(write.name, in: child.inputs) : ""
            if advice.isEmpty {
                advice = child.declared[write.name] == nil
                    ? "; write one of its inputs"
                    : "; write one of its inputs, or make `\(write.name)` an input of `\(childName)` (`state` with `input: true`)"
            }
            analysis.diagnostics.error(
                "`update` of `\(name)` writes `child.\(write.name)`, \(what): \(inputs)\(advice)", at: location, notes: notes)
        }
    }
}
