import Yams

/// Reading time (`debounce`, `throttle`, `delay`), async loads (`task`) and the options of
/// resources (`valueOnFailure`, `errorWhileLoading`).
extension SectionReader {
    typealias Fields = [String: (key: Located<String>, value: Node)]

    /// The keys that hold values back in time.
    static let pacingKeys = Pacing.Kind.allCases.map(\.rawValue)

    /// `debounce: 0.3`, `throttle: 1` or `delay: 0.5` (seconds): at most one, a number above zero.
    mutating func pacing(_ fields: Fields, in context: String) -> Located<Pacing>? {
        let written = Self.pacingKeys.filter { fields[$0] != nil }
        guard let key = written.first, let field = fields[key], let kind = Pacing.Kind(rawValue: key) else { return nil }
        if written.count > 1 {
            reader.diagnostics.error(
                "\(context) has both `\(written[0])` and `\(written[1])`; keep one (each holds changes back in its own way)",
                at: fields[written[1]]!.key.location)
            return nil
        }
        guard let text = reader.nonEmptyString(field.value, "`\(key)` of \(context)") else { return nil }
        guard let seconds = Double(text.value), seconds.isFinite, seconds > 0 else {
            reader.diagnostics.error(
                "`\(key)` of \(context) must be a number of seconds above zero, such as `\(key): 0.3`, not `\(text.value)`",
                at: text.location)
            return nil
        }
        return Located(Pacing(kind: kind, seconds: Self.secondsLiteral(text.value, seconds)), at: field.key.location)
    }

    /// Seconds as the generated code writes them: as the spec wrote them when that is a Swift
    /// literal of plain digits (`5`, `0.5`), else (`1e-3`, `+2`, `.5`, `5.`) as Swift writes the number.
    static func secondsLiteral(_ text: String, _ seconds: Double) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let isPlain = parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        return isPlain ? text : String(seconds)
    }

    /// One of the cases of `Choice`, by its raw value, with a suggestion for a misspelling.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, of fields: Fields, in context: String
    ) -> Located<Choice>? where Choice.RawValue == String {
        guard let field = fields[key], let text = reader.nonEmptyString(field.value, "`\(key)` of \(context)") else { return nil }
        let names = Choice.allCases.map { "`\($0.rawValue)`" }.joined(separator: " or ")
        return choice(text) { "`\(key)` of \(context) must be \(names), not `\(text.value)`\($0)" }
    }

    /// `text` as one of the cases of `Choice`, by its raw value; otherwise nil, after the error
    /// `complaint` makes of the suggestion for a misspelling (empty when nothing is close).
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ text: Located<String>, complaint: (_ suggestion: String) -> String
    ) -> Located<Choice>? where Choice.RawValue == String {
        if let value = Choice(rawValue: text.value) { return Located(value, at: text.location) }
        let names = Choice.allCases.map(\.rawValue)
        reader.diagnostics.error(complaint(Suggestion.didYouMean(text.value, in: names)),
                                 at: text.location, fixes: Suggestion.fixes(text, in: names))
        return nil
    }

    /// The load of a resource: `load` (a producer expression) or `task` (async statements), one of them.
    mutating func resourceLoad(_ fields: Fields, in context: String, at node: Node) -> (code: Code, isTask: Bool)? {
        guard let (key, load) = oneOf(["load", "task"], in: fields, of: node, context,
                                      needs: "how it loads: `load` (a SignalProducer) or `task` (async throws statements that return the value)")
        else { return nil }
        return reader.code(load, "`\(key)` of \(context)").map { ($0, key == "task") }
    }

    /// Reads those keys into `resource`.
    mutating func readTiming(_ fields: Fields, into resource: inout Resource, in context: String) {
        resource.pacing = pacing(fields, in: context)
        resource.valueOnFailure = choice("valueOnFailure", of: fields, in: context)
        resource.errorWhileLoading = choice("errorWhileLoading", of: fields, in: context)
    }
}
