/// The names the generated class declares besides the spec's own. The translator writes them
/// and the validator reserves them, both from here, so a spec name can never clash with a
/// generated one unnoticed.
public enum GeneratedNames {
    // MARK: Public members

    /// A value as a runtime `Property`: `roll` -> `rollProperty`.
    public static func property(of value: String) -> String { value + "Property" }
    public static func isExecuting(of command: String) -> String { command + "IsExecuting" }
    public static func isEnabled(of command: String) -> String { command + "IsEnabled" }
    public static func isLoading(of resource: String) -> String { resource + "IsLoading" }
    public static func error(of resource: String) -> String { resource + "Error" }
    public static func reload(of resource: String) -> String { "reload" + capitalized(resource) }

    // MARK: Private members

    /// The `MutableProperty` that stores a value.
    public static func storage(of value: String) -> String { "_" + value }
    /// A command's enabled condition, a private computed value.
    public static func canExecute(of command: String) -> String { command + "CanExecute" }
    /// The update function run after a state value or `isActive` is set.
    public static func update(of value: String) -> String { value + "DidChange" }
    /// The update function run when a command's or resource's runtime outputs change.
    public static func stateUpdate(of owner: String) -> String { owner + "StateDidChange" }
    public static func perform(of command: String) -> String { "perform" + capitalized(command) }
    public static func work(of command: String) -> String { command + "Work" }
    public static func task(of command: String) -> String { command + "Task" }
    public static func didSendValue(of command: String) -> String { command + "DidSendValue" }
    public static func didFail(of command: String) -> String { command + "DidFail" }
    public static func loader(of resource: String) -> String { resource + "Loader" }
    public static func load(of resource: String) -> String { "load" + capitalized(resource) }
    public static func observer(of event: String) -> String { event + "Observer" }
    /// The static functions that evaluate spec expressions.
    public static func compute(of value: String) -> String { "compute" + capitalized(value) }
    public static func initial(of state: String) -> String { "initial" + capitalized(state) }
    public static func make(of constant: String) -> String { "make" + capitalized(constant) }
    /// Members every generated class has.
    public static let fixedMembers = ["read", "didChange", "disposables"]

    /// Every private name the class declares for `spec`, with the declaration it serves.
    static func privateMembers(of spec: Spec) -> [(name: String, owner: Located<String>)] {
        var result: [(String, Located<String>)] = []
        func add(_ names: [String], for owner: Located<String>) {
            result += names.map { ($0, owner) }
        }
        add(fixedMembers, for: spec.viewModel)
        for constant in spec.constants { add([make(of: constant.name.value)], for: constant.name) }
        for state in spec.state { add([update(of: state.name.value), initial(of: state.name.value)], for: state.name) }
        for member in spec.derived + spec.children { add([compute(of: member.name.value)], for: member.name) }
        for command in spec.commands {
            let name = command.name.value
            add([canExecute(of: name), compute(of: canExecute(of: name)), stateUpdate(of: name), perform(of: name),
                 work(of: name), task(of: name), didSendValue(of: name), didFail(of: name)], for: command.name)
        }
        for resource in spec.resources {
            let name = resource.name.value
            add([stateUpdate(of: name), loader(of: name), load(of: name)], for: resource.name)
        }
        for event in spec.events { add([observer(of: event.name.value)], for: event.name) }
        if spec.lifecycle?.value == "active", let lifecycle = spec.lifecycle {
            add([update(of: "isActive")], for: Located("isActive", at: lifecycle.location))
        }
        return result
    }

    /// `photos` -> `Photos`.
    public static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
