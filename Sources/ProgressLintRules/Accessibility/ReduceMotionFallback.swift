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
            `--unsafe-fixes`. When the wait may reach `thresholds.noticeable`, the fix also writes a `follow-up` \
            ("Still …" made from the same words) and is only shown: check that text before you take it.
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
        let long = Phrase.reaches(indicator, context.thresholds.noticeable, orUnknown: true)
        // Both texts at once when the wait is long enough to need the second.
        func texts(followUp: Bool) -> (asks: [Ask], phrase: String) {
            let text = WorkText(indicator, context: context)
            var asks: [Ask] = [.set("reduce-motion.replace-with", to: text.doing)]
            if followUp { asks.append(.set("reduce-motion.follow-up", to: text.still)) }
            let then = followUp ? ", changed to the `follow-up` after a while so a long wait does not look stuck" : ""
            return (asks, "\(Advice.phrase(asks)): text shown instead of the animation that says what is happening\(then)")
        }
        guard let reduceMotion = indicator.reduceMotion else {
            let (asks, phrase) = texts(followUp: long)
            return [context.violation(indicator, at: indicator.node,
                "\(subject()) has no `reduce-motion` fallback; \(phrase)", asks: asks,
                fix: fix(indicator, context: context, long: long) { label, followUp in
                    // One mapping written at once: two paths into a new `reduce-motion` would each write it.
                    guard let followUp else {
                        return [.set(path: ["reduce-motion", "replace-with"], to: .copy(label.node), in: indicator.node)]
                    }
                    return [.set(path: ["reduce-motion"], to: .token(
                        "{replace-with: \(FixBuilder.render(label.value)), follow-up: \(followUp)}"), in: indicator.node)]
                })]
        }
        switch reduceMotion.value {
        case .none, .stopAnimation:
            let written = reduceMotion.value.isStop ? "stop-animation" : "none"
            let (asks, phrase) = texts(followUp: long)
            return [context.violation(indicator, at: reduceMotion.node,
                "\(subject()) has `reduce-motion: \(written)`; a stopped animation looks like a hung app, so "
                + phrase, asks: asks,
                fix: fix(indicator, context: context, long: long) { label, followUp in
                    let more = followUp.map { ", follow-up: \($0)" } ?? ""
                    return [.replaceScalar(reduceMotion.node,
                                           with: .token("{replace-with: \(FixBuilder.render(label.value))\(more)}"))]
                })]
        case .fallback(let fallback):
            guard fallback.replaceWith != nil else {
                let (asks, phrase) = texts(followUp: long && fallback.followUp == nil)
                return [context.violation(indicator, at: reduceMotion.node,
                    "\(subject()) has a `reduce-motion` mapping without `replace-with`; \(phrase)", asks: asks,
                    fix: fix(indicator, context: context, long: long && fallback.followUp == nil) { label, followUp in
                        [.set(path: ["replace-with"], to: .copy(label.node), in: reduceMotion.node)]
                            + (followUp.map { [.set(path: ["follow-up"], to: .token($0), in: reduceMotion.node)] } ?? [])
                    })]
            }
            if fallback.followUp == nil, long {
                let still = WorkText(indicator, context: context).still
                return [context.violation(indicator, at: reduceMotion.node,
                    "\(subject()) may run \(Phrase.howLong(indicator)) but its Reduce Motion text never changes; "
                    + "add `reduce-motion.follow-up` (e.g. \"\(still)\") so a long wait does not look stuck",
                    severity: .info, asks: [.set("reduce-motion.follow-up", to: still)])]
            }
            return []
        }
    }
}

extension ReduceMotionFallbackRule {
    /// The fix: the indicator's own `label` as `replace-with` when it is specific, and for a long
    /// wait the `follow-up` the finding suggests (passed to `operations` as YAML).
    fileprivate func fix(_ indicator: Indicator, context: RuleContext, long: Bool,
                         _ operations: (Located<String>, String?) -> [FixOperation]) -> FixProposal? {
        guard let label = indicator.label, !label.value.trimmed().isEmpty,
              !context.configuration.options[VagueLabel.labels].contains(label.value) else { return nil }
        let followUp = long ? FixBuilder.render(WorkText(indicator, context: context).still) : nil
        return FixProposal(long ? .displayOnly : .unsafe, long ? "set `reduce-motion.replace-with` to the label, and a `follow-up`"
                                         : "set `reduce-motion.replace-with` to the label",
                           operations(label, followUp))
    }
}

extension ReduceMotion {
    var isStop: Bool {
        if case .stopAnimation = self { return true }
        return false
    }
}
