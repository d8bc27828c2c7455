import ProgressLintEngine

extension RuleRegistry {
    /// The Timing rules, in catalogue order.
    static let timingRules: [any Rule] = [
        LongWaitNeedsDeterminate(),
        ObstructiveNeedsExit(),
        IndicatorNotNeeded(),
        LateIndicator(),
        MissingStallHandling(),
        SlowUpdates(),
        UnevenPacing(),
        FlashRisk(),
    ]
}
