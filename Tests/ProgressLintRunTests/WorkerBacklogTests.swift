import ProgressLintEngine
import ProgressLintRules
@testable import ProgressLintRun
import ProgressLintWorkspace
import Testing
import TestSupport

/// How workers take files from the walk and hand outcomes to the collector (``WorkerBacklog``):
/// whatever the order they run in and whenever the walk is busy, every file's
/// outcome reaches the collector once, the collector keeps them in the walk's order, and a worker
/// far ahead of another waits before it takes more.
@Suite struct WorkerBacklogTests {
    /// A generator with a seed, so a failing interleaving can be run again.
    typealias Generator = SplitMix64

    /// What file number `n` comes to: a fresh result, a cache record, a problem, or skipped as not a spec.
    enum Kind { case linted, record, failed, skipped }
    static func kind(_ n: Int) -> Kind { [.linted, .record, .linted, .failed, .record, .skipped, .record][n % 7] }
    static func path(_ n: Int) -> String { "specs/f\(String(n + 100_000)).yaml" }

    static let rules = RuleNumbers(["vague-label"])
    static let linter = RuleRegistry.makeLinter()
    /// One file's result with findings, and its record: each outcome names its own path.
    static func outcome(_ n: Int) -> RunCollector.Outcome {
        let path = path(n)
        let text = "screen: S\(n)\nindicators: [{id: a, style: spinner, label: Loading, presentation: overlay}]\n"
        let result = linter.lint(Array(text.utf8), path: path, configuration: Configuration())
        switch kind(n) {
        case .linted: return .linted(result, order: n)
        case .record:
            let bytes = FileRecord.encode(result, rules: rules)!
            return .record(FileRecord.parse(bytes, rules: rules.count, crossFileIDs: linter.crossFileRules.map(\.id))!, path: path, order: n)
        case .failed: return .failed(RunProblem(path: path, message: "cannot read: gone"), order: n)
        case .skipped: return .skipped(order: n, folder: 0)
        }
    }

    /// Runs `workers` simulated workers over `files` files, one step of a worker chosen by
    /// `generator` at a time; the walk and the collector are busy (their turn put off) as often
    /// as `busy` says. A worker waiting for another runs the others' steps meanwhile.
    static func simulate(files: Int, workers: Int, busy: Double, mostWaiting: Int, seed: UInt64,
                         stalled: Int? = nil) -> (collector: RunCollector, mostWaitingSeen: Int, failed: Bool) {
        var generator = Generator(state: seed)
        var collector = RunCollector(rules: rules)
        var planned = 0
        var mostWaitingSeen = 0
        var turns = (0..<workers).map { _ in
            WorkerBacklog<Int, RunCollector.Outcome>(batch: 3, outOfTurnLimit: 7, mostWaiting: mostWaiting, refillBelow: 1)
        }
        var done = [Bool](repeating: false, count: workers)
        var pausing = [Bool](repeating: false, count: workers)
        var pauses = 0
        var failed = false
        func take(_ wait: Bool, _ into: inout [Int]) -> Bool {
            if !wait && Double.random(in: 0..<1, using: &generator) < busy { return false }
            var count = 0
            while count < 3, planned < files {
                into.append(planned)
                planned += 1
                count += 1
            }
            return true
        }
        func handOver(_ all: Bool, _ outcomes: inout [(outcome: RunCollector.Outcome, sequence: Int)]) -> Int {
            if all {
                for (outcome, sequence) in outcomes { collector.deliver(outcome, sequence: sequence) }
                outcomes.removeAll()
            } else {
                let delivered = collector.deliverInTurn(outcomes)
                #expect(delivered > 0, "outcomes handed over out of turn")
                outcomes.removeFirst(delivered)
            }
            mostWaitingSeen = max(mostWaitingSeen, collector.waitingCount)
            return collector.waitingCount
        }
        /// Worker `w` takes its next file and delivers its outcome, or hands over the rest at its end.
        func step(_ w: Int) {
            pausing[w] = true
            defer { pausing[w] = false }
            var worker = turns[w]
            let item = worker.next(take: take, handOver: handOver, waitForFewer: {
                // Meanwhile the others run (the one stalled too), until fewer outcomes wait.
                while collector.waitingCount > mostWaiting {
                    pauses += 1
                    let others = (0..<workers).filter { !done[$0] && !pausing[$0] }
                    guard pauses < 100_000, let other = others.randomElement(using: &generator) else {
                        failed = true
                        break
                    }
                    step(other)
                }
                return collector.waitingCount
            })
            if let item {
                worker.deliver(outcome(item), sequence: item, inTurn: { collector.nextSequence }, handOver: handOver)
            } else {
                worker.handOverAll(handOver)
                done[w] = true
            }
            turns[w] = worker
        }
        // A stalled worker takes the first files, then runs only while another waits or when
        // none other can (the system stopped it a while).
        if let stalled { step(stalled) }
        while !failed, let w = (0..<workers).filter({ !done[$0] }).randomElement(using: &generator) {
            if let stalled, w == stalled, (0..<workers).contains(where: { $0 != stalled && !done[$0] }) { continue }
            step(w)
        }
        return (collector, mostWaitingSeen, failed)
    }

    /// What the collector must hold after `files` files, whatever the interleaving.
    static func check(_ collector: RunCollector, files: Int) {
        let kept = (0..<files).filter { kind($0) == .linted || kind($0) == .record }
        #expect(collector.files.count == kept.count)
        #expect(collector.files.isInOrderAdded)
        #expect((0..<collector.files.count).map { collector.files.path(ofFile: $0) } == kept.map(path))
        #expect(collector.problems.map(\.order) == (0..<files).filter { kind($0) == .failed })
        #expect(collector.skipped == (0..<files).filter { kind($0) == .skipped }.count)
        #expect(collector.waitingCount == 0)
        // Each file's findings under its own number, in the files' order.
        let paths = Array(collector.diagnostics).map(\.path)
        #expect(paths == paths.sorted())
        #expect(Set(paths) == Set(kept.map(path)))
    }

    @Test func outcomesKeepTheWalksOrderWhateverTheWorkersInterleaving() {
        for seed in UInt64(1)...40 {
            let workers = 2 + Int(seed % 3)
            let busy = [0.0, 0.3, 0.8][Int(seed % 3)]
            let (collector, _, failed) = Self.simulate(files: 90, workers: workers, busy: busy, mostWaiting: 256, seed: seed)
            #expect(!failed, "seed \(seed): the workers waited for each other")
            Self.check(collector, files: 90)
        }
    }

    @Test func aWorkerFarAheadWaitsAndTheOutcomesPutAsideStayFew() {
        for seed in UInt64(1)...20 {
            let mostWaiting = 5
            let (collector, seen, failed) = Self.simulate(files: 120, workers: 2, busy: seed % 2 == 0 ? 0.5 : 0,
                                                          mostWaiting: mostWaiting, seed: seed, stalled: 0)
            #expect(!failed, "seed \(seed): the workers waited for each other")
            Self.check(collector, files: 120)
            // Past the bound by at most what a worker takes and holds after its last look.
            #expect(seen <= mostWaiting + 7 + 3 + 1, "seed \(seed): \(seen) outcomes put aside")
            #expect(seen > mostWaiting, "seed \(seed): the stalled worker was not left behind")
        }
    }

    @Test func workersWaitingForFewerOutcomesAreWokenOnceByTheHandOverThatBringsTheCountDown() {
        var collector = RunCollector()
        for sequence in 1...5 { collector.deliver(.skipped(order: sequence, folder: 0), sequence: sequence) }
        collector.workersWaitingForFewer = 2
        #expect(collector.wakingWorkers(below: 3) == (5, 0))
        collector.deliver(.skipped(order: 0, folder: 0), sequence: 0)
        #expect(collector.wakingWorkers(below: 3) == (0, 2))
        #expect(collector.wakingWorkers(below: 3) == (0, 0))
        #expect(collector.workersWaitingForFewer == 0)
        #expect(collector.skipped == 6)
    }

    @Test func oneWorkerTakesAndHandsOverEverythingInOrder() {
        let (collector, seen, failed) = Self.simulate(files: 50, workers: 1, busy: 0.5, mostWaiting: 0, seed: 7)
        #expect(!failed)
        #expect(seen == 0)
        Self.check(collector, files: 50)
    }

    @Test func aWorkerHandsOverOutcomesInTurnAndWaitsForTheWalkOnlyWithNoFileLeft() {
        var turns = WorkerBacklog<Int, Int>(batch: 4, outOfTurnLimit: 8, mostWaiting: 100, refillBelow: 2)
        var next = 0
        var inTurn = 1000  // another worker holds the outcomes before this one's
        var calls: [String] = []
        func take(_ wait: Bool, _ into: inout [Int]) -> Bool {
            guard wait else { return false }  // busy unless waited for
            calls.append("walk")
            for _ in 0..<4 {
                if next == 10 { next = 12 }  // 10 and 11 went to another worker
                into.append(next)
                next += 1
            }
            return true
        }
        func handOver(_ all: Bool, _ outcomes: inout [(outcome: Int, sequence: Int)]) -> Int {
            if all {
                calls.append("all \(outcomes.map(\.sequence))")
                outcomes.removeAll()
            } else {
                // Those in turn only: up to the first gap.
                var taken = 0
                while taken < outcomes.count, outcomes[taken].sequence == inTurn { taken += 1; inTurn += 1 }
                calls.append("in turn \(outcomes.prefix(taken).map(\.sequence))")
                outcomes.removeFirst(taken)
            }
            return 0
        }
        for _ in 0..<12 {
            guard let item = turns.next(take: take, handOver: handOver, waitForFewer: { 0 }) else { break }
            if item == 12 { inTurn = 8 }  // the other worker's outcomes before 8 are in
            turns.deliver(item, sequence: item, inTurn: { inTurn }, handOver: handOver)
        }
        turns.handOverAll(handOver)
        #expect(calls == ["walk", "walk", "all [0, 1, 2, 3, 4, 5, 6, 7]", "walk", "in turn [8, 9]", "all [12, 13]"])
    }
}
