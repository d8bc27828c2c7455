import ProgressLintCore

extension RuleRegistry {
    /// The Accessibility rules, in catalogue order.
    static let accessibilityRules: [any Rule] = [
        NativeLabelRenamed(),
        ReduceMotionFallbackRule(),
    ]
}
