import ProgressLintEngine
import ProgressLintSupport
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintYAML
import Testing

/// Writing the `--output` reports all or none, through injected file I/O: what is staged,
/// committed, discarded and written in place, in which order, and what a failure does.
@Suite struct FileReportsTests {
    typealias Writer = FileReports<String>

    /// In-memory files: staged reports by path, committed ones, devices written, and every step in order.
    final class Disk {
        var devices: Set<String> = []
        /// Paths whose staging fails, with the reason.
        var unstageable: [String: String] = [:]
        /// Paths whose commit fails, with the reason.
        var uncommittable: [String: String] = [:]
        var staged: [String: String] = [:]
        var files: [String: String] = [:]
        var log: [String] = []
        var announced: [Writer.Failure] = []

        var writer: Writer {
            Writer(
                stage: { path, body throws(Writer.Failure) in
                    self.log.append("stage \(path)")
                    if let reason = self.unstageable[path] { throw Writer.Failure(path: path, reason: reason) }
                    var out = ReportStream()
                    body(&out)
                    self.staged[path] = out.text
                    return path
                },
                commit: { path throws(Writer.Failure) in
                    self.log.append("commit \(path)")
                    if let reason = self.uncommittable[path] { throw Writer.Failure(path: path, reason: reason) }
                    self.files[path] = self.staged.removeValue(forKey: path)
                },
                discard: { path in
                    self.log.append("discard \(path)")
                    self.staged[path] = nil
                },
                isDevice: { self.devices.contains($0) },
                writeInPlace: { path, body throws(Writer.Failure) in
                    self.log.append("device \(path)")
                    if let reason = self.unstageable[path] { throw Writer.Failure(path: path, reason: reason) }
                    var out = ReportStream()
                    body(&out)
                    self.files[path] = out.text
                },
                failed: { self.announced.append($0) })
        }
    }

    func result() -> RunResult {
        RunResult(files: [FileSummary(path: "a.yaml")], diagnostics: [Diagnostic(
            ruleID: "vague-label", severity: .warning, message: "indicator 'x' has a vague label \"Loading\"",
            path: "a.yaml", range: SourceRange(at: SourcePosition(line: 3, column: 12)))])
    }

    let context = ReportContext(rules: RuleRegistry.descriptions)

    @Test func everyReportIsStagedThenAllAreCommitted() {
        let disk = Disk()
        var run = result()
        let failures = disk.writer.write([ReportTarget(format: "json", output: "r.json"),
                                          ReportTarget(format: "text", output: nil),
                                          ReportTarget(format: "sarif", output: "r.sarif")],
                                         result: &run, context: context)
        #expect(failures.isEmpty)
        #expect(disk.log == ["stage r.json", "stage r.sarif", "commit r.json", "commit r.sarif"])
        #expect(disk.files.keys.sorted() == ["r.json", "r.sarif"])
        #expect(disk.files["r.json"] == JSONReporter().render(result(), context: context))
        #expect(run.isComplete)
        #expect(disk.announced.isEmpty)
    }

    @Test func oneReportThatCannotBeWrittenMakesEveryOtherWrittenReportRecordTheFailure() throws {
        let disk = Disk()
        disk.unstageable["locked/r.sarif"] = "Permission denied"
        var run = result()
        let failures = disk.writer.write([ReportTarget(format: "json", output: "r.json"),
                                          ReportTarget(format: "sarif", output: "locked/r.sarif"),
                                          ReportTarget(format: "junit", output: "r.xml")],
                                         result: &run, context: context)
        let failure = Writer.Failure(path: "locked/r.sarif", reason: "Permission denied")
        #expect(failures == [failure])
        #expect(disk.announced == [failure])
        // The first round is thrown away; the second renders the failure into the others.
        #expect(disk.log == ["stage r.json", "stage locked/r.sarif", "stage r.xml", "discard r.json", "discard r.xml",
                             "stage r.json", "stage r.xml", "commit r.json", "commit r.xml"])
        #expect(disk.files.keys.sorted() == ["r.json", "r.xml"])
        #expect(run.problems == [RunProblem(path: "locked/r.sarif", message: "cannot write the report: Permission denied",
                                            kind: .report)])
        for file in ["r.json", "r.xml"] {
            let text = try #require(disk.files[file])
            #expect(text.contains("cannot write the report: Permission denied"), "\(file)")
        }
        #expect(RunExitStatus(run, failedWrite: !failures.isEmpty, quiet: false, exitZero: true, maxWarnings: nil).code == 2)
    }

    @Test func whenNoReportCanBeWrittenNoneIsCommitted() {
        let disk = Disk()
        disk.unstageable = ["a.json": "No space left on device", "b.txt": "Read-only file system"]
        var run = result()
        let failures = disk.writer.write([ReportTarget(format: "json", output: "a.json"),
                                          ReportTarget(format: "text", output: "b.txt")], result: &run, context: context)
        #expect(failures.map(\.path) == ["a.json", "b.txt"])
        #expect(disk.files.isEmpty)
        #expect(disk.staged.isEmpty)
        #expect(run.problems.map(\.kind) == [.report, .report])
    }

    @Test func aDeviceTargetIsWrittenOnceAfterTheFilesAreCommitted() throws {
        let disk = Disk()
        disk.devices = ["/dev/stdout"]
        var run = result()
        let failures = disk.writer.write([ReportTarget(format: "text", output: "/dev/stdout"),
                                          ReportTarget(format: "json", output: "r.json")], result: &run, context: context)
        #expect(failures.isEmpty)
        #expect(disk.log == ["stage r.json", "commit r.json", "device /dev/stdout"])
        #expect(disk.files["/dev/stdout"] == TextReporter().render(result(), context: context))
    }

    @Test func aDeviceWrittenAfterAFailedReportRecordsTheFailure() throws {
        let disk = Disk()
        disk.devices = ["/tmp/fifo"]
        disk.unstageable["gone/r.txt"] = "No such file or directory"
        var run = result()
        _ = disk.writer.write([ReportTarget(format: "text", output: "gone/r.txt"),
                               ReportTarget(format: "json", output: "/tmp/fifo")], result: &run, context: context)
        #expect(disk.log == ["stage gone/r.txt", "device /tmp/fifo"])
        #expect(try #require(disk.files["/tmp/fifo"]).contains("cannot write the report: No such file or directory"))
    }

    @Test func aDeviceThatCannotBeWrittenIsAProblemOfTheRun() {
        let disk = Disk()
        disk.devices = ["/tmp/fifo"]
        disk.unstageable["/tmp/fifo"] = "nothing is reading this FIFO"
        var run = result()
        let failures = disk.writer.write([ReportTarget(format: "text", output: "/tmp/fifo")], result: &run, context: context)
        #expect(failures == [Writer.Failure(path: "/tmp/fifo", reason: "nothing is reading this FIFO")])
        #expect(run.problems.map(\.description) == ["/tmp/fifo: cannot write the report: nothing is reading this FIFO"])
    }

    @Test func aCommitThatFailsIsAFailureButTheOthersStayCommitted() {
        let disk = Disk()
        disk.uncommittable["b.json"] = "Is a directory"
        var run = result()
        let failures = disk.writer.write([ReportTarget(format: "text", output: "a.txt"),
                                          ReportTarget(format: "json", output: "b.json")], result: &run, context: context)
        #expect(failures == [Writer.Failure(path: "b.json", reason: "Is a directory")])
        #expect(disk.files.keys.sorted() == ["a.txt"])
        #expect(run.problems.map(\.kind) == [.report])
    }

    @Test func standardOutputTargetsAreNotWritten() {
        let disk = Disk()
        var run = result()
        #expect(disk.writer.write([ReportTarget(format: "text", output: nil)], result: &run, context: context).isEmpty)
        #expect(disk.log.isEmpty)
    }
}
