import ProgressLintEngine

extension RuleRegistry {
    /// The Wording rules, in catalogue order.
    static let wordingRules: [any Rule] = [
        VagueLabel(),
        MissingLabel(),
        LabeledMacOSSpinner(),
        RefreshTitleInstructions(),
    ]
}
