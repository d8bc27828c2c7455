import Dispatch
import ProgressLintYAML
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintSupport

/// Everything a run produced, in report order.
///
/// Its files and findings are set only by the run (and a baseline, which takes findings out), so
/// they are always in report order: reports read them through one ``RunReport``.
public struct RunResult: Sendable {
    /// The files linted, in path order.
    var files = FileList()
    /// Every diagnostic, in path, line, column, rule order, stored compactly (past 64 KB in a
    /// temporary file): what reports read, through ``report(errorsOnly:)``.
    var findings = DiagnosticList()
    /// Every diagnostic, in path, line, column, rule order, all in memory (for tests and small runs;
    /// reports read ``findings``).
    public var diagnostics: [Diagnostic] { Array(findings) }
    /// Paths and configurations that could not be used.
    public var problems: [RunProblem] = []
    /// Configuration errors (the command exits 2).
    public var configurationErrors: [ConfigurationError] = []
    /// Folders named on the command line in which no spec was linted (no spec file, `include`/
    /// `exclude` left them all out, or every YAML file in it is not a spec); the command makes
    /// them ``problems`` or notes.
    public var unmatched: [RunProblem] = []
    /// Files found by walking folders that were skipped as YAML that is not a spec: not linted,
    /// not counted among ``files``.
    public var skipped = 0
    /// The `docs-url:` of the configurations the run used (the first that sets one), for the
    /// addresses of rule pages in reports.
    public var docsURL: String?
    /// What the linted files' indicators are, summed over all files.
    public var inventory = Inventory()
    /// Each file's screens with their thresholds and indicators' timing, in the order of ``files``.
    var timings = ScreenTimingList()
    /// Those of ``LintRunner/watchedFiles`` that the walk handed to a worker (linted, skipped as not
    /// a spec, or failed to read).
    package var watchedFilesTaken: Set<FileIdentity> = []

    /// Creates an empty result.
    public init() {}

    /// A result of `files` and `diagnostics` made by hand (for tests and tools), put in report
    /// order as a run puts them: files by the bytes of their paths, diagnostics by
    /// ``Diagnostic/ordered(_:_:)``.
    public init(files: [FileSummary], diagnostics: [Diagnostic]) {
        self.files = FileList(files)
        findings = DiagnosticList(diagnostics.sorted(by: Diagnostic.ordered))
    }

    /// The run as a report reads it: every finding, or only errors (`--quiet`).
    public func report(errorsOnly: Bool = false) -> RunReport { RunReport(self, errorsOnly: errorsOnly) }

    /// How many files were linted.
    public var fileCount: Int { files.count }
    /// The file at `position` in report order (`0..<fileCount`).
    public func file(at position: Int) -> FileSummary { files[position] }
    /// The linted files' paths in report order, each read when asked for.
    public var filePaths: LazyMapSequence<Range<Int>, String> { (0..<files.count).lazy.map { [files] in files.path(at: $0) } }

    /// Screens linted.
    public var screens: Int { files.screens }
    /// Indicators linted.
    public var indicators: Int { files.indicators }
    /// Diagnostics of one severity.
    public func count(_ severity: Severity) -> Int { findings.count(severity) }
}
