/// What generated view models compute their validation with (`validation:` in a spec): a field's
/// message from its rules, and a validity from several.
@_spi(VMGen)
public enum Validation {
    /// The first of `failures` that is not nil (the message of the first rule that does not
    /// hold) when `shows`; nil otherwise. Each failure is `rule ? nil : message`.
    public static func message(shows: Bool, _ failures: String?...) -> String? {
        guard shows else { return nil }
        for failure in failures where failure != nil { return failure }
        return nil
    }

    /// Whether every one of `holds` is true.
    public static func all(_ holds: Bool...) -> Bool {
        !holds.contains(false)
    }
}
