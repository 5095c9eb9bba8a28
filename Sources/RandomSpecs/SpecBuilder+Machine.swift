/// A random `machine:`: a start state without data, a busy state whose data comes from an event's
/// payload or from the values, a final state, and maybe a failed one; guards over the values,
/// `entry` and `exit` statements, timers (`after:`) and invoked work (`invoke:`: a producer or a
/// task, with `onDone` and, when it can fail, `onError`), commands that `send:` its events and a
/// derived value that reads `state`.
extension SpecBuilder {
    struct Machine {
        var lines: [String] = []
    }

    mutating func makeMachine() {
        // `AppTypesModule.Event` would be hidden by the machine's `Event` inside the class.
        guard !usesAppTypes, random.chance(35) else { return }
        let idle = random.pick(["idle", "ready", "editing"])
        let busy = random.pick(["busy", "loading", "working"])
        let done = random.pick(["done", "finished", "closed"])
        let hasFailed = random.chance(50)
        let (start, finish, reset, fail) = ("start", "finish", "reset", "fail")
        let startPayload = random.pick([ValueType.int, .string])
        let field = name(from: ["amount", "label", "taken"])
        let data = random.chance(50) ? "payload" : make(instanceScope) { $0.expression(startPayload) }
        let guardScope = fixedScope + stateScope + activeScope
        let guardCode = make(guardScope) { $0.expression(.bool) }
        var writer = YAMLWriter(random: SeededRandom(seed: random.next()))
        var lines = ["machine:"]
        if random.chance(50) { lines.append("  doc: \(writer.scalar(random.pick(Self.docs), inFlow: false, indent: "  "))") }
        lines.append("  initial: \(idle)")
        lines.append("  events:")
        lines.append(random.chance(50) ? "    \(start): \(startPayload.spelling)" : "    \(start): { payload: \(startPayload.spelling) }")
        lines.append(random.chance(50) ? "    \(finish):" : "    \(finish): { doc: \(writer.scalar(random.pick(Self.docs), inFlow: true, indent: "    ")) }")
        lines.append("    \(reset): {}")
        if hasFailed { lines.append("    \(fail): String") }
        lines.append("  states:")
        lines.append("    \(idle):")
        if random.chance(40) { lines.append("      doc: \(writer.scalar(random.pick(Self.docs), inFlow: false, indent: "      "))") }
        lines.append("      on:")
        lines.append("        \(start):")
        lines.append("          - to: \(busy)")
        lines.append("            when: \(writer.scalar(guardCode, inFlow: false, indent: "            "))")
        lines.append("            data: { \(field): \(writer.scalar(data, inFlow: true, indent: "            ")) }")
        if random.chance(50) { lines.append("          - \(idle)") }
        lines.append("    \(busy):")
        lines.append("      data: { \(field): \(startPayload.spelling) }")
        for key in ["entry", "exit"] where random.chance(50) {
            let (scope, writable) = (instanceScope, stateScope)
            let statements = make(scope) { $0.statements(writing: writable, extra: []) }
            lines.append("      \(key): \(writer.scalar(statements, inFlow: false, indent: "      "))")
        }
        lines += busyWork(idle: idle, done: done, failed: hasFailed ? "failed" : idle, guardCode: guardCode, writer: &writer)
        lines.append("      on:")
        lines.append("        \(finish): \(done)")
        lines.append("        \(reset): { to: \(idle) }")
        if hasFailed { lines.append("        \(fail): failed") }
        lines.append("    \(done): { final: true }")
        if hasFailed {
            lines.append("    failed:")
            lines.append("      on: { \(reset): \(idle) }")
            if random.chance(50) { lines.append("      after: { \(random.pick(["0.5", "2", "1e-1"])): \(idle) }") }
        }
        machine = Machine(lines: lines)
        // Commands that send: one with the start's payload as input, one without.
        let starter = name(from: ["begin", "launch"])
        commands.append(Command(name: starter, fields: [.init(key: "input", value: startPayload.spelling), .init(key: "send", value: start)], hasInput: true))
        let finisher = name(from: ["complete", "wrapUp"])
        var fields: [YAMLWriter.Field] = [.init(key: "send", value: random.pick([finish, reset]))]
        if random.chance(30) { fields.append(.init(key: "doc", value: random.pick(Self.docs))) }
        commands.append(Command(name: finisher, fields: fields))
        derived.append((Binding(name: name(from: ["isBusy", "working"]), type: .bool), "if case .\(busy) = state { true } else { false }"))
    }

    /// The busy state's timers and invoked work, each maybe: a timer to the final state (or a
    /// guarded one back to the start first), and work whose outcome ends the stay.
    mutating func busyWork(idle: String, done: String, failed: String, guardCode: String, writer: inout YAMLWriter) -> [String] {
        var lines: [String] = []
        if random.chance(50) {
            lines.append("      after:")
            let delay = random.pick(["3", "0.25", "10"])
            if random.chance(50) {
                lines.append("        \(delay): \(done)")
            } else {
                lines.append("        \(delay):")
                lines.append("          - { to: \(idle), when: \(writer.scalar(guardCode, inFlow: true, indent: "          ")) }")
                lines.append("          - \(done)")
            }
        }
        guard random.chance(50) else { return lines }
        let value = make(instanceScope) { $0.expression(.int) }
        lines.append("      invoke:")
        // A producer that cannot fail, one that can, or a task (which always can).
        switch random.pick([0, 1, 2]) {
        case 0:
            lines.append("        work: \(writer.scalar("SignalProducer<Int, Never>(value: \(value))", inFlow: false, indent: "        "))")
            lines.append("        output: Int")
            if random.chance(50) { lines.append("        failure: Never") }
        case 1:
            lines.append("        work: \(writer.scalar("SignalProducer<Int, any Error>(value: \(value))", inFlow: false, indent: "        "))")
            lines.append("        output: Int")
            lines.append("        failure: any Error")
            lines.append("        onError: \(failed)")
        default:
            lines.append("        task: \(writer.scalar("return \(value)", inFlow: false, indent: "        "))")
            lines.append("        output: Int")
            lines.append("        onError: { to: \(failed) }")
        }
        lines.append(random.chance(50) ? "        onDone: \(done)" : "        onDone: [{ to: \(idle), when: \(writer.scalar(guardCode, inFlow: true, indent: "        ")) }, \(done)]")
        return lines
    }
}
