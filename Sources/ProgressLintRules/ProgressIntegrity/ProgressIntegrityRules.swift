import ProgressLintEngine

extension RuleRegistry {
    /// The ProgressIntegrity rules, in catalogue order.
    static let progressIntegrityRules: [any Rule] = [
        OnlyTaskProgress(),
        FillsOnFailure(),
        PhaseSharesSum(),
        VerificationShare(),
        NeverBackwards(),
        NoStyleSwitch(),
        ConsistentLocation(),
        MeterForProgress(),
    ]
}
