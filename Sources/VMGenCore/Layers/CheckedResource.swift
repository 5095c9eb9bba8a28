/// A resource, checked: its load as the spec writes it, with the facts the checker decided once.
public struct CheckedResource: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var type: Located<String>
    /// The failure type as the spec writes it; nil when it writes none (`any Error`).
    public var failure: Located<String>?
    /// Whether a load can fail: unless `failure` is `Never` (`SpecCode.isNever`); only then has
    /// the resource an `<name>Error`.
    public var canFail: Bool
    /// A `load:` producer, or the statements of a `task:` (`isTask`).
    public var load: Code
    public var isTask: Bool
    public var triggers: [Resource.Trigger]
    /// How its `change` reloads are held back.
    public var pacing: Pacing?
    public var valueOnFailure: Resource.ValueOnFailure?
    public var errorWhileLoading: Resource.ErrorWhileLoading?

    init(_ resource: Resource) {
        name = resource.name
        doc = resource.doc
        type = resource.type
        failure = resource.failure
        canFail = Self.canFail(resource)
        load = resource.load
        isTask = resource.isTask
        triggers = resource.triggers.map(\.value)
        pacing = resource.pacing?.value
        valueOnFailure = resource.valueOnFailure?.value
        errorWhileLoading = resource.errorWhileLoading?.value
    }

    /// The one rule of "can fail": a resource fails with `any Error` unless its `failure` is `Never`.
    static func canFail(_ resource: Resource) -> Bool {
        !SpecCode.isNever(resource.failure?.value ?? "any Error")
    }
}
