/// The spec `vmgen init NAME` writes: small, valid, and touching the main concepts.
enum StarterSpec {
    /// The name without a trailing `ViewModel`: `ProfileViewModel` and `Profile` are both `Profile`.
    static func baseName(_ name: String) -> String {
        name.hasSuffix("ViewModel") ? String(name.dropLast("ViewModel".count)) : name
    }

    /// The starter spec for the view model `<base name>ViewModel`.
    static func text(name: String) -> String {
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
          step: { type: Int, initial: "1", input: true, doc: How much each increment adds; the view edits it. }
          lastChange: { type: String, initial: '""', doc: What the last change of the count was. }

        derived:
          isAtLimit: { type: Bool, value: count >= limit }
          countText: { type: String, value: '"\\(count) of \\(limit)"' }

        # Rules with messages: `stepMessage` shows the first broken rule's message once the step was
        # edited; `stepIsValid` and `isValid` say whether every rule holds.
        validation:
          fields:
            step:
              - { rule: step > 0, message: The step must be at least 1. }
              - { rule: step <= limit, message: The step cannot be larger than the limit. }

        # Statements run when a value changes, in the same transaction.
        reactions:
          recordChange:
            onChange: count
            perform: 'lastChange = "\\(oldValue) -> \\(count)"'

        commands:
          increment:
            doc: Adds the step to the count, up to the limit.
            enabled: "!isAtLimit && isValid"
            perform: count = min(count + step, limit)
          reset:
            doc: Starts again from zero.
            perform: count = 0

        """
    }
}
