import ProgressLintEngine
import ProgressLintRules
@testable import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport
import TestSupport

/// The run's loop (``LintLoop``): whatever order workers finish files in, every file's outcome
/// reaches the collector once and is kept in the walk's order, and a worker far ahead of another
/// waits without ever stopping the run.
@Suite struct LintLoopTests {
    /// What file number `n` comes to: a fresh result, a cache record, a problem, or skipped as not a spec.
    enum Kind { case linted, record, failed, skipped }
    static func kind(_ n: Int) -> Kind { [.linted, .record, .linted, .failed, .record, .skipped, .record][n % 7] }
    static func path(_ n: Int) -> String { "specs/f\(String(n + 100_000)).yaml" }

    static let rules = RuleNumbers(["vague-label"])
    static let linter = RuleRegistry.makeLinter()
    /// One file's result with findings, and its record: each outcome names its own path.
    static func outcome(_ n: Int) -> LintLoop.Outcome {
        let path = path(n)
        let text = "screen: S\(n)\nindicators: [{id: a, style: spinner, label: Loading, presentation: overlay}]\n"
        let result = linter.lint(Array(text.utf8), path: path, configuration: Configuration())
        switch kind(n) {
        case .linted: return .linted(result, order: n)
        case .record:
            let bytes = FileRecord.encode(result, rules: rules)!
            return .record(FileRecord.parse(bytes, rules: rules.count, crossFileIDs: linter.crossFileRules.map(\.id))!,
                           path: path, order: n)
        case .failed: return .failed(RunProblem(path: path, message: "cannot read: gone"), order: n)
        case .skipped: return .skipped(order: n, folder: 0)
        }
    }

    @Test func theCollectorKeepsOutcomesInTheWalksOrderWhateverOrderTheyCome() {
        let files = 90
        let outcomes = (0..<files).map(Self.outcome)
        for seed in UInt64(1)...30 {
            var generator = SplitMix64(state: seed)
            var collector = LintLoop.Collector(rules: Self.rules)
            for sequence in (0..<files).shuffled(using: &generator) {
                collector.deliver(outcomes[sequence], sequence: sequence)
            }
            let kept = (0..<files).filter { Self.kind($0) == .linted || Self.kind($0) == .record }
            #expect(collector.waitingCount == 0 && collector.nextSequence == files)
            #expect(collector.files.isInOrderAdded)
            #expect((0..<collector.files.count).map { collector.files.path(ofFile: $0) } == kept.map(Self.path))
            #expect(collector.problems.map(\.order) == (0..<files).filter { Self.kind($0) == .failed })
            #expect(collector.skipped == (0..<files).filter { Self.kind($0) == .skipped }.count)
            // Each file's findings under its own number, in the files' order.
            let paths = Array(collector.diagnostics).map(\.path)
            #expect(paths == paths.sorted())
            #expect(Set(paths) == Set(kept.map(Self.path)))
        }
    }

    @Test func workersWaitingForFewerOutcomesAreWokenOnceByTheHandOverThatBringsTheCountDown() {
        var collector = LintLoop.Collector()
        for sequence in 1...5 { collector.deliver(.skipped(order: sequence, folder: 0), sequence: sequence) }
        collector.workersWaitingForFewer = 2
        #expect(collector.wakingWorkers(below: 3) == 0)
        collector.deliver(.skipped(order: 0, folder: 0), sequence: 0)
        #expect(collector.wakingWorkers(below: 3) == 2)
        #expect(collector.wakingWorkers(below: 3) == 0)
        #expect(collector.workersWaitingForFewer == 0)
        #expect(collector.skipped == 6)
    }

    /// With no outcome allowed to wait for an earlier one, every worker ahead of another waits at
    /// each batch: the run still ends, in the order one worker gives.
    @Test func workersThatWaitForEachOtherAtEveryBatchStillLintEveryFileInTheWalksOrder() throws {
        let folder = try TemporaryFolder()
        for i in 0..<300 {
            let text = i % 11 == 0 ? "name: build\non: push\n"
                : "screen: S\(i)\nindicators: [{id: a, style: spinner, label: Loading, presentation: overlay}]\n"
            try folder.write("f\(i % 5)/s\(String(1000 + i)).yaml", text)
        }
        let one = runner(jobs: 1)
        let expected = one.run([folder.path])
        #expect(expected.files.count == 272 && expected.skipped == 28)
        for jobs in [2, 4, 8] {
            let planner = Planner([folder.path], resolver: ConfigurationResolver(loader: one.loader, configPath: nil),
                                  filterNamedFiles: false)
            let (collected, _, _, _) = LintLoop(planner, runner: one, filterNamedFiles: false, mostWaiting: 0)
                .run(jobs: jobs)
            #expect(collected.waitingCount == 0)
            #expect(Array(collected.files) == Array(expected.files), "jobs \(jobs)")
            #expect(Array(collected.diagnostics) == expected.diagnostics, "jobs \(jobs)")
            #expect(collected.skipped == expected.skipped)
            #expect(collected.skippedByFolder == [0: 28])
        }
    }
}
