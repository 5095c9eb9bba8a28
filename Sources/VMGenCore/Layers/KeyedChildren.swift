/// A keyed child list as written (docs/spec-format.md, "Keyed children"): a child per element
/// of a collection, kept by the element's id.
public struct KeyedChildren: Sendable {
    /// An expression giving the collection, one child per element: `items`.
    public var each: Code
    /// A key path to each element's identity: `\.id`.
    public var id: Code
    /// Creates the child of a new element, given as `element`: `TodoRowViewModel(item: element)`.
    public var make: Code
    /// Statements that give a kept child (`child`) its element's new data (`element`), through
    /// the child's inputs: `child.item = element`.
    public var update: Code?
    /// The child's events the parent handles, each with statements that read `child` and `value`.
    public var handlers: [EventHandler] = []
}

/// The parent's statements for one event of each child in a keyed list.
public struct EventHandler: Sendable {
    /// The child's event: a `Signal` property of the child.
    public var event: Located<String>
    /// Statements run in one transaction of the parent, with `child` and `value` bound.
    public var body: Code
}
