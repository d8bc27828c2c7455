import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace

/// What every reporter may know besides the run: the tool and its rules.
public struct ReportContext: Sendable {
    /// Descriptions of every rule, in catalogue order.
    public var rules: [RuleDescription]
    /// Whether the output goes to a colour terminal.
    public var color: Bool
    /// Whether only errors are shown (`--quiet`).
    public var quiet: Bool
    /// The unit columns are written in (`--column-unit`): text, github, JSON and SARIF follow it.
    public var columnUnit: ColumnUnit
    /// Whether unsafe fixes count as available (`--unsafe-fixes`).
    public var unsafeFixes = false
    /// Where the rule pages are published (`docs-url:` in the config, or `PROGRESS_LINT_DOCS_URL`):
    /// the folder holding `<rule-id>.md`, or an address with `{rule}` in it. With none, reports
    /// give no address (JSON has no `docs`, SARIF no `helpUri`): there is no page to point at.
    public var docsURL: String?

    /// The address of `rule`'s page, when ``docsURL`` is set: `{rule}` replaced by the rule's id,
    /// or `<docs-url>/<rule>.md`.
    public func documentationURI(for rule: String) -> String? {
        Configuration.documentationURI(for: rule, docsURL: docsURL)
    }
    /// Threads a report may render on (the run's `--jobs`): the JSON report renders its large parts
    /// in pieces on as many, written in order (the same bytes as with one).
    public var jobs = 1
    /// The earlier JSON report to compare with (`--compare`): the HTML report marks new and fixed findings.
    public var previous: PreviousReport?

    /// Whether `diagnostic` has a fix that `--fix` applies in this run (marked `[*]`).
    public func isFixable(_ diagnostic: Diagnostic) -> Bool {
        guard let fix = diagnostic.fix else { return false }
        return Fixer.applies(fix, unsafe: unsafeFixes)
    }

    /// Whether a finding read in place has a fix that `--fix` applies in this run (as ``isFixable(_:)-(Diagnostic)``).
    public func isFixable(_ diagnostic: RunReport.InPlaceFinding) -> Bool {
        guard let applicability = diagnostic.fixApplicability else { return false }
        return applicability == .safe || (unsafeFixes && applicability == .unsafe)
    }

    /// Whether the fix of a finding read in place is one `--unsafe-fixes` would add (counted as "more with --unsafe-fixes").
    public func isHiddenFix(_ diagnostic: RunReport.InPlaceFinding) -> Bool {
        !unsafeFixes && diagnostic.fixApplicability == .unsafe
    }

    /// `2 fixable with --fix (1 more with --unsafe-fixes)`, or empty when nothing is fixable.
    public func fixableSummary(_ shown: some Sequence<Diagnostic>) -> String {
        var fixable = 0, hidden = 0
        for d in shown where d.fix != nil {
            if isFixable(d) { fixable += 1 }
            if !unsafeFixes && d.fix?.applicability == .unsafe { hidden += 1 }
        }
        return fixableSummary(fixable: fixable, hidden: hidden)
    }

    /// ``fixableSummary(_:)`` of findings counted already: `fixable` that `--fix` applies, `hidden`
    /// more that `--unsafe-fixes` would.
    public func fixableSummary(fixable: Int, hidden: Int) -> String {
        guard fixable > 0 || hidden > 0 else { return "" }
        // None that --fix applies (after --fix, say): no "0 fixable", only what --unsafe-fixes would do.
        if fixable == 0 { return "\(hidden) fixable with --fix --unsafe-fixes" }
        let option = unsafeFixes ? "--fix --unsafe-fixes" : "--fix"
        return "\(fixable) fixable with \(option)" + (hidden > 0 ? " (\(hidden) more with --unsafe-fixes)" : "")
    }

    /// Creates a context.
    public init(rules: [RuleDescription], color: Bool = false, quiet: Bool = false, columnUnit: ColumnUnit = .char) {
        self.rules = rules
        self.color = color
        self.quiet = quiet
        self.columnUnit = columnUnit
    }

    /// The run as a reporter shows it: every finding, or only errors with `--quiet`.
    /// Read in order from the run's compact store, never all in memory.
    public func report(_ result: RunResult) -> RunReport {
        result.report(errorsOnly: quiet)
    }
}
