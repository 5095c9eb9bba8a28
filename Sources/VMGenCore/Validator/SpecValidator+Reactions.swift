/// Reactions: the values that run them must change, their statements write only state values,
/// and in the graph each stands between what it reads and what it writes.
extension Checker {
    func checkReactions(values: [ReactiveValue], _ analysis: inout CodeAnalysis) -> [ResolvedReaction] {
        var reactions: [ResolvedReaction] = []
        for reaction in spec.reactions {
            let name = reaction.name.value
            guard SwiftNames.problem(with: name) == nil else { continue }
            let triggers = checkTriggers(of: reaction, &analysis)
            // `oldValue` is the value before the transaction of a single trigger that is written
            // (a state value, `isActive`, a command's or a resource's output), which keeps it.
            let single = reaction.triggers.count == 1 ? triggers.first : nil
            let oldValueOf = single.flatMap { name in values.first { $0.name == name }?.isWritten == true ? name : nil }
            let what = "the `perform` of reaction `\(name)`"
            let signature = oldValueOf == nil ? "()" : "(oldValue: OldValue)"
            guard let body = analysis.parse(reaction.perform, what, form: .body, signature: signature) else { continue }
            analysis.checkWritesOfGivenNames(in: body, reaction.perform, what, selfReachesValues: false)
            let reads = SpecCode.reads(in: body)
            if oldValueOf == nil, let read = reads.first(where: { $0.name == "oldValue" && symbols[$0.name] == nil }) {
                analysis.diagnostics.error(
                    "\(what) reads `oldValue`, which only a reaction to one written value has (a state value, `isActive`, or a command's or resource's output; a derived value keeps no value from before the transaction); give the reaction one `onChange` that is such a value, or keep the old value in a state value",
                    at: reaction.perform.location(ofUTF8Offset: read.offset))
                continue
            }
            // A mutating method called on a state value (`recent.append(x)`) writes it too.
            let found = SpecCode.writes(in: body, among: reads)
            let writeReads = found.assigned + found.mutated.filter { symbols[$0.name]?.kind == .state }
            let writes = checkWrites(writeReads, of: reaction, &analysis)
            let written = Set(writes)
            let key = CodeSlot.reaction(name)
            let passed = analysis.staticReads(reads.filter { !written.contains($0.name) }, in: reaction.perform, what, allowReactive: true, key: key)
            analysis.statementReads += SpecCode.names(reads)
            reactions.append(ResolvedReaction(
                name: name, doc: reaction.doc, triggers: triggers, reads: passed.reactive.map(\.name), writes: writes,
                oldValueOf: reaction.perform.text.contains("oldValue") ? oldValueOf : nil, perform: reaction.perform,
                writeLocations: Dictionary(writeReads.map { ($0.name, reaction.perform.location(ofUTF8Offset: $0.offset)) },
                                           uniquingKeysWith: { first, _ in first })))
        }
        return reactions
    }

    /// The declared values of `onChange` that change, without repeats; the others are errors.
    func checkTriggers(of reaction: Reaction, _ analysis: inout CodeAnalysis) -> [String] {
        var triggers: [String] = []
        for trigger in reaction.triggers {
            let context = "reaction `\(reaction.name.value)` runs when `\(trigger.value)` changes"
            guard let symbol = symbols[trigger.value] else {
                guard !spec.brokenNames.contains(trigger.value) else { continue }
                let names = symbols.values.filter(\.isReactive).map(\.name).sorted()
                analysis.diagnostics.error(
                    "\(context), but the spec does not declare `\(trigger.value)`\(Suggestion.didYouMean(trigger.value, in: names))",
                    at: trigger.location, fixes: Suggestion.fixes(trigger, in: names))
                continue
            }
            guard symbol.isReactive else {
                analysis.diagnostics.error(
                    "\(context), but \(symbol.messageName) never changes; a reaction follows values that change: state, derived values, children, `isActive`, and the outputs of commands and resources",
                    at: trigger.location, notes: [.init("`\(symbol.name)` is declared here", at: symbol.location)])
                continue
            }
            if !triggers.contains(symbol.name) { triggers.append(symbol.name) }
        }
        return triggers
    }

    /// The state values `writes` name, in order, without repeats; a write of anything else is an error.
    func checkWrites(_ writes: [SpecCode.Read], of reaction: Reaction, _ analysis: inout CodeAnalysis) -> [String] {
        var result: [String] = []
        for write in writes {
            guard let symbol = analysis.resolve(write, in: reaction.perform, "the `perform` of reaction `\(reaction.name.value)`") else { continue }
            if symbol.kind == .machineState {
                analysis.diagnostics.error(
                    "reaction `\(reaction.name.value)` writes `state`, which only `send(_:)` changes, by a transition of the machine; a reaction cannot send events: write the transition's guard or `entry` instead",
                    at: reaction.perform.location(ofUTF8Offset: write.offset))
                continue
            }
            guard symbol.kind == .state else {
                analysis.diagnostics.error(
                    "reaction `\(reaction.name.value)` writes `\(write.name)`, which is \(symbol.messageName); a reaction writes only state values (a derived value follows what it reads: write those instead)",
                    at: reaction.perform.location(ofUTF8Offset: write.offset),
                    notes: [.init("`\(symbol.name)` is declared here", at: symbol.location)])
                continue
            }
            if !result.contains(symbol.name) { result.append(symbol.name) }
        }
        return result
    }

    /// Each reaction is a node that reads its triggers and what its statements read, and each
    /// value it writes reads it: a reaction whose writes run it again is a cycle.
    func addReactions(_ reactions: [ResolvedReaction], to graph: inout DependencyGraph) {
        for reaction in reactions {
            let node = GraphNode.reaction(reaction.name)
            graph.add(node, reads: (reaction.triggers + reaction.reads).map(GraphNode.value))
            for written in reaction.writes { graph.add(.value(written), reads: [node]) }
        }
    }

    /// Where a step of a cycle's path stands: the write or the `onChange` entry of a reaction's
    /// step, the code of any other.
    func cycleStepLocation(from: GraphNode, to: GraphNode, values: [ReactiveValue], reactions: [ResolvedReaction]) -> SourceLocation {
        if case .reaction(let name) = to, let written = from.valueName,
           let location = reactions.first(where: { $0.name == name })?.writeLocations[written] {
            return location
        }
        if case .reaction(let name) = from, let read = to.valueName,
           let trigger = spec.reactions.first(where: { $0.name.value == name })?.triggers.first(where: { $0.value == read }) {
            return trigger.location
        }
        return locationOfNode(from, values: values, reactions: reactions)
    }

    /// One step of a cycle's path, in words: `a` reads `b`, or the two steps of a reaction.
    func cycleStep(from: GraphNode, to: GraphNode, values: [ReactiveValue], reactions: [ResolvedReaction]) -> String {
        if case .reaction(let reaction) = to { return "reaction `\(reaction)` writes `\(displayName(from, values: values))`" }
        if case .reaction(let reaction) = from, let read = to.valueName,
           reactions.first(where: { $0.name == reaction })?.triggers.contains(read) == true {
            return "reaction `\(reaction)` runs when `\(read)` changes"
        }
        return "`\(displayName(from, values: values))` reads `\(displayName(to, values: values))`"
    }
}
