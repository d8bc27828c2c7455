import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace

/// Renders a run in one output format.
public protocol Reporter: Sendable {
    /// The `--format` name.
    static var name: String { get }
    /// A one-line description for `--help`.
    static var summary: String { get }
    /// Other `--format` names it answers to.
    static var aliases: [String] { get }
    /// Creates the reporter.
    init()
    /// Writes the report of a run to `out`, as it goes.
    func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream)
    /// Whether an existing file that starts with `prefix` is an earlier report of this format
    /// (which `--output` may replace). A format without a header of its own recognises anything
    /// but a spec (the default).
    static func recognises(_ prefix: ReportPrefix) -> Bool
}

extension Reporter {
    public static var aliases: [String] { [] }

    public static func recognises(_ prefix: ReportPrefix) -> Bool { !prefix.looksLikeSpec }

    /// The whole report of a run, as text (for tests and small runs).
    public func render(_ result: RunResult, context: ReportContext) -> String {
        var out = ReportStream()
        write(result, context: context, to: &out)
        return out.text
    }
}

/// The reporters by `--format` name.
public enum Reporters {
    /// Every output format.
    public static let all: [any Reporter.Type] = [
        TextReporter.self, ConciseReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self, JUnitReporter.self,
        GitLabReporter.self, HTMLReporter.self,
    ]

    /// The reporter for a `--format` name.
    public static func named(_ name: String) -> (any Reporter)? {
        all.first { $0.name == name || $0.aliases.contains(name) }.map { $0.init() }
    }
}

/// The tool's name and version, for reports. It has no public home: addresses of rule pages
/// come from the configuration (``ReportContext/docsURL``).
public enum Tool {
    public static let name = "progress-lint"
    public static let version = "0.1.0"
    /// The environment variable that sets ``ReportContext/docsURL`` (over the config's `docs-url:`).
    public static let docsURLVariable = Configuration.docsURLVariable
}
