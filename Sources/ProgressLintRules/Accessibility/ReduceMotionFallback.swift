import ProgressLintEngine
import ProgressLintSpec

/// `reduce-motion-fallback`: an animated indicator with nothing to show when Reduce Motion is on.
public struct ReduceMotionFallbackRule: IndicatorRule {
    public static let description = RuleDescription(
        id: "reduce-motion-fallback",
        name: "Reduce Motion fallback",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            An animated indicator (a spinner, a refresh control, or a bar that is not determinate) whose \
            `reduce-motion` is absent, `none` or `stop-animation`; and, as info, a `replace-with` with no \
            `follow-up` when the wait may reach `thresholds.noticeable` or is unknown.
            """,
        rationale: """
            Spinning and sweeping motion can make people with vestibular disorders dizzy or sick, which is why \
            they turn on Reduce Motion. Stopping the animation is not enough: a frozen spinner looks like a \
            hung app and tells nobody that work is going on. Replace the animation with text that says what \
            is happening (`replace-with`), and for longer waits change that text after a while \
            (`follow-up`, after `follow-up-after`, default 3s) so people can tell the app has not stalled.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Reduce Motion Setting"),
            SourceReference(.johnSweetIndeterminate, section: "Stalled Out"),
        ],
        exceptions: [
            "Determinate bars move only as work is done, and are not animated.",
            "The `follow-up` info is not given for waits whose max is below `thresholds.noticeable`.",
        ],
        sharedSettings: ["thresholds.noticeable"],
        reads: ["style", "determinate", "duration", "reduce-motion", "reduce-motion.replace-with", "reduce-motion.follow-up"],
        asks: [.add("reduce-motion.replace-with")],
        fix: FixDescription(.unsafe, """
            writes the indicator's own `label` as `reduce-motion.replace-with` when the label is specific (not \
            one of `vague-labels`). What people with Reduce Motion on see changes, so it is applied only with \
            `--unsafe-fixes`. When the wait may reach `thresholds.noticeable`, the fix is only shown: the rule \
            would then ask for a `follow-up` text that only you can write.
            """),
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Search
                indicators:
                  - ↓id: search
                    style: spinner
                    duration: 300ms..900ms
                    label: Searching your mail
                """, note: "a short wait with a specific label: `--unsafe-fixes` shows the label instead"),
            RuleExample("""
                platform: ios
                screen: Mail
                indicators:
                  - ↓id: sync
                    style: spinner
                    label: Checking for mail
                """, note: "no reduce-motion at all: reported at the indicator"),
            RuleExample("""
                screen: Mail
                indicators:
                  - id: sync
                    style: bar
                    reduce-motion: ↓stop-animation
                """, note: "an indeterminate bar that would just freeze"),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: refresh
                    style: refresh-control
                    auto-refresh: 5m
                    reduce-motion: ↓{replace-with: Refreshing your feed}
                """, note: "info: unknown duration and no follow-up"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Mail
                indicators:
                  - id: sync
                    style: spinner
                    label: Checking for mail
                    reduce-motion:
                      replace-with: Checking for mail…
                      follow-up: Still checking…
                """),
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: auth
                    style: spinner
                    duration: 900ms
                    reduce-motion: {replace-with: Signing you in…}
                """, note: "below the noticeable threshold no follow-up is needed"),
            RuleExample("""
                screen: Upload
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                """, note: "determinate bars are not animated"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isAnimated else { return [] }
        // Made only for a finding.
        func subject() -> String {
            let what = indicator.style?.value == .bar ? "an indeterminate bar" : "a \(indicator.style!.value.rawValue)"
            return "indicator '\(indicator.displayID)' (\(what))"
        }
        guard let reduceMotion = indicator.reduceMotion else {
            return [context.violation(indicator, at: indicator.node,
                "\(subject()) has no `reduce-motion` fallback; add `reduce-motion: {replace-with: …}` with text "
                + "that says what is happening, shown instead of the animation",
                fix: fix(indicator, context: context) { label in
                    [.set(path: ["reduce-motion", "replace-with"], to: .copy(label.node), in: indicator.node)]
                })]
        }
        switch reduceMotion.value {
        case .none, .stopAnimation:
            let written = reduceMotion.value.isStop ? "stop-animation" : "none"
            return [context.violation(indicator, at: reduceMotion.node,
                "\(subject()) has `reduce-motion: \(written)`; a stopped animation looks like a hung app, so "
                + "use `reduce-motion: {replace-with: …}` with text that says what is happening",
                fix: fix(indicator, context: context) { label in
                    [.replaceScalar(reduceMotion.node, with: .token("{replace-with: \(FixBuilder.render(label.value))}"))]
                })]
        case .fallback(let fallback):
            guard fallback.replaceWith != nil else {
                return [context.violation(indicator, at: reduceMotion.node,
                    "\(subject()) has a `reduce-motion` mapping without `replace-with`; add the text shown "
                    + "instead of the animation",
                    fix: fix(indicator, context: context) { label in
                        [.set(path: ["replace-with"], to: .copy(label.node), in: reduceMotion.node)]
                    })]
            }
            if fallback.followUp == nil,
               Phrase.reaches(indicator, context.thresholds.noticeable, orUnknown: true) {
                return [context.violation(indicator, at: reduceMotion.node,
                    "\(subject()) may run \(Phrase.howLong(indicator)) but its Reduce Motion text never changes; "
                    + "add `reduce-motion.follow-up` (e.g. \"Still working…\") so a long wait does not look stuck",
                    severity: .info)]
            }
            return []
        }
    }
}

extension ReduceMotionFallbackRule {
    /// The indicator's own label as the text shown instead of the animation, when it is specific;
    /// only shown when the wait may be long enough for the rule to ask for a follow-up as well.
    fileprivate func fix(_ indicator: Indicator, context: RuleContext,
                         _ operations: (Located<String>) -> [FixOperation]) -> FixProposal? {
        guard let label = indicator.label, !label.value.trimmed().isEmpty,
              !context.configuration.options[VagueLabel.labels].normalized.contains(label.value.normalizedLabel()) else { return nil }
        let long = Phrase.reaches(indicator, context.thresholds.noticeable, orUnknown: true)
        return FixProposal(long ? .displayOnly : .unsafe, "set `reduce-motion.replace-with` to the label",
                           operations(label))
    }
}

extension ReduceMotion {
    var isStop: Bool {
        if case .stopAnimation = self { return true }
        return false
    }
}
