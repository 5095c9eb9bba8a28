/// What a test can see of a generated view model: every public value and event, by name, in the
/// order of the generated class. `ReactiveTesting`'s `ChangeRecorder` records their changes and
/// groups them by transaction; the explorer also checks the spec's invariants.
///
/// Generated view models with values conform (their `// MARK: Testing` part); the requirements'
/// names start with `_$` so that they cannot clash with a spec's names.
///
/// The protocol is public, so that `ReactiveTesting`'s `ChangeRecorder<ViewModel: Inspectable>`
/// and `Explorer` can name it, but its requirements and the types they use are SPI (`VMGen`, for
/// generated code, and `Testing`): an app sees that a view model is inspectable and nothing more.
/// A public view model implements them as `@_spi(Testing)` members of its own module, which a
/// test reaches with `@_spi(Testing) import <its module>` (docs/testing.md). A public protocol's
/// SPI requirements need default implementations (in library-evolution builds); these are empty.
@MainActor
public protocol Inspectable: AnyObject {
    /// Every public value (state, derived, children, command and resource outputs, `isActive`)
    /// and event.
    @_spi(VMGen) @_spi(Testing) var _$outputs: [InspectedOutput<Self>] { get }
    /// The spec's invariants, each checked against the current values.
    @_spi(VMGen) @_spi(Testing) var _$invariants: [Invariant] { get }
    /// The values a view may write: inputs and `isActive`.
    @_spi(VMGen) @_spi(Testing) var _$inputs: [InspectedInput<Self>] { get }
    /// The commands that take no input.
    @_spi(VMGen) @_spi(Testing) var _$commands: [InspectedCommand] { get }
    /// The spec's `machine:`: its states and transitions, the current state and each guard now;
    /// nil without a machine.
    @_spi(VMGen) @_spi(Testing) var _$machine: InspectedMachine<Self>? { get }
}

extension Inspectable {
    @_spi(VMGen) @_spi(Testing) public var _$outputs: [InspectedOutput<Self>] { [] }
    @_spi(VMGen) @_spi(Testing) public var _$invariants: [Invariant] { [] }
    /// The outputs that are inputs (``InspectedOutput/input(_:_:_:)``), in their order.
    @_spi(VMGen) @_spi(Testing) public var _$inputs: [InspectedInput<Self>] { _$outputs.compactMap(\.input) }
    /// The commands of the enabled states among the outputs (``InspectedOutput/enabled(_:_:_:_:fresh:)``).
    @_spi(VMGen) @_spi(Testing) public var _$commands: [InspectedCommand] { _$outputs.compactMap(\.command) }
    @_spi(VMGen) @_spi(Testing) public var _$machine: InspectedMachine<Self>? { nil }

    /// What differs from a fresh computation, for the explorer; empty when all agree: each derived
    /// value (an output with a fresh computation, ``InspectedOutput/value(_:_:_:fresh:)``) against
    /// its computation from the values it reads as they are stored now (a command's enabled state
    /// from its condition computed again), and each command's enabled state (`<command>IsEnabled`)
    /// against the runtime command's.
    @_spi(VMGen) @_spi(Testing) public func _$audit() -> [String] {
        let outputs = _$outputs
        var differences = outputs.compactMap { $0.audit?(self) }
        for command in _$commands {
            guard let enabled = outputs.first(where: { $0.name == command.name + "IsEnabled" })?.current(self) as? Bool else {
                continue
            }
            Audit.compare(command.name + ".isEnabled", command.isEnabled(), enabled, into: &differences)
        }
        return differences
    }

    /// The view model's transactions: every generated view model with values is ``Transactional``
    /// (a conformance of its own SPI extension, so it is looked up at run time).
    @_spi(VMGen) public var _$inspectedTransactions: Transactions {
        guard let transactional = self as? any Transactional else {
            preconditionFailure("\(Self.self) is Inspectable but not Transactional: not a generated view model")
        }
        return transactional._$transactions
    }
}

/// A condition the spec states over a view model's values (`invariants:`), with its message.
@_spi(VMGen) @_spi(Testing)
public struct Invariant: Sendable {
    /// The invariant's name in the spec.
    public let name: String
    /// What the spec says when it does not hold.
    public let message: String
    /// Whether it holds for the view model's current values.
    public let holds: Bool

    public init(_ name: String, _ message: String, holds: Bool) {
        self.name = name
        self.message = message
        self.holds = holds
    }
}

/// One public value or event of an ``Inspectable`` view model, type-erased for tests.
@_spi(VMGen) @_spi(Testing)
@MainActor
public struct InspectedOutput<Owner: AnyObject> {
    /// What the output is: a value, a value that is `true` while work runs, or an event.
    public enum Kind: Sendable {
        case value
        /// `<command>IsExecuting` or `<resource>IsLoading`: `true` means work is still running.
        case work
        case event
    }

    /// The output's name in the class (`total`, `saveIsExecuting`, `showResults`).
    public let name: String
    public let kind: Kind
    /// The key path of the plain property (or the event's signal), for matching expectations.
    public let keyPath: AnyKeyPath
    /// The current value; nil for an event.
    public let current: (Owner) -> Any?
    /// Calls `changed` with each new value (or each event sent) from now on, on the main actor.
    public let observe: (_ changed: @escaping @MainActor (Any) -> Void) -> (any Disposable)?
    /// For a value the view model computes: how its current value differs from a fresh
    /// computation (nil when they agree, or when the value is not `Equatable`).
    public private(set) var audit: ((Owner) -> String?)?
    /// For a value a view may write (an input, `isActive`): the same value as the explorer writes it.
    public private(set) var input: InspectedInput<Owner>?
    /// For the enabled state of a command that takes no input: the command, which the explorer runs.
    public private(set) var command: InspectedCommand?

    /// A value, followed through its runtime property (told once per change).
    public static func value<Value>(
        _ name: String, _ keyPath: KeyPath<Owner, Value>, _ property: Property<Value>
    ) -> InspectedOutput {
        InspectedOutput(name: name, kind: .value, keyPath: keyPath, current: { $0[keyPath: keyPath] },
                        observe: { changed in mainActorValues(property.signal, changed) })
    }

    /// A value a view may write (an input, `isActive`), followed like any value; `keyPath` is
    /// the key path of a value with a setter (``InspectedInput``).
    public static func input<Value>(
        _ name: String, _ keyPath: KeyPath<Owner, Value>, _ property: Property<Value>
    ) -> InspectedOutput {
        var output = value(name, keyPath, property)
        output.input = InspectedInput(name, keyPath)
        return output
    }

    /// A value the view model computes from others, with `fresh`, its computation from the values
    /// it reads as they are stored now, for ``Inspectable/_$audit()``.
    public static func value<Value>(
        _ name: String, _ keyPath: KeyPath<Owner, Value>, _ property: Property<Value>, fresh: @escaping (Owner) -> Value
    ) -> InspectedOutput {
        var output = value(name, keyPath, property)
        output.audit = { owner in Audit.difference(name, owner[keyPath: keyPath], fresh(owner)) }
        return output
    }

    /// `<command>IsEnabled`, the enabled state of `command` (which takes no input), computed
    /// from the command's condition (`fresh`, for the audit); the explorer runs the command.
    public static func enabled(
        _ command: String, _ runtimeCommand: any InspectableCommand, _ keyPath: KeyPath<Owner, Bool>, _ property: Property<Bool>,
        fresh: @escaping (Owner) -> Bool
    ) -> InspectedOutput {
        var output = value(command + "IsEnabled", keyPath, property, fresh: fresh)
        output.command = InspectedCommand(command, runtimeCommand)
        return output
    }

    /// `<command>IsEnabled` of a command that nothing ever disables (no condition, and never seen
    /// executing): always `true`; the explorer runs the command and asks to see it enabled only.
    public static func alwaysEnabled(
        _ command: String, _ runtimeCommand: any InspectableCommand, _ keyPath: KeyPath<Owner, Bool>, _ property: Property<Bool>
    ) -> InspectedOutput {
        var output = value(command + "IsEnabled", keyPath, property, fresh: { _ in true })
        output.command = InspectedCommand(command, runtimeCommand, canBeSeenDisabled: false)
        return output
    }

    /// A value that is `true` while a command executes or a resource loads.
    public static func work(
        _ name: String, _ keyPath: KeyPath<Owner, Bool>, _ property: Property<Bool>
    ) -> InspectedOutput {
        InspectedOutput(name: name, kind: .work, keyPath: keyPath, current: { $0[keyPath: keyPath] },
                        observe: { changed in mainActorValues(property.signal, changed) })
    }

    /// An event: each value it sends. The signal is taken as `any InspectableEvents`, not
    /// generically, so that an event whose type does not compile is reported at the spec alone.
    public static func event(_ name: String, _ keyPath: PartialKeyPath<Owner>, _ signal: any InspectableEvents) -> InspectedOutput {
        InspectedOutput(name: name, kind: .event, keyPath: keyPath, current: { _ in nil },
                        observe: { changed in signal.observeValuesOnMainActor(changed) })
    }
}

/// An event's signal, as ``InspectedOutput/event(_:_:_:)`` observes it.
@_spi(VMGen) @_spi(Testing)
public protocol InspectableEvents {
    /// Calls `changed` with each value sent from now on, on the main actor.
    @MainActor func observeValuesOnMainActor(_ changed: @escaping @MainActor (Any) -> Void) -> (any Disposable)?
}

@_spi(VMGen) @_spi(Testing)
extension Signal: InspectableEvents where Failure == Never {
    @MainActor public func observeValuesOnMainActor(_ changed: @escaping @MainActor (Any) -> Void) -> (any Disposable)? {
        mainActorValues(self, changed)
    }
}

/// Observes the values of `signal`, which a generated view model sends on the main actor.
@MainActor
private func mainActorValues<Value>(
    _ signal: Signal<Value, Never>, _ changed: @escaping @MainActor (Any) -> Void
) -> (any Disposable)? {
    let changed = Unchecked(changed)
    return signal.observeValues { value in
        let value = Unchecked(value)
        MainActor.assumeIsolated { changed.value(value.value) }
    }
}

@_spi(VMGen) @_spi(Testing)
extension Invariant {
    /// What happens when an invariant does not hold after a transaction (checked by debug builds
    /// of generated code): by default an assertion failure that names it. Tests that look for
    /// broken invariants themselves (the explorer) replace it.
    @_spi(Testing) @MainActor public static var violated: (_ description: String) -> Void = { description in
        assertionFailure(description)
    }

    /// Calls ``violated`` for each of `invariants` that does not hold, naming `owner`.
    @MainActor public static func check(_ invariants: [Invariant], of owner: Any.Type) {
        for invariant in invariants where !invariant.holds {
            violated("\(owner): invariant `\(invariant.name)` does not hold: \(invariant.message)")
        }
    }
}

/// One command of an ``Inspectable`` view model that takes no input, for the explorer: whether it
/// is enabled, and one execution.
@_spi(VMGen) @_spi(Testing)
@MainActor
public struct InspectedCommand {
    /// The command's name in the class (`logIn`).
    public let name: String
    /// Whether the runtime command is enabled now (what gates an execution).
    public let isEnabled: () -> Bool
    /// Starts one execution and returns whether the command refused it (disabled); the work, if
    /// it runs, goes on after this returns.
    public let execute: () -> Bool
    /// Whether the command can be seen disabled between actions (``Command/canBeSeenDisabled``):
    /// the explorer's coverage asks to see it disabled only then.
    public let canBeSeenDisabled: Bool

    /// `command` is taken as `any InspectableCommand`, not generically: a generated view model
    /// whose command's type does not compile (a misspelled `output:`) then has the compiler
    /// report the spec's mistake alone, not also that it cannot infer the types here.
    /// `canBeSeenDisabled` is the command's own (``Command/canBeSeenDisabled``) unless the caller
    /// knows better (a generated view model knows when nothing ever disables a command).
    public init(_ name: String, _ command: any InspectableCommand, canBeSeenDisabled: Bool? = nil) {
        self.name = name
        self.canBeSeenDisabled = canBeSeenDisabled ?? command.canBeSeenDisabled
        isEnabled = { command.isEnabled.value }
        execute = { command.executeOnceForInspection() }
    }
}

/// A command that takes no input, as ``InspectedCommand`` drives it.
@_spi(VMGen) @_spi(Testing)
public protocol InspectableCommand: AnyObject {
    var isEnabled: Property<Bool> { get }
    /// ``Command/canBeSeenDisabled``.
    var canBeSeenDisabled: Bool { get }
    /// Starts one execution and returns whether the command refused it (disabled).
    func executeOnceForInspection() -> Bool
}

@_spi(VMGen) @_spi(Testing)
extension Command: InspectableCommand where Input == Void {
    public func executeOnceForInspection() -> Bool {
        // A refusal is sent at once, while the producer starts.
        let refused = Locked(false)
        execute().start { event in
            if case .failed(.disabled) = event { refused.withLock { $0 = true } }
        }
        return refused.withLock { $0 }
    }
}

@_spi(VMGen) @_spi(Testing)
extension Command {
    /// Whether the command can be disabled when no action is under way, for the explorer's
    /// coverage: when it has a condition (`enabledIf:`, a spec's `enabled:`), or when, under
    /// ``CommandPolicy/oneAtATime``, its work is a producer or a task, which may run on after the
    /// execution started (the command is disabled while it runs). Without a condition, work that
    /// returns at once (`performOnMain:`, a spec's `perform`) runs whole inside the call that
    /// starts it, in one transaction of its owner, so it is never seen executing, and under
    /// ``CommandPolicy/latestWins`` executing disables nothing: such a command is never seen disabled.
    public var canBeSeenDisabled: Bool {
        if constantCondition != true { return true }
        guard policy == .oneAtATime, case .producer = work else { return false }
        return true
    }
}

/// One value of an ``Inspectable`` view model that a view may write (an input, `isActive`), for
/// the explorer.
@_spi(VMGen) @_spi(Testing)
@MainActor
public struct InspectedInput<Owner: AnyObject> {
    /// The value's name in the class (`query`).
    public let name: String
    /// Its key path, to match the domains a test gives.
    public let keyPath: AnyKeyPath
    /// Values worth trying when the test gives none: both values of a `Bool`, else none.
    public let defaultDomain: [Any]
    /// The current value.
    public let get: (Owner) -> Any
    /// Writes a value of the input's type (one of ``defaultDomain``); other values are ignored.
    public let set: (Owner, Any) -> Void

    /// `keyPath` is the key path of a value with a setter (so, at run time, a
    /// `ReferenceWritableKeyPath`); it is taken as a `KeyPath` so that a spec type that does not
    /// compile is reported once, at the spec, and not again here.
    public init<Value>(_ name: String, _ keyPath: KeyPath<Owner, Value>) {
        self.name = name
        self.keyPath = keyPath
        defaultDomain = Value.self == Bool.self ? [false, true] : []
        get = { $0[keyPath: keyPath] }
        let writable = keyPath as? ReferenceWritableKeyPath<Owner, Value>
        set = { owner, value in
            if let writable, let value = value as? Value { owner[keyPath: writable] = value }
        }
    }
}

/// Compares a cached value with a fresh computation of it, for the `_$audit()` of generated view
/// models: `Equatable` values are compared, others cannot be and are skipped.
@_spi(VMGen) @_spi(Testing)
public enum Audit {
    /// Adds a line to `differences` when `cached` differs from `fresh`.
    public static func compare<Value: Equatable>(
        _ name: String, _ cached: Value, _ fresh: Value, into differences: inout [String]
    ) {
        guard cached != fresh else { return }
        differences.append("\(name) is \(String(reflecting: cached)) but computes to \(String(reflecting: fresh))")
    }

    /// A value that is not `Equatable`: nothing to compare.
    @_disfavoredOverload
    public static func compare<Value>(_ name: String, _ cached: Value, _ fresh: Value, into differences: inout [String]) {}

    /// What ``compare(_:_:_:into:)`` adds, for a value whose type is known only at run time:
    /// nil when the two are equal or the type is not `Equatable`.
    public static func difference<Value>(_ name: String, _ cached: Value, _ fresh: Value) -> String? {
        // A cast unwraps an optional: nil casts to nothing, so the other side decides.
        if let equatable = cached as? any Equatable {
            if equatable.isEqual(to: fresh) { return nil }
        } else if let equatable = fresh as? any Equatable {
            if equatable.isEqual(to: cached) { return nil }
        } else {
            return nil
        }
        return "\(name) is \(String(reflecting: cached)) but computes to \(String(reflecting: fresh))"
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
