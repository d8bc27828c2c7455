import ProgressLintEngine

extension RuleRegistry {
    /// The Accessibility rules, in catalogue order.
    static let accessibilityRules: [any Rule] = [
        NativeLabelRenamed(),
        ObstructiveFocus(),
        ObstructiveFocusReturn(),
        ParallelFocusSteal(),
        AnnounceUserInitiated(),
        UnsolicitedAnnouncement(),
        ProgressChatter(),
        AnnounceCompletion(),
        ReannounceLongWait(),
        MissingAccessibleName(),
        ReduceMotionFallbackRule(),
        PauseStopHide(),
    ]
}
