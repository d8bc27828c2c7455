import ProgressLintEngine

/// What a run's findings count up to by rule and by platform, each by severity: counted once by
/// the run, over the findings' keys, when its findings are final (summaries read it instead of
/// counting again).
public struct FindingTally: Sendable {
    /// Findings by rule id.
    public private(set) var byRule: [String: SeverityCounts] = [:]
    /// Findings by platform (`none` for findings that name none).
    public private(set) var byPlatform: [String: SeverityCounts] = [:]

    /// Nothing counted.
    public init() {}

    /// The tally of `findings`, read once in order (keys only: no texts made).
    public init(_ findings: DiagnosticList) {
        for d in findings.keys {
            byRule[d.ruleID, default: SeverityCounts()].add(d.severity)
            byPlatform[d.platform ?? "none", default: SeverityCounts()].add(d.severity)
        }
    }
}
