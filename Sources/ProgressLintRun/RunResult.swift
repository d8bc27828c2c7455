import Dispatch
import ProgressLintYAML
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace

/// Everything a run produced, in report order.
public struct RunResult: Sendable {
    /// The files linted, in path order.
    public var files = FileList()
    /// Every diagnostic, in path, line, column, rule order, stored compactly (past 64 KB in a
    /// temporary file): what reports read.
    public var findings = DiagnosticList()
    /// Every diagnostic, in path, line, column, rule order, all in memory (for tests and small runs;
    /// reports read ``findings``). Setting it replaces ``findings``.
    public var diagnostics: [Diagnostic] {
        get { Array(findings) }
        set { findings = DiagnosticList(newValue) }
    }
    /// Paths and configurations that could not be used.
    public var problems: [RunProblem] = []
    /// Configuration errors (the command exits 2).
    public var configurationErrors: [ConfigurationError] = []
    /// Folders named on the command line in which no spec was linted (no spec file, or
    /// `include`/`exclude` left them all out); the command makes them ``problems`` or notes.
    public var unmatched: [RunProblem] = []
    /// What the linted files' indicators are, summed over all files.
    public var inventory = Inventory()

    /// Creates an empty result.
    public init() {}

    /// Screens linted.
    public var screens: Int { files.screens }
    /// Indicators linted.
    public var indicators: Int { files.indicators }
    /// Diagnostics of one severity.
    public func count(_ severity: Severity) -> Int { findings.count(severity) }
}
