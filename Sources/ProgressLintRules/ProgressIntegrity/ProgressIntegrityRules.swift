import ProgressLintCore

extension RuleRegistry {
    /// The ProgressIntegrity rules, in catalogue order.
    static let progressIntegrityRules: [any Rule] = [
        NoStyleSwitch(),
    ]
}
