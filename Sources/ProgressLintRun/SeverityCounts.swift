import ProgressLintEngine

/// How many findings there are of each severity.
public struct SeverityCounts: Hashable, Sendable {
    /// Error findings.
    public var errors = 0
    /// Warning findings.
    public var warnings = 0
    /// Info findings.
    public var infos = 0

    /// No findings.
    public init() {}

    /// Counts one finding of `severity`.
    public mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }

    /// Findings of every severity.
    public var total: Int { errors + warnings + infos }
}
