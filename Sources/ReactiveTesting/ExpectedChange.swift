import Reactive

/// A change a test expects of one output of a view model, for ``ChangeRecorder/expect(_:sourceLocation:)``:
/// the values it takes, in order, one per transaction that changed it (or each value an event sends).
///
/// ```swift
/// changes.expect(
///     .changed(\.quantity, to: 10),
///     .changed(\.total, to: 900),
///     .changed(\.detailsIsLoading, to: true, false),   // two transactions
///     .sent(\.showResults, [photo])
/// )
/// ```
public struct ExpectedChange<ViewModel> {
    /// One expected value: how it is printed, and whether a recorded value is it.
    struct Value {
        let description: String
        let matches: (Any) -> Bool
    }

    let keyPath: AnyKeyPath
    let values: [Value]

    /// The value at `keyPath` changes to each of `values`, in order (a value that changes in two
    /// transactions of one step is written twice: `to: true, false`).
    public static func changed<Output: Equatable>(_ keyPath: KeyPath<ViewModel, Output>, to values: Output...) -> Self {
        ExpectedChange(keyPath: keyPath, values: values.map { Self.equal($0) })
    }

    /// The value at `keyPath` changes once, to a value for which `matches` holds (for values that
    /// are not `Equatable`: errors, child view models); `description` says what is expected.
    public static func changed<Output>(
        _ keyPath: KeyPath<ViewModel, Output>, _ description: String, where matches: @escaping (Output) -> Bool
    ) -> Self {
        ExpectedChange(keyPath: keyPath, values: [Value(description: description) { satisfies($0, matches) }])
    }

    /// The event at `keyPath` sends each of `values`, in order.
    public static func sent<Output: Equatable>(_ keyPath: KeyPath<ViewModel, Signal<Output, Never>>, _ values: Output...) -> Self {
        ExpectedChange(keyPath: keyPath, values: values.map { Self.equal($0) })
    }

    /// The event at `keyPath` sends `count` values, whatever they are: for an event whose type is
    /// not `Equatable`, such as a `Void` one (`.sent(\.closed, times: 1)`).
    public static func sent<Output>(_ keyPath: KeyPath<ViewModel, Signal<Output, Never>>, times count: Int) -> Self {
        ExpectedChange(keyPath: keyPath, values: Array(repeating: Value(description: "a value") { $0 is Output }, count: count))
    }

    /// The event at `keyPath` sends one value for which `matches` holds (for values that are not
    /// `Equatable`); `description` says what is expected.
    public static func sent<Output>(
        _ keyPath: KeyPath<ViewModel, Signal<Output, Never>>, _ description: String, where matches: @escaping (Output) -> Bool
    ) -> Self {
        ExpectedChange(keyPath: keyPath, values: [Value(description: description) { satisfies($0, matches) }])
    }

    private static func equal<Output: Equatable>(_ expected: Output) -> Value {
        Value(description: describe(expected)) { satisfies($0) { $0 == expected } }
    }
}

/// Whether `value` is an `Output` for which `matches` holds.
private func satisfies<Output>(_ value: Any, _ matches: (Output) -> Bool) -> Bool {
    guard let value = value as? Output else { return false }
    return matches(value)
}

/// A value as a test reads it: strings quoted, optionals without `Optional(...)`.
func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describe(wrapped)
    }
    if let string = value as? String { return String(reflecting: string) }
    return String(describing: value)
}
