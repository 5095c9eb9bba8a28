/// The spec `vmgen init NAME` writes: small, valid, and touching the main concepts.
public enum StarterSpec {
    public static func text(name: String) -> String {
        """
        # A view model spec. Reference: docs/spec-format.md. Generate: vmgen generate <this file> --output <dir>
        viewModel: \(name)ViewModel
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
