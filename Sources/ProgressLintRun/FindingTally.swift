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

    /// The tally of `findings`, read once in order: counted by rule number and platform first, so
    /// that no text is made for each finding.
    init(_ findings: DiagnosticList) {
        let ids = findings.ruleIDs
        var rules = Array(repeating: SeverityCounts(), count: ids.count + 1)
        var platforms: [(utf8: [UInt8]?, counts: SeverityCounts)] = []
        let counted = findings.forEachCounted { rule, severity, platform in
            rules[rule].add(severity)
            let i = platforms.firstIndex { known in
                guard let known = known.utf8, let platform else { return (known.utf8 == nil) == (platform == nil) }
                return known.elementsEqual(platform)
            }
            if let i {
                platforms[i].counts.add(severity)
            } else {
                var counts = SeverityCounts()
                counts.add(severity)
                platforms.append((platform.map(Array.init), counts))
            }
        }
        guard counted else {
            for d in findings.keys { count(ruleID: d.ruleID, platform: d.platform, severity: d.severity) }
            return
        }
        for (number, counts) in rules.enumerated() where counts.total > 0 {
            byRule[number < ids.count ? ids[number] : "", default: SeverityCounts()].add(counts)
        }
        for (utf8, counts) in platforms {
            byPlatform[utf8.map { String(decoding: $0, as: UTF8.self) } ?? "none", default: SeverityCounts()].add(counts)
        }
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
