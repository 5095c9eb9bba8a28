/// The standard-library types random specs use, plus the view model types of other specs in
/// the same batch.
indirect enum ValueType: Hashable, Sendable {
    case int, bool, string, double
    case optional(ValueType)
    case array(ValueType)
    /// `[String: Int]`
    case dictionary
    /// `(Int, String)`
    case pair
    case void
    /// A resource's `(any Error)?` output: only compared with `nil`.
    case errorOutput
    case viewModel(String)
    case closure(Closure)
    /// A type of `AppTypesModule`, as spec code writes it: `Event` (imported by a scoped
    /// import) or `RandomAppTypes.Signal`.
    case app(String)

    enum Closure: Hashable, Sendable {
        /// `((Int) -> Int)`
        case transform
        /// `@Sendable (Int) -> SignalProducer<String, Never>`
        case lookup
        /// `@Sendable (String) -> SignalProducer<[Int], any Error>`
        case search
    }

    var spelling: String {
        switch self {
        case .int: "Int"
        case .bool: "Bool"
        case .string: "String"
        case .double: "Double"
        case .optional(let wrapped): wrapped.spelling + "?"
        case .array(let element): "[\(element.spelling)]"
        case .dictionary: "[String: Int]"
        case .pair: "(Int, String)"
        case .void: "Void"
        case .errorOutput: "(any Error)?"
        case .viewModel(let name), .app(let name): name
        case .closure(.transform): "((Int) -> Int)"
        case .closure(.lookup): "@Sendable (Int) -> SignalProducer<String, Never>"
        case .closure(.search): "@Sendable (String) -> SignalProducer<[Int], any Error>"
        }
    }

    /// Types for parameters, constants, state, derived values, resources and events.
    static let plain: [ValueType] = [
        .int, .int, .int, .bool, .bool, .string, .string, .double,
        .optional(.int), .optional(.string), .array(.int), .array(.string), .dictionary, .pair,
    ]

    /// Types for command inputs and outputs (a closure too: issue 26).
    static let simple: [ValueType] = [.int, .string, .bool, .array(.int), .closure(.transform)]
}

/// A name an expression may read, with its type.
struct Binding: Sendable {
    var name: String
    var type: ValueType
}
