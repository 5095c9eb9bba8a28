/// A resource, checked: the entry as the spec writes it (its fields read through this type:
/// `name`, `type`, `failure`, `load`, `isTask`...), with the facts the checker decides once.
@dynamicMemberLookup
public struct CheckedResource: Sendable {
    let entry: Resource

    public subscript<Field>(dynamicMember field: KeyPath<Resource, Field>) -> Field { entry[keyPath: field] }

    /// Whether a load can fail: unless its `failure` is `Never` (`SpecCode.isNever`); only then has
    /// the resource an `<name>Error`.
    public var canFail: Bool { !SpecCode.isNever(entry.failure?.value ?? Self.defaultFailure) }
    /// What a load fails with when the spec writes no `failure`, as the generated code names it.
    public static let defaultFailure = "any Swift.Error"

    /// What starts its loads, how its `change` reloads are held back, and its options.
    public var triggers: [Resource.Trigger] { entry.triggers.map(\.value) }
    public var pacing: Pacing? { entry.pacing?.value }
    public var valueOnFailure: Resource.ValueOnFailure? { entry.valueOnFailure?.value }
    public var errorWhileLoading: Resource.ErrorWhileLoading? { entry.errorWhileLoading?.value }
}
