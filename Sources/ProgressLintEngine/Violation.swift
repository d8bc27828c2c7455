import ProgressLintSpec
import ProgressLintYAML

/// One thing a rule found: where, what, and optionally a severity other than the rule's default.
public struct Violation: Hashable, Sendable {
    /// The node the user must change.
    public var node: NodeID
    /// What is wrong and what to do instead.
    public var message: String
    /// A severity for this case only (when a rule has a milder case); the config still overrides it.
    public var severity: Severity?
    /// The indicator it concerns, if any (its mapping node).
    public var indicatorNode: NodeID?
    /// The indicator's id, for reporters.
    public var indicatorID: String?
    /// What this finding asks the user to do, when it differs from its rule's ``RuleDescription/asks``.
    public var asks: [Ask]?
    /// How to fix it, when the spec itself determines the remedy.
    public var fix: FixProposal?

    /// Creates a violation.
    public init(at node: NodeID, _ message: String, severity: Severity? = nil, indicator: Indicator? = nil,
                asks: [Ask]? = nil, fix: FixProposal? = nil) {
        self.node = node
        self.fix = fix
        self.message = message
        self.severity = severity
        self.asks = asks
        self.indicatorNode = indicator?.node
        self.indicatorID = indicator?.id?.value
    }
}
