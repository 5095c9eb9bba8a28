// Bindings: `target <~ source` keeps a target updated with the values of a source
// (ReactiveCocoa's `RAC(object, keyPath) = signal`).

precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

/// Binds a source to a target: `target <~ source`.
infix operator <~ : BindingPrecedence

/// Something values can be bound to: an action and the lifetime during which it is valid.
public struct BindingTarget<Value>: Sendable {
    /// The binding ends when this lifetime ends.
    public let lifetime: Lifetime
    /// Receives each bound value.
    public let action: @Sendable (Value) -> Void

    /// A target that passes each value to `action` while `lifetime` lasts.
    public init(lifetime: Lifetime, action: @escaping @Sendable (Value) -> Void) {
        self.lifetime = lifetime
        self.action = action
    }

    /// A target whose `action` runs on the main actor, inline when the value comes on the main
    /// queue and nothing of this target is waiting there (see ``MainScheduler``).
    public init(lifetime: Lifetime, onMain action: @escaping @MainActor (Value) -> Void) {
        let scheduler = MainScheduler()
        self.init(lifetime: lifetime) { value in
            let value = Unchecked(value)
            scheduler.scheduleOnMain { action(value.value) }
        }
    }
}

/// Something that can be the left side of `<~`.
public protocol BindingTargetProvider<Value> {
    /// The type of the values it accepts.
    associatedtype Value
    /// The target the values go to.
    var bindingTarget: BindingTarget<Value> { get }
}

/// Something that can be the right side of `<~`: it provides values that cannot fail.
public protocol BindingSource<Value> {
    /// The type of the values it provides.
    associatedtype Value
    /// The values to bind (a property's current value first, then its changes).
    var bindingProducer: SignalProducer<Value, Never> { get }
}

extension BindingTarget: BindingTargetProvider {
    /// The target itself.
    public var bindingTarget: BindingTarget<Value> { self }
}

extension MutableProperty: BindingTargetProvider, BindingSource {
    /// Sets ``value`` with each bound value; holds the property weakly, and ends with it.
    public var bindingTarget: BindingTarget<Value> {
        // Held weakly; a bound value reaches the property on the thread that sends it.
        let property = UncheckedWeak(self)
        return BindingTarget(lifetime: lifetime) { value in property.object?.value = value }
    }

    /// The current value, then every change.
    public var bindingProducer: SignalProducer<Value, Never> { producer }

    /// Ends when the property is deinitialized.
    public var lifetime: Lifetime { Lifetime(core.disposables) }
}

extension Property: BindingSource {
    /// The current value, then every change.
    public var bindingProducer: SignalProducer<Value, Never> { producer }
}

extension Signal: BindingSource where Failure == Never {
    /// The values sent from the moment of binding on.
    public var bindingProducer: SignalProducer<Value, Never> { SignalProducer(self) }
}

extension SignalProducer: BindingSource where Failure == Never {
    /// The producer itself (started once per binding).
    public var bindingProducer: SignalProducer<Value, Never> { self }
}

/// Sends every value of `source` to `target` until either ends: the target's lifetime ends, or
/// the source completes or is interrupted (a property's source ends when the property goes away).
///
/// - Returns: a disposable that ends the binding early.
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(target: Target, source: Source) -> any Disposable
where Target.Value == Source.Value {
    let target = target.bindingTarget
    let disposable = source.bindingProducer.take(during: target.lifetime).startWithValues(target.action)
    target.lifetime += disposable
    return disposable
}
