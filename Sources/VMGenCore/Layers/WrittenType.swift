/// A type the spec writes, with the declaration it is the type of: the checker lists every one,
/// in spec order, for the typealiases of the generated code (`SpecTypes`).
public struct WrittenType: Sendable {
    public enum Role: String, Sendable {
        /// The type of a member (parameter, dependency, constant, value, child, event) or resource.
        case type = "Type"
        /// A command's input, output or failure, or a resource's failure.
        case input = "Input", output = "Output", failure = "Failure"
    }

    /// The name of the declaration, and what it is.
    public var owner: String
    public var kind: Symbol.Kind
    public var role: Role
    public var type: Located<String>
}
