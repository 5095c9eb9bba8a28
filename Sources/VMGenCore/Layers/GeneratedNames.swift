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

    /// Validation (`validation:`): a field's message, validity and whether it was edited, the
    /// form's validity, and whether a submit was attempted.
    public static func message(of field: String) -> String { field + "Message" }
    public static func isValid(of field: String) -> String { field + "IsValid" }
    public static func wasEdited(of field: String) -> String { field + "WasEdited" }
    public static let isValid = "isValid"
    public static let submitAttempted = "submitAttempted"

    /// The public method that groups writes from outside into one transaction.
    public static let update = "update"

    // MARK: Private members
    //
    // Every private name the generated code declares starts with `_`, which no spec name may
    // (the validator rejects it), and is either `_<name>` (a value's storage) or contains a `$`,
    // which no spec name can: `_<name>$<role>` for what serves one declaration, `_$<role>` for
    // what every class has. So private names can never clash with spec names nor with each other.

    /// A value's storage: `roll` -> `_roll`.
    public static func storage(of value: String) -> String { "_" + value }
    /// What serves one declaration: `helper("roll", "before")` -> `_roll$before`.
    public static func helper(_ owner: String, _ role: String) -> String { "_" + owner + "$" + role }
    /// What every generated class has: `fixed("recompute")` -> `_$recompute`.
    public static func fixed(_ role: String) -> String { "_$" + role }
    /// A command's enabled condition, a private computed value (reserved by the validator).
    public static func canExecute(of command: String) -> String { command + "CanExecute" }

    /// Rule `index` (from 1) of a validated field, a private computed value: `email$rule1`,
    /// stored as `_email$rule1`.
    public static func rule(_ index: Int, of field: String) -> String { field + "$rule" + String(index) }

    /// What a generated name of `owner` becomes when `owner` is renamed `newOwner`
    /// (`profileIsLoading` -> `accountIsLoading`, `reloadProfile` -> `reloadAccount`): the same
    /// rule applied to the new name; nil for a name no rule makes of `owner`.
    public static func renamed(_ name: String, owner: String, to newOwner: String) -> String? {
        let rules: [(String) -> String] = [
            property(of:), isExecuting(of:), isEnabled(of:), isLoading(of:), error(of:), reload(of:),
            message(of:), isValid(of:), wasEdited(of:), canExecute(of:),
        ]
        return rules.first { $0(owner) == name }.map { $0(newOwner) }
    }

    /// `photos` -> `Photos`.
    public static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
