import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import Testing
import LintTestSupport
import TestSupport

/// `--write-baseline` and `--baseline` between linting and reporting: what is written, what is
/// hidden, and every note and failure returned as a value for the command to print.
@Suite struct BaselineStepTests {
    static let spec = BaselineTests.spec
    static let fixed = spec.replacingOccurrences(of: "Loading", with: "Uploading 12 photos")

    /// The baselines written, by path, in memory.
    final class Written {
        var files: [String: String] = [:]
    }

    func result(_ sources: [(String, String)]) -> RunResult {
        runner().run(inMemory: sources.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
    }

    func step(baseline: String? = nil, writeBaseline: String? = nil, into written: Written = Written(),
              failing reason: String? = nil) -> BaselineStep {
        BaselineStep(baseline: baseline, writeBaseline: writeBaseline, loader: ConfigurationLoader(rules: RuleRegistry.descriptions),
                     configPath: nil) { text, path throws(BaselineStep.Failure) in
            if let reason { throw .cannotWrite(path: path, reason: reason) }
            written.files[path] = text
        }!
    }

    /// How `step` fails on `run`, or nil when it does not.
    func failure(_ step: BaselineStep, _ run: inout RunResult) -> BaselineStep.Failure? {
        do throws(BaselineStep.Failure) { _ = try step.apply(to: &run) } catch { return error }
        return nil
    }

    @Test func withoutABaselineOptionThereIsNoStep() {
        #expect(BaselineStep(baseline: nil, writeBaseline: nil, loader: ConfigurationLoader(rules: RuleRegistry.descriptions),
                             configPath: nil) { _, _ in } == nil)
    }

    @Test func writingWithBothOptionsWritesTheWriteBaseline() throws {
        let step = step(baseline: "old.json", writeBaseline: "new.json")
        #expect(step.updating)
        #expect(step.file == "new.json")
    }

    @Test func aFreshBaselineAcceptsEveryFindingAndHidesThem() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/baseline.json"
        let written = Written()
        var run = result([(folder.path + "/specs/a.yaml", Self.spec)])
        let count = run.findings.count
        #expect(count > 0)
        let notes = try step(writeBaseline: file, into: written).apply(to: &run)
        #expect(notes == [.wrote(count: count, path: file, kept: 0)])
        #expect(notes.map(\.description) == ["wrote \(count) findings to \(file)"])
        #expect(run.findings.count == 0)
        let saved = try Baseline.parse(Array(try #require(written.files[file]).utf8), path: file)
        #expect(saved.counts.keys.allSatisfy { $0.path == "specs/a.yaml" })
    }

    @Test func rewritingKeepsTheEntriesOfFilesNotLintedInThisRun() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/baseline.json"
        let a = folder.path + "/specs/a.yaml", b = folder.path + "/specs/b.yaml"
        let written = Written()
        var both = result([(a, Self.spec), (b, Self.spec)])
        _ = try step(writeBaseline: file, into: written).apply(to: &both)
        try folder.write("baseline.json", try #require(written.files[file]))
        let everything = try Baseline.parse(Array(try #require(written.files[file]).utf8), path: file)
        let ofB = everything.counts.filter { $0.key.path == "specs/b.yaml" }
        #expect(!ofB.isEmpty)

        // Only a.yaml is linted now, and its vague label is fixed: b.yaml's entries stay.
        var onlyA = result([(a, Self.fixed)])
        let ofA = onlyA.findings.count
        let notes = try step(writeBaseline: file, into: written).apply(to: &onlyA)
        let kept = ofB.values.reduce(0, +)
        #expect(notes == [.wrote(count: ofA, path: file, kept: kept)])
        #expect(notes.map(\.description) == ["wrote \(ofA) findings to \(file), kept \(kept) of files not linted in this run"])
        let rewritten = try Baseline.parse(Array(try #require(written.files[file]).utf8), path: file)
        #expect(rewritten.counts.filter { $0.key.path == "specs/b.yaml" } == ofB)
        #expect(rewritten.counts.filter { $0.key.path == "specs/a.yaml" }.values.reduce(0, +) == ofA)
        #expect(!rewritten.counts.keys.contains { $0.path == "specs/a.yaml" && $0.rule == "vague-label" })
    }

    @Test func anEntryWithoutAYAMLPathIsNotedWithoutOne() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("baseline.json", """
            {"version": 2, "entries": [{"path": "a.yaml", "rule": "vague-label", "count": 2}]}
            """)
        var run = result([(folder.path + "/a.yaml", Self.fixed)])
        let notes = try step(baseline: file).apply(to: &run)
        #expect(notes.map(\.description) == [
            "note: baseline entry a.yaml: vague-label no longer matches (2 fixed)",
            "note: 1 stale baseline entries; run with --write-baseline \(file) to drop them",
        ])
    }

    @Test func findingsOfRulesThatCannotBeBaselinedAreCountedByRuleAndStayInTheReport() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/baseline.json"
        let broken = "screen: [Inbox\n"
        let twice = Self.spec + "\n  - {id: a, style: spinner, label: Uploading 12 photos}\n"
        var run = result([(folder.path + "/broken.yaml", broken), (folder.path + "/twice.yaml", twice),
                          (folder.path + "/ok.yaml", Self.spec)])
        let input = run.diagnostics.filter { !Baseline.accepts(rule: $0.ruleID) }
        #expect(Set(input.map(\.ruleID)) == ["duplicate-id", "yaml-syntax"])
        let written = Written()
        let notes = try step(writeBaseline: file, into: written).apply(to: &run)
        #expect(notes.count == 2)
        #expect(notes.last == .notBaselined(count: input.count, rules: ["duplicate-id", "yaml-syntax"]))
        #expect(notes.last?.description == "\(input.count) duplicate-id/yaml-syntax findings cannot be baselined; "
                + "fix them (they stay in the report)")
        #expect(run.diagnostics == input)
        #expect(!(written.files[file] ?? "").contains("yaml-syntax"))
    }

    @Test func aStaleEntryIsNotedWithItsYAMLPathAndTheBaselineToRewrite() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/baseline.json"
        let a = folder.path + "/specs/a.yaml"
        let written = Written()
        var before = result([(a, Self.spec)])
        _ = try step(writeBaseline: file, into: written).apply(to: &before)
        try folder.write("baseline.json", try #require(written.files[file]))

        var after = result([(a, Self.fixed)])
        let notes = try step(baseline: file).apply(to: &after)
        #expect(notes.count == 2)
        guard case .staleEntry(let entry) = notes.first else { Issue.record("no stale entry in \(notes)"); return }
        #expect(entry.key == Baseline.Key(path: "specs/a.yaml", rule: "vague-label", yamlPath: "indicators[a].label"))
        #expect(entry.unmatched == 1)
        #expect(notes.last == .staleEntries(count: 1, file: file))
        #expect(notes.map(\.description) == [
            "note: baseline entry specs/a.yaml: vague-label at indicators[a].label no longer matches (1 fixed)",
            "note: 1 stale baseline entries; run with --write-baseline \(file) to drop them",
        ])
        #expect(written.files.count == 1)  // --baseline never writes
    }

    @Test func anUnreadableBaselineFailsWithTheAdviceToDeleteItOnlyWhenUpdating() throws {
        let folder = try TemporaryFolder()
        var run = result([(folder.path + "/a.yaml", Self.spec)])
        let missing = folder.path + "/missing.json"
        let reading = failure(step(baseline: missing), &run)
        #expect(reading == .unreadable(path: missing, updating: false))
        #expect(reading?.description == "cannot read the baseline \(missing)")

        // A folder exists, so --write-baseline tries to read it to keep other files' entries.
        let written = Written()
        let updating = failure(step(writeBaseline: folder.path, into: written), &run)
        #expect(updating == .unreadable(path: folder.path, updating: true))
        #expect(updating?.description == "cannot read the baseline \(folder.path); delete it to write a new one")
        #expect(written.files.isEmpty)
        #expect(run.findings.count > 0)
    }

    @Test func anOversizedBaselineFailsWithTheLimitOfTheConfigurationFoundForIt() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "limits:\n  max-file-size: 64\n")
        let file = try folder.write("baseline.json", "{\"version\": 2, \"entries\": []}" + String(repeating: " ", count: 64))
        var run = result([(folder.path + "/a.yaml", Self.spec)])
        let reading = failure(step(baseline: file), &run)
        #expect(reading == .tooLarge(path: file, limit: 64, updating: false))
        #expect(reading?.description == "the baseline \(file) is larger than 64 bytes (limits.max-file-size); it was not read")
        let written = Written()
        let updating = failure(step(writeBaseline: file, into: written), &run)
        #expect(updating?.description == "the baseline \(file) is larger than 64 bytes (limits.max-file-size); "
                + "it was not read; delete it to write a new one")
        #expect(written.files.isEmpty)
    }

    @Test func aMalformedBaselineFailsWithTheParseErrorAndTheAdviceOnlyWhenUpdating() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("baseline.json", "- not a baseline\n")
        var run = result([(folder.path + "/a.yaml", Self.spec)])
        let reading = failure(step(baseline: file), &run)
        #expect(reading?.description == "\(file): not a baseline file; write one with --write-baseline")
        let written = Written()
        let updating = failure(step(writeBaseline: file, into: written), &run)
        #expect(updating?.description == "\(file): not a baseline file; write one with --write-baseline"
                + "; delete it to write a new one")
        #expect(written.files.isEmpty)
    }

    @Test func aBaselineThatCannotBeWrittenFailsWithTheWritersReasonAndNoNotes() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/baseline.json"
        var run = result([(folder.path + "/a.yaml", Self.spec)])
        let count = run.findings.count
        let failed = failure(step(writeBaseline: file, failing: "No space left on device"), &run)
        #expect(failed == .cannotWrite(path: file, reason: "No space left on device"))
        #expect(failed?.description == "cannot write \(file): No space left on device")
        #expect(run.findings.count == count)
    }
}
