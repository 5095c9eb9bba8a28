/// `validation:`: rules with messages on input values. Each field gets a message (its first
/// failing rule's, once messages show) and a validity; the form gets `isValid`.
public struct Validation: Sendable {
    /// When a field's message shows.
    public enum Show: String, Sendable, CaseIterable {
        /// Once the field was edited (set through its setter), or once a submit was attempted.
        case afterEdit
        /// Once a submit was attempted (needs `submit`).
        case afterSubmit
    }

    /// One rule of a field: a `Bool` expression that holds when the field is valid.
    public struct Rule: Sendable {
        public var holds: Code
        /// What the field shows while the rule does not hold.
        public var message: Located<String>
    }

    /// The rules of one input value, in the order they are checked.
    public struct Field: Sendable {
        public var name: Located<String>
        public var rules: [Rule]
    }

    /// Where `validation:` stands.
    public var location: SourceLocation
    /// The command that submits the form (`submit:`): attempting it shows every message, and
    /// its work runs only when the form is valid.
    public var submit: Located<String>?
    /// `show:`; `afterEdit` when left out.
    public var show: Located<Show>?
    public var fields: [Field] = []

    /// When messages show, as written or by default.
    public var showsAfter: Show { show?.value ?? .afterEdit }
}
