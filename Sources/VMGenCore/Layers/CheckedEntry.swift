/// An entry the checker accepted other than a value, command or resource (a parameter, dependency,
/// constant, event, function, invariant, keyed list, `validation`): the parser's entry, its fields
/// read through this type, with where its name is written (a keyed list's: its value's) and the
/// declared names its code reads, in order of first appearance (none without code).
@dynamicMemberLookup
public struct CheckedEntry<Entry: Sendable>: Sendable {
    let entry: Entry
    public var location: SourceLocation
    public var reads: [String]

    public subscript<Field>(dynamicMember field: KeyPath<Entry, Field>) -> Field { entry[keyPath: field] }
}
