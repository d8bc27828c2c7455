import ProgressLintEngine
import ProgressLintSpec

/// `uneven-pacing`: phases whose part of the indicator is far out of line with their part of the time.
public struct UnevenPacing: IndicatorRule {
    /// How far apart a phase's share of the indicator and its share of the time may be, either way.
    static let factor = 4.0

    public static let description = RuleDescription(
        id: "uneven-pacing",
        name: "Uneven pacing",
        category: .timing,
        defaultSeverity: .warning,
        summary: """
            `phases` that all give a `duration`, where a phase's `share` of the indicator is more than 4 times \
            its part of the total time, or less than a quarter of it; reported once per such phase.
            """,
        rationale: """
            People read the speed of a bar as a promise about the time left. If most of the bar fills in a \
            few seconds and the rest takes minutes, the bar seems to hang near the end, and the early rush \
            feels like a trick once it stalls. Give each phase a part of the indicator roughly in line with \
            the time it takes, so the fill moves at a steady pace from start to finish.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
        exceptions: [
            "Nothing is checked unless every phase gives a `duration`, nor when those durations add up to `0s`.",
            "A phase without `share` is skipped (that is for `verification-share` and `phase-shares-sum`).",
            """
            A phase with `share: 0` and `duration: 0s` is not reported; one with `share: 0` that takes any time \
            is (the indicator stands still through it), with no division by zero.
            """,
            "Shares are taken as written; whether they add up to 1 is `phase-shares-sum`'s concern.",
            "A difference of exactly 4 times is accepted.",
        ],
        reads: ["phases"],
        asks: [.change("phases.share")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Install update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    phases:
                      - ↓{name: Downloading, share: 0.9, duration: 5s}
                      - ↓{name: Installing, share: 0.1, duration: 5m}
                """, note: "90% of the bar in 5 seconds, the last 10% in 5 minutes: both phases are out of line"),
            RuleExample("""
                screen: Install update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    phases:
                      - ↓name: Preparing
                        share: 0.8
                        duration: 1.9s
                      - ↓name: Copying
                        share: 0.2
                        duration: 8.1s
                """, note: "just over 4 times either way (0.8 of the bar in 19% of the time, 0.2 in 81%)"),
            RuleExample("""
                screen: Export
                indicators:
                  - id: export
                    style: bar
                    determinate: true
                    phases:
                      - {name: Rendering, share: 0.5, duration: 20s}
                      - {name: Encoding, share: 0.5, duration: 20s}
                      - ↓{name: Uploading, share: 0, duration: 10s}
                """, note: "a phase with share 0 that takes time: the bar stands still through it"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases:
                      - {name: Uploading, share: 0.9, duration: 1m}
                      - {name: Verifying, share: 0.1, duration: 6s, verifies: true}
                """),
            RuleExample("""
                screen: Install update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    phases:
                      - {name: Preparing, share: 0.8, duration: 2s}
                      - {name: Copying, share: 0.2, duration: 8s}
                """, note: "exactly 4 times either way"),
            RuleExample("""
                screen: Install update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    phases:
                      - {name: Preparing, share: 0.8, duration: 2.1s}
                      - {name: Copying, share: 0.2, duration: 7.9s}
                """, note: "just under 4 times either way"),
            RuleExample("""
                screen: Install update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    phases:
                      - {name: Downloading, share: 0.9, duration: 5s}
                      - {name: Installing, share: 0.1}
                """, note: "not every phase gives a duration"),
            RuleExample("""
                screen: Install update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    phases:
                      - {name: Downloading, share: 1, duration: 0s}
                      - {name: Installing, share: 0, duration: 0s}
                """, note: "a total time of 0s leaves nothing to compare"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let phases = indicator.phases?.value, !phases.isEmpty else { return [] }
        var times: [Double] = []
        for phase in phases {
            guard let duration = phase.duration else { return [] }
            times.append(duration.value.milliseconds)
        }
        let total = times.reduce(0, +)
        guard total > 0 else { return [] }
        var result: [Violation] = []
        for (index, phase) in phases.enumerated() {
            guard let share = phase.share?.value else { continue }
            // Compare share with time / total without dividing: share * total against time, either way.
            let bar = share * total, time = times[index]
            let tolerance = 1e-9 * total
            let rushes = bar > Self.factor * time + tolerance
            let crawls = time > Self.factor * bar + tolerance
            guard rushes || crawls else { continue }
            let name = phase.name.map { "phase '\($0.value.clippedForMessage)'" } ?? "phase \(index + 1)"
            let barPart = Self.percent(share), timePart = Self.percent(time / total)
            let how = rushes
                ? "so the indicator jumps through it and then slows down"
                : "so the indicator crawls or stands still through it"
            result.append(context.violation(indicator, at: phase.node,
                "indicator '\(indicator.displayID)' gives \(name) \(barPart) of the indicator (`share: "
                + "\(Self.number(share))`) but \(timePart) of the time (`duration: \(phase.duration!.value)` of "
                + "\(Duration(milliseconds: total))), \(how); make each phase's `share` match its part of the time"))
        }
        return result
    }

    /// `12%`, `0.5%`.
    static func percent(_ x: Double) -> String {
        let p = (x * 1000).rounded() / 10
        if p == p.rounded(), let whole = Int(exactly: p) { return String(whole) + "%" }
        return String(p) + "%"
    }

    /// `0.25`, `1`.
    static func number(_ x: Double) -> String {
        if x == x.rounded(), let whole = Int(exactly: x) { return String(whole) }
        return String(x)
    }
}
