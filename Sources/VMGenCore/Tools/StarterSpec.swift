/// The spec `vmgen init NAME` writes: small, valid, and touching the main concepts.
public enum StarterSpec {
    /// The name without a trailing `ViewModel`: `ProfileViewModel` and `Profile` are both `Profile`.
    public static func baseName(_ name: String) -> String {
        name.hasSuffix("ViewModel") ? String(name.dropLast("ViewModel".count)) : name
    }

    /// The starter spec for the view model `<base name>ViewModel`.
    public static func text(name: String) -> String {
        """
        # A VMGen view-model spec: what each value is and when each command may run.
        # Generate Swift from it: vmgen generate <this file> --output <folder>
        # Every key, for editors that complete and check YAML: vmgen schema > vm-spec.schema.json
        # Values are YAML: quote code that starts with ! [ { or a quote, or contains ": " (any
        # call with an argument label), or write it as a block (|) on the lines below.
        viewModel: \(baseName(name))ViewModel
        doc: A counter that can be stepped up to a limit.

        parameters:
          limit: { type: Int, doc: The largest value the count may reach. }

        state:
          count: { type: Int, initial: "0", doc: The current count. }

        derived:
          isAtLimit: { type: Bool, value: count >= limit }
          countText: { type: String, value: '"\\(count) of \\(limit)"' }

        commands:
          increment:
            doc: Adds one to the count.
            enabled: "!isAtLimit"
            perform: count += 1
          reset:
            doc: Starts again from zero.
            perform: count = 0

        """
    }
}
