import ProgressLintEngine

extension RuleRegistry {
    /// The Platform rules, in catalogue order.
    static let platformRules: [any Rule] = [
        StyleDeterminacy(),
        ComponentMismatch(),
        ToolbarTrackVisible(),
        RefreshNeedsAutoRefresh(),
    ]
}
