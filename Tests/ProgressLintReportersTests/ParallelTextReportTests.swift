import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintReporters
import ProgressLintRules
import Testing

/// The text report rendered in runs of files on several threads and written in order is, byte
/// for byte, the report one thread writes.
@Suite struct ParallelTextReportTests {
    /// Files of every kind between the cuts: no finding, several, a file that does not parse,
    /// cross-file findings (`consistent-location`) and suppressions of them, non-ASCII paths.
    static let result = ParallelJSONReportTests.run(twoFilesOfOnePath: false)

    static func report(_ result: RunResult, jobs: Int, frames: Bool, quiet: Bool) -> String {
        var context = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet)
        context.jobs = jobs
        var out = ReportStream()
        TextReporter(frames: frames).write(result, context: context, to: &out)
        return out.text
    }

    @Test(arguments: [false, true], [false, true])
    func aReportRenderedOnSeveralThreadsIsTheOneThreadReport(frames: Bool, quiet: Bool) {
        let one = Self.report(Self.result, jobs: 1, frames: frames, quiet: quiet)
        // Cross-file findings (warnings, left out with `quiet`) and non-ASCII paths are in it.
        #expect(one.contains("[consistent-location]") != quiet)
        #expect(one.contains("é/ü-"))
        for jobs in [2, 3, 8] {
            #expect(Self.report(Self.result, jobs: jobs, frames: frames, quiet: quiet) == one, "jobs \(jobs)")
        }
    }

    @Test func piecesReadOneAfterAnotherAreTheFindingsInOrder() {
        let findings = Self.result.report().diagnostics
        let whole = findings.inPlace.map { "\($0.path):\($0.range.start.line):\($0.ruleID)" }
        // Cross-file findings merged in their place, and files whose suppressions waited for them.
        #expect(whole.contains { $0.hasSuffix("consistent-location") })
        #expect(Self.result.diagnostics.count == whole.count)
        for files in [1, 3, 16, 64] {
            let pieces = findings.inPlacePieces(filesEach: files)
            #expect(pieces.count > 1)
            #expect(pieces.flatMap { $0.map { "\($0.path):\($0.range.start.line):\($0.ruleID)" } } == whole, "\(files) files a piece")
        }
        // Findings not stored file by file (two files of one path are sorted as a whole) come in one piece.
        #expect(ParallelJSONReportTests.result.report().diagnostics.inPlacePieces(filesEach: 8).count == 1)
    }
}
