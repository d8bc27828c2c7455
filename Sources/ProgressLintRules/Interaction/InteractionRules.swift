import ProgressLintEngine

extension RuleRegistry {
    /// The Interaction rules, in catalogue order.
    static let interactionRules: [any Rule] = [
        ObstructionNotNeeded(),
        ObstructionNeeded(),
        LossyCancelNeedsConfirm(),
        LossyCancelNeedsPause(),
        OfferCancel(),
        PerItemSpinner(),
    ]
}
