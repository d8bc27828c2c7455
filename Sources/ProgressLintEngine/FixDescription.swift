import ProgressLintYAML

/// What a rule's page says about its fix.
public struct FixDescription: Hashable, Sendable {
    /// The applicability of the rule's fixes.
    public var applicability: FixApplicability
    /// What the fix does and why it has that applicability.
    public var note: String

    /// Creates a description.
    public init(_ applicability: FixApplicability, _ note: String) {
        self.applicability = applicability
        self.note = note
    }
}
