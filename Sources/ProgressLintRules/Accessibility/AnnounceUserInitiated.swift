import ProgressLintEngine
import ProgressLintSpec

/// `announce-user-initiated`: work a person asked for that starts without a word to screen-reader users.
public struct AnnounceUserInitiated: IndicatorRule {
    public static let description = RuleDescription(
        id: "announce-user-initiated",
        name: "Announce work the user started",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            A parallel indicator (`presentation: inline` or `card`, the default) for user-initiated work \
            (`user-initiated: true`, the default) with no `accessibility.announce.start`.
            """,
        rationale: """
            A parallel indicator does not take screen-reader focus, so a VoiceOver or TalkBack user may never \
            come across it and cannot tell whether their tap was received. A short spoken announcement when it \
            appears confirms that the request is being handled, without moving focus. Saying what is being \
            done ("Searching for cars") is more useful than a bare "Loading". Add \
            `accessibility.announce.start`.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Parallel Indicators"),
            SourceReference(.magentaA11yLoadingSpinner, section: "Developer notes"),
        ],
        exceptions: [
            "Work the person did not ask for (`user-initiated: false`): an announcement would be noise, see `unsolicited-announcement`.",
            "Obstructive indicators (`overlay`, `full-screen`) take focus instead, see `obstructive-focus`.",
        ],
        reads: ["presentation", "user-initiated", "accessibility.announce.start"],
        asks: [.add("accessibility.announce.start")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Settings
                indicators:
                  - ↓id: cars
                    style: spinner
                    label: Searching for cars
                """, note: "inline and user-initiated by default"),
            RuleExample("""
                screen: Stocks
                indicators:
                  - ↓id: chart
                    style: spinner
                    presentation: card
                    user-initiated: true
                    accessibility:
                      announce: {completion: Chart loaded}
                """, note: "an `announce` without `start` still says nothing when the work begins"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Settings
                indicators:
                  - id: cars
                    style: spinner
                    label: Searching for cars
                    accessibility:
                      announce: {start: Searching for cars}
                """),
            RuleExample("""
                screen: Wi-Fi
                indicators:
                  - id: networks
                    style: spinner
                    user-initiated: false
                """, note: "the screen started the search by itself"),
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    presentation: overlay
                    accessibility: {focus: indicator, focus-after: screen-start}
                """, note: "obstructive indicators take focus instead"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isParallel, indicator.isUserInitiated,
              indicator.accessibility?.value.announce?.value.start == nil
        else { return [] }
        let presentation = indicator.presentation.map { "`presentation: \($0.value.rawValue)`" }
            ?? "`presentation` is inline by default"
        let start = WorkText(indicator, context: context).doing
        let asks: [Ask] = [.set("accessibility.announce.start", to: start)]
        let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' shows work the person started (\(presentation)) without taking focus, "
            + "and has no `accessibility.announce.start`; add one (e.g. \"\(start)\") so people using a screen reader "
            + "know their request was received\(more)", asks: asks + followUps)]
    }
}
