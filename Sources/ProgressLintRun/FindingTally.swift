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
    init(_ findings: DiagnosticList) {
        for d in findings.keys { count(ruleID: d.ruleID, platform: d.platform, severity: d.severity) }
    }

    /// Counts `diagnostics` too: the few held in memory that a run merges into its stored findings
    /// (counted apart, the stored ones are read alone, in no order against them).
    mutating func add(_ diagnostics: [Diagnostic]) {
        for d in diagnostics { count(ruleID: d.ruleID, platform: d.platform, severity: d.severity) }
    }

    private mutating func count(ruleID: String, platform: String?, severity: Severity) {
        byRule[ruleID, default: SeverityCounts()].add(severity)
        byPlatform[platform ?? "none", default: SeverityCounts()].add(severity)
    }
}
