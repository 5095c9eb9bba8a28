/// Statements the view model runs when a value changes (`reactions:`), inside the transaction
/// that changed it: at the reaction's place in the update order, before any observer is told.
public struct Reaction: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// The values whose change runs the reaction (`onChange:`), as written.
    public var triggers: [Located<String>]
    /// The statements (`perform:`): they write state values and read what they need.
    public var perform: Code
}
