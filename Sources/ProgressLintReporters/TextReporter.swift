import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

/// `path:line:column: severity: message [rule-id]` for each diagnostic, with a code frame under
/// it (the source line and carets under the range, see ``CodeFrame``), then a summary.
/// `--format concise` leaves out the frames: one line each, what editors and scripts parse.
public struct TextReporter: Reporter {
    public static let name = "text"
    public static let summary = "path:line:col: severity: message [rule] and the source line under it, then a summary (default)"

    /// Whether each diagnostic is followed by its code frame.
    public var frames = true

    public init() {}

    /// Creates a text reporter with or without code frames.
    public init(frames: Bool) { self.frames = frames }

    /// Files with findings in a piece of the report rendered on its own (tens of KB).
    static let filesPerPiece = 64

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let shown = context.report(result).diagnostics
        let pieces = shown.inPlacePieces(filesEach: Self.filesPerPiece)
        // What the summary says of fixes, counted on the way.
        var fixable = 0, hidden = 0
        if pieces.count == 1 {
            (fixable, hidden) = Lines.write(pieces[0], frames: frames, context: context, to: &out)
        } else {
            // Runs of files rendered on the run's jobs and written in order (``ReportPieces``).
            ReportPieces.write(
                count: pieces.count, jobs: context.jobs, to: &out,
                renderer: { [frames] in Lines(pieces: pieces, frames: frames, context: context) },
                write: { out, buffer, counted in
                    out.write(block: UnsafeBufferPointer(buffer.written))
                    fixable += counted.fixable
                    hidden += counted.hidden
                })
        }
        out.write(summaryLine(result, shown: shown, fixable: context.fixableSummary(fixable: fixable, hidden: hidden),
                              context: context) + "\n")
    }

    /// Renders pieces of the findings on one thread.
    struct Lines: ReportPieceRenderer {
        let pieces: [RunReport.InPlaceFindings]
        let frames: Bool
        let context: ReportContext
        /// What a piece is written through, before it goes into the piece's buffer.
        var out = ReportStream()

        mutating func render(_ piece: Int, into buffer: inout ReportBuffer) -> (fixable: Int, hidden: Int) {
            let counted = Self.write(pieces[piece], frames: frames, context: context, to: &out)
            out.move(to: &buffer)
            return counted
        }

        /// Writes `findings`, each read in place (its message and source line written from their
        /// stored bytes); returns how many have a fix `--fix` applies, and how many one only
        /// `--unsafe-fixes` would.
        static func write(_ findings: RunReport.InPlaceFindings, frames: Bool, context: ReportContext,
                          to out: inout ReportStream) -> (fixable: Int, hidden: Int) {
            var fixable = 0, hidden = 0
            // A file's path as shown is made once, for its first finding.
            var shownPath: (path: String, text: String)?
            for d in findings {
                if shownPath.map({ !ByteOrder.same($0.path, d.path) }) ?? true {
                    shownPath = (d.path, TerminalText.lineStart(TerminalText.safe(d.path)))
                }
                out.write(shownPath!.text)
                out.write(byte: UInt8(ascii: ":"))
                out.write(int: d.range.start.line)
                out.write(byte: UInt8(ascii: ":"))
                out.write(int: d.startColumn(context.columnUnit))
                out.write(ascii: ": ")
                switch (d.severity, context.color) {
                case (.error, false): out.write(ascii: "error")
                case (.warning, false): out.write(ascii: "warning")
                case (.info, false): out.write(ascii: "info")
                case (.error, true): out.write(ascii: "\u{1B}[31merror\u{1B}[0m")
                case (.warning, true): out.write(ascii: "\u{1B}[33mwarning\u{1B}[0m")
                case (.info, true): out.write(ascii: "\u{1B}[36minfo\u{1B}[0m")
                }
                if context.isFixable(d) {
                    fixable += 1
                    out.write(ascii: ": [*] ")
                } else {
                    out.write(ascii: ": ")
                }
                if context.isHiddenFix(d) { hidden += 1 }
                d.withMessageUTF8 { TerminalText.write($0, to: &out) }
                out.write(ascii: context.color ? " \u{1B}[2m[" : " [")
                out.write(d.ruleID)
                out.write(ascii: context.color ? "]\u{1B}[0m\n" : "]\n")
                if frames {
                    CodeFrame.write(d, color: context.color, to: &out)
                    out.write(byte: 0x0A)
                }
            }
            return (fixable, hidden)
        }
    }

    private func summaryLine(_ result: RunResult, shown: RunReport.Findings, fixable: String, context: ReportContext) -> String {
        let files = plural(result.fileCount, "file")
        var scope = "\(files), \(plural(result.screens, "screen")), \(plural(result.indicators, "indicator"))"
        // YAML found in folders that is not a spec (a CI workflow, a compose file) was left alone: say how much.
        if result.skipped > 0 {
            scope += "; \(plural(result.skipped, "YAML file")) skipped as not \(result.skipped == 1 ? "a spec" : "specs")"
        }
        // A run that could not lint everything never reads as clean: the summary says what was left out.
        let failed = TextReporter.failures(result)
        guard !shown.isEmpty || !failed.isEmpty else { return "no problems in \(scope)" }
        guard !shown.isEmpty else {
            let line = "0 problems in \(scope); \(failed)"
            return context.color ? "\u{1B}[1m\(line)\u{1B}[0m" : line
        }
        let errors = shown.count(.error)
        let warnings = shown.count(.warning)
        let infos = shown.count(.info)
        let counts = "\(plural(errors, "error")), \(plural(warnings, "warning")), \(infos) info"
        let line = "\(plural(shown.count, "problem")) (\(counts)) in \(scope)" + (failed.isEmpty ? "" : "; \(failed)")
            + (fixable.isEmpty ? "" : "; [*] \(fixable)")
        return context.color ? "\u{1B}[1m\(line)\u{1B}[0m" : line
    }

    /// `1 path could not be linted, 1 report could not be written, 2 configuration errors (the run
    /// failed; see the errors on standard error)`, or empty.
    static func failures(_ result: RunResult) -> String {
        var parts: [String] = []
        let reports = result.problems.filter { $0.kind == .report }.count
        let empty = result.problems.filter { $0.kind == .nothingToLint }.count
        let paths = result.problems.count - reports - empty, configurations = result.configurationErrors.count
        if paths > 0 { parts.append(paths == 1 ? "1 path could not be linted" : "\(paths) paths could not be linted") }
        if reports > 0 {
            parts.append(reports == 1 ? "1 report could not be written" : "\(reports) reports could not be written")
        }
        if configurations > 0 {
            parts.append(configurations == 1 ? "1 configuration error" : "\(configurations) configuration errors")
        }
        // A folder with nothing to lint is said as it is (exit 2, but nothing failed).
        let nothing = empty == 0 ? "" : (empty == 1 ? "1 folder" : "\(empty) folders")
            + " with nothing to lint (see standard error)"
        guard !parts.isEmpty else { return nothing }
        return parts.joined(separator: ", ") + " (the run failed; see the errors on standard error)"
            + (nothing.isEmpty ? "" : "; " + nothing)
    }

    private func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
}

/// The text report without code frames: `path:line:col: severity: message [rule]`, one line per
/// diagnostic, then the summary line (for editors, pre-commit and scripts).
public struct ConciseReporter: Reporter {
    public static let name = "concise"
    public static let summary = "path:line:col: severity: message [rule], one line each, then a summary"

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        TextReporter(frames: false).write(result, context: context, to: &out)
    }
}
