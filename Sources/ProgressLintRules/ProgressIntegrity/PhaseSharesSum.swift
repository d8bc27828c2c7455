import ProgressLintEngine
import ProgressLintSpec

/// `phase-shares-sum`: phases that do not fill the indicator exactly once.
public struct PhaseSharesSum: IndicatorRule {
    /// How far the sum may be from 1 (written fractions such as 0.333 add up to just under 1).
    static let tolerance = 0.001

    public static let description = RuleDescription(
        id: "phase-shares-sum",
        name: "Phase shares add up to 1",
        category: .progressIntegrity,
        defaultSeverity: .error,
        summary: """
            `phases` whose `share`s (of the phases that give one) do not add up to 1, within 0.001.
            """,
        rationale: """
            The shares say how much of the indicator each part of the work fills. A task that succeeds should \
            take the indicator from empty to full exactly once. Shares that add up to less leave the bar short \
            when the work is done, so it jumps to full at the end or never gets there; shares that add up to \
            more run out of room before the last phase, so the indicator sits at full while work is still \
            going on. Adjust the shares so that together they are exactly 1.
            """,
        sources: [SourceReference(.ubuntuActivityIndicators, section: "Steps of completeness")],
        exceptions: [
            "A sum within 0.001 of 1 (so thirds written as 0.333 pass).",
            "Phases that give no `share` are left out of the sum; when no phase gives one (or `phases` is "
                + "empty) there is nothing to add up and the rule does not fire. A verifying phase with no "
                + "share is reported by `verification-share`.",
        ],
        reads: ["phases"],
        asks: [.change("phases.share")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases:
                      ↓- {name: Uploading, share: 0.8}
                      - {name: Verifying, share: 0.1, verifies: true}
                """, note: "0.9: the bar would end short of full"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases: ↓[{name: Preparing, share: 0.2}, {name: Uploading, share: 0.7}, {name: Verifying, share: 0.2}]
                """, note: "1.1: the bar would be full before the last phase ends"),
            RuleExample("""
                screen: Import
                indicators:
                  - id: import
                    style: bar
                    determinate: true
                    phases:
                      ↓- {name: Reading, share: 0.5}
                      - {name: Converting, share: 0.498}
                      - {name: Indexing}
                """, note: "0.998: just outside the tolerance; the phase with no share adds nothing"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases:
                      - {name: Uploading, share: 0.9}
                      - {name: Verifying, share: 0.1, verifies: true}
                """),
            RuleExample("""
                screen: Import
                indicators:
                  - id: import
                    style: bar
                    determinate: true
                    phases:
                      - {name: Reading, share: 0.333}
                      - {name: Converting, share: 0.333}
                      - {name: Indexing, share: 0.333}
                """, note: "0.999: exactly at the tolerance"),
            RuleExample("""
                screen: Import
                indicators:
                  - id: import
                    style: bar
                    determinate: true
                    phases:
                      - {name: Reading, share: 0.5}
                      - {name: Converting, share: 0.5005}
                """, note: "1.0005: within the tolerance"),
            RuleExample("""
                screen: Import
                indicators:
                  - id: import
                    style: bar
                    determinate: true
                    phases:
                      - {name: Reading, duration: 2s}
                      - {name: Converting, duration: 6s}
                """, note: "no phase gives a share: nothing to add up"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let phases = indicator.phases else { return [] }
        let shares = phases.value.compactMap { $0.share?.value }
        guard !shares.isEmpty else { return [] }
        let sum = shares.reduce(0, +)
        // A small epsilon so that a sum exactly at the tolerance (0.999) is not lost to rounding.
        guard abs(sum - 1) > Self.tolerance + 1e-9 else { return [] }
        let terms = shares.count > 1 ? " (\(shares.map(Self.format).joined(separator: " + ")))" : ""
        let effect = sum < 1 ? "the indicator would not be full when the work is done"
            : "the indicator would be full before the work is done"
        return [context.violation(indicator, at: phases.node,
            "\(context.subject(indicator)) has `phases` whose shares add up to \(Self.format(sum))\(terms), not 1, "
            + "so \(effect); change the shares so they add up to 1: set \(PhaseShares.advice(phases.value).phrase)",
            asks: PhaseShares.advice(phases.value).asks)]
    }

    /// A fraction with at most three decimals and no trailing zeros: `0.9`, `1.1`, `1`.
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }
}

/// The shares both phase rules suggest, so that following either keeps `phase-shares-sum` and
/// `verification-share` quiet: a verifying phase with no share (or 0) gets 0.1, and the other
/// written shares are scaled to fill the rest (shared evenly when none is written), rounded to
/// hundredths with the largest taking the rounding, so they add up to exactly 1.
enum PhaseShares {
    static func balanced(_ phases: [Phase]) -> [Double?] {
        guard !phases.isEmpty else { return [] }
        let needs = phases.map { $0.verifies?.value == true && ($0.share?.value ?? 0) == 0 }
        let verifying = needs.filter { $0 }.count
        let others = phases.count - verifying
        let each = others == 0 ? 1 / Double(verifying) : 0.1
        let rest = 1 - each * Double(verifying)
        let written = phases.enumerated().map { i, p in needs[i] ? 0 : Swift.max(0, p.share?.value ?? 0) }
        let sum = written.reduce(0, +)
        var shares: [Double?] = phases.indices.map { i in
            if needs[i] { return each }
            if sum > 0 { return phases[i].share == nil ? nil : written[i] / sum * rest }
            return rest / Double(others)
        }
        shares = shares.map { $0.map { ($0 * 100).rounded() / 100 } }
        let total = shares.compactMap { $0 }.reduce(0, +)
        if let largest = shares.indices.filter({ shares[$0] != nil && !needs[$0] }).max(by: { shares[$0]! < shares[$1]! })
            ?? shares.indices.first(where: { shares[$0] != nil }) {
            shares[largest] = ((shares[largest]! + 1 - total) * 100).rounded() / 100
        }
        return shares
    }

    /// The asks and a phrase for them: "phase 'Uploading' `share: 0.9` and phase 'Verifying' `share: 0.1`".
    static func advice(_ phases: [Phase]) -> (asks: [Ask], phrase: String) {
        let target = balanced(phases)
        var asks: [Ask] = []
        var parts: [String] = []
        for (i, phase) in phases.enumerated() {
            guard let share = target[i], share != phase.share?.value else { continue }
            let value = PhaseSharesSum.format(share)
            asks.append(.set("phases[\(i)].share", to: value))
            let name = phase.name.map { " ('\($0.value.clippedForMessage)')" } ?? ""
            parts.append("`share: \(value)` on phase \(i + 1)\(name)")
        }
        return (asks, Advice.list(parts))
    }
}
