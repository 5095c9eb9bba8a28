/// Every name a spec declares or the generator adds for it (`saveIsEnabled`, `isActive`, a
/// machine's `state`), as the checker's first phase finds them, without checking the spec's code:
/// for an editor, while the spec does not check.
public enum DeclaredNames {
    /// In declaration order (generated names stand at their owner's place, after it).
    public static func symbols(of spec: Spec) -> [Symbol] {
        Declarer(spec: spec, childSpecs: .none).symbols.values.sorted { ($0.location, $0.name) < ($1.location, $1.name) }
    }
}
