/// A reaction of the spec, checked: what runs it, what it reads and what it writes. In the
/// graph it is an effect node that reads its triggers and what its statements read, and that
/// every value it writes reads, so it runs after all it reads and before all that reads its writes.
public struct ResolvedReaction: Sendable {
    public var name: String
    public var doc: String?
    /// The values whose change runs it, without repeats.
    public var triggers: [String]
    /// The values its statements read, besides what they write.
    public var reads: [String]
    /// The state values its statements write (passed `inout`), in order of first appearance.
    public var writes: [String]
    /// The one trigger whose value from before the transaction it reads as `oldValue`, if any.
    public var oldValueOf: String?
    public var perform: Code
    /// Where the statements first write each value they write, for messages.
    public var writeLocations: [String: SourceLocation]
}
