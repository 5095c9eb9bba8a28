/// The ids of a keyed child list, and what brings the list up to date with a new collection of
/// elements: the child of each id that remains is kept (the same object, updated in place), a new
/// id gets a new child, and the child of an id that is gone is let go (docs/spec-format.md,
/// "Keyed children").
///
/// A generated view model keeps one per keyed child list and calls ``reconcile(_:with:id:make:update:made:)``
/// each time the collection may have changed. Linear in the list's length; when the ids come in
/// the same order as before (only the elements' data changed, or nothing), it allocates nothing
/// and returns the same array.
///
/// **Repeated ids.** Elements with the same id are matched in order: the first element with id 7
/// keeps the child of the first element with id 7 from before, the second the second, and so on.
/// A list with repeated ids therefore keeps its children as long as equal ids keep their order
/// among themselves.
@_spi(VMGen)
@MainActor
public final class ChildKeys {
    /// The id of each child of the list, in the list's order.
    @_spi(Testing) public private(set) var ids: [AnyHashable] = []

    public init() {}

    /// What a list's `each` gives, as it gives it: a function that only asks for a `Collection`,
    /// called where the spec writes `each`, so that the compiler reports an `each` of another kind
    /// (an optional, a sequence that is not a collection) at the spec's line and column.
    @inlinable
    public static func elements<Elements: Collection>(_ each: () -> Elements) -> Elements {
        each()
    }

    /// The children for `elements`, reusing those of `children` (the list as it was, with the ids
    /// of the last call) by id.
    ///
    /// - `make` creates the child of an element whose id is new; `made` is then called with it
    ///   (to listen to the child's events, for example).
    /// - `update` gives each kept child its element's current data (through the child's inputs).
    ///   It runs for every kept child, in the new order; a child whose inputs do not change tells
    ///   nobody.
    /// - Returns `children` itself (no new array) when every id is where it was.
    public func reconcile<Child: AnyObject, Elements: Collection, ID: Hashable>(
        _ children: [Child],
        with elements: Elements,
        id: KeyPath<Elements.Element, ID>,
        make: (Elements.Element) -> Child,
        update: (Child, Elements.Element) -> Void,
        made: (Child) -> Void = { _ in }
    ) -> [Child] {
        precondition(children.count == ids.count, "ChildKeys: the list is not the one these ids describe")
        // The ids that are where they were: their children are kept in place.
        var same = 0
        var position = elements.startIndex
        while same < ids.count, position != elements.endIndex, AnyHashable(elements[position][keyPath: id]) == ids[same] {
            same += 1
            elements.formIndex(after: &position)
        }
        if same == ids.count && position == elements.endIndex {
            for (child, element) in zip(children, elements) { update(child, element) }
            return children
        }
        return rebuild(children, from: same, with: elements, id: id, make: make, update: update, made: made)
    }

    /// The slow path of ``reconcile(_:with:id:make:update:made:)``: the ids from `start` on moved,
    /// appeared or went away. Children before `start` are where they were.
    private func rebuild<Child: AnyObject, Elements: Collection, ID: Hashable>(
        _ children: [Child],
        from start: Int,
        with elements: Elements,
        id: KeyPath<Elements.Element, ID>,
        make: (Elements.Element) -> Child,
        update: (Child, Elements.Element) -> Void,
        made: (Child) -> Void
    ) -> [Child] {
        // For each old id from `start` on, its first position; `next` chains the positions of
        // equal ids, so that repeated ids are matched in order.
        var first: [AnyHashable: Int] = [:]
        first.reserveCapacity(ids.count - start)
        var next = [Int](repeating: -1, count: ids.count)
        for index in (start..<ids.count).reversed() {
            if let following = first[ids[index]] { next[index] = following }
            first[ids[index]] = index
        }
        var result: [Child] = []
        result.reserveCapacity(elements.count)
        var newIDs: [AnyHashable] = []
        newIDs.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            let key = AnyHashable(element[keyPath: id])
            newIDs.append(key)
            if offset < start {
                result.append(children[offset])
                update(children[offset], element)
            } else if let index = first[key] {
                first[key] = next[index] >= 0 ? next[index] : nil
                result.append(children[index])
                update(children[index], element)
            } else {
                let child = make(element)
                result.append(child)
                made(child)
            }
        }
        ids = newIDs
        return result
    }
}
