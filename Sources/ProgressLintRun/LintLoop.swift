import Dispatch
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintSupport

/// The loop of a run over folders and files: workers take files from the walk and hand the outcomes
/// to one ``Collector``, which keeps the walk's order, so the report does not depend on the worker count.
/// Workers take and hand over batches, as a warm file's work is shorter than a contended lock's wait.
final class LintLoop: Sendable {
    /// What linting one planned file came to.
    enum Outcome {
        case linted(FileResult, order: Int)
        /// A file's result as its record (from the cache): copied into the storage as it is.
        case record(FileRecord, path: String, order: Int)
        case failed(RunProblem, order: Int)
        /// Found in folder number `folder` and skipped as not a spec.
        case skipped(order: Int, folder: Int)
    }

    /// How many files a worker takes from the walk at once, and how many outcomes in turn it hands over at once.
    static let batch = 8
    /// How many outcomes not in turn a worker holds before it hands them over to be put aside.
    static let outOfTurnLimit = 32

    private let planner: Mutex<Planner>
    private let collector: Mutex<Collector>
    /// The sequence the collector takes next, as it was after the last hand-over: read without
    /// the collector's lock to tell whether a worker's outcomes are in turn.
    private let inTurn = Atomic<Int>(0)
    /// Signalled once for each worker far ahead that waits, when fewer outcomes are put aside.
    private let fewerWaiting = DispatchSemaphore(value: 0)
    private let watchedTaken = Mutex(Set<FileIdentity>())
    private let linter: Linter
    private let fixMode: FixMode?
    private let cache: LintCache?
    private let crossFileIDs: [String]
    private let watchedFiles: Set<FileIdentity>
    private let filterNamedFiles: Bool
    /// How many outcomes put aside for an earlier file make a worker far ahead wait: what a
    /// worker the system stopped a while can cost in memory.
    private let mostWaiting: Int

    init(_ planner: sending Planner, runner: LintRunner, filterNamedFiles: Bool, mostWaiting: Int = 256) {
        self.mostWaiting = mostWaiting
        self.planner = Mutex(planner)
        linter = runner.linter
        fixMode = runner.fixMode
        // `--fix` lints every file afresh. With the cache, diagnostics number rules as its
        // records do, so records are copied as they are.
        cache = runner.fixMode == nil ? runner.cache : nil
        collector = Mutex(Collector(rules: cache?.rules))
        crossFileIDs = runner.linter.crossFileRules.map(\.id)
        watchedFiles = runner.watchedFiles
        self.filterNamedFiles = filterNamedFiles
    }

    /// Lints every file of the walk on up to `jobs` threads (one file, an editor's save, on this
    /// thread alone), and returns what was collected, the walk's problems included.
    func run(jobs: Int) -> (collected: Collector, unmatched: [RunProblem], docsURL: String?, watched: Set<FileIdentity>) {
        let workers = planner.withLock { $0.hasMore(than: 1) } ? jobs : 1
        if workers == 1 {
            work()
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in self.work() }
        }
        var collected = collector.withLock { collector in
            var taken = Collector()
            swap(&taken, &collector)
            return taken
        }
        let skippedByFolder = collected.skippedByFolder
        let (unmatched, docsURL) = planner.withLock { planner in
            collected.problems += planner.problems
            collected.configurationErrors = planner.configurationErrors
            return (planner.unmatched(skippedByFolder: skippedByFolder),
                    planner.configurations.lazy.compactMap(\.docsURL).first)
        }
        return (collected, unmatched, docsURL, watchedTaken.withLock { $0 })
    }

    /// One worker's own side, never shared: what it has taken and not linted, what it has not
    /// handed over, and what it adds up alone until its end (inventories are merged once).
    private struct Worker {
        var taken: [Planner.Item] = []
        var nextTaken = 0
        var held: [(outcome: Outcome, sequence: Int)] = []
        /// How many outcomes the collector had put aside at this worker's last hand-over.
        var putAside = 0
        /// The walk's configurations, copied when it has met more (items name theirs by number).
        var configurations: [Configuration] = []
        var counted = Inventory()
        /// Records' inventories, added up as the records hold them (no dictionary per file).
        var tally = InventoryTally()
        var cache = LintCache.Worker()
    }

    private func work() {
        var worker = Worker()
        worker.taken.reserveCapacity(Self.batch)
        worker.held.reserveCapacity(Self.outOfTurnLimit)
        while let item = nextFile(&worker) {
            worker.held.append((outcome(of: item, &worker), item.sequence))
            if worker.held.count >= Self.outOfTurnLimit {
                handOver(&worker, all: true)
            } else if worker.held.count >= Self.batch, worker.held[0].sequence == inTurn.load(ordering: .acquiring) {
                // Handed over only when in turn, so the collector rarely has to put one aside.
                handOver(&worker, all: false)
            }
        }
        handOver(&worker, all: true)
        worker.counted.merge(worker.tally.inventory)
        collector.withLock { [counted = worker.counted] in $0.inventory.merge(counted) }
    }

    /// The worker's next file, taking a batch from the walk when it has none left; nil at the walk's end.
    private func nextFile(_ worker: inout Worker) -> Planner.Item? {
        if worker.nextTaken == worker.taken.count {
            if worker.putAside > mostWaiting { waitForFewer(&worker) }
            worker.taken.removeAll(keepingCapacity: true)
            worker.nextTaken = 0
            planner.withLock { planner in
                while worker.taken.count < Self.batch, let item = planner.next() { worker.taken.append(item) }
                if planner.configurations.count != worker.configurations.count {
                    worker.configurations = planner.configurations
                }
            }
            if worker.taken.isEmpty { return nil }
        }
        defer { worker.nextTaken += 1 }
        return worker.taken[worker.nextTaken]
    }

    /// A worker far ahead of another (more than ``mostWaiting`` outcomes put aside for an earlier
    /// file) hands over all it holds and waits, holding nothing, until fewer are put aside. The
    /// worker it waits for never waits itself (the earliest file missing is its), so none wait for each other.
    private func waitForFewer(_ worker: inout Worker) {
        handOver(&worker, all: true)
        while worker.putAside > mostWaiting {
            let waits = collector.withLock { collector in
                worker.putAside = collector.waitingCount
                guard collector.waitingCount > mostWaiting else { return false }
                collector.workersWaitingForFewer += 1
                return true
            }
            if waits { fewerWaiting.wait() }
        }
    }

    /// Hands the outcomes held to the collector: all, or those in turn at the front (the rest are kept).
    private func handOver(_ worker: inout Worker, all: Bool) {
        let (waiting, wake) = collector.withLock { collector -> (Int, Int) in
            if all {
                for (outcome, sequence) in worker.held { collector.deliver(outcome, sequence: sequence) }
                worker.held.removeAll(keepingCapacity: true)
            } else {
                var delivered = 0
                for (outcome, sequence) in worker.held {
                    guard sequence == collector.nextSequence else { break }
                    collector.deliver(outcome, sequence: sequence)
                    delivered += 1
                }
                worker.held.removeFirst(delivered)
            }
            inTurn.store(collector.nextSequence, ordering: .releasing)
            return (collector.waitingCount, collector.wakingWorkers(below: mostWaiting))
        }
        worker.putAside = waiting
        for _ in 0..<wake { fewerWaiting.signal() }
    }

    /// Lints one planned file: through the cache when there is one, else afresh (fixed first with `--fix`).
    private func outcome(of item: Planner.Item, _ worker: inout Worker) -> Outcome {
        let configuration = worker.configurations[item.configuration]
        // Found in a folder, or named with --force-exclude: YAML that is not a spec is skipped.
        let nonSpec: NonSpecHandling = item.walked || filterNamedFiles ? .skip : .flag
        let answer: Result<FileResult, RunProblem>
        if let cache {
            let cached = cache.lint(item.file, configuration: configuration, linter: linter, nonSpec: nonSpec,
                                    crossFileIDs: crossFileIDs, folder: item.openFolder, worker: &worker.cache)
            // The cache's `stat` of the file tells its identity (no second `stat`): the same
            // device and inode as a watched regular file is that file.
            if !watchedFiles.isEmpty {
                watch(worker.cache.lastStamp.map { FileIdentity(device: $0.device, inode: $0.inode) })
            }
            switch cached {
            case .success(.record(let record)) where record.skippedAsNotSpec:
                return .skipped(order: item.order, folder: item.folder)
            case .success(.record(let record)):
                worker.tally.add(record)
                return .record(record, path: item.file.path, order: item.order)
            case .success(.result(let result)): answer = .success(result)
            case .failure(let problem): answer = .failure(problem)
            }
        } else {
            if !watchedFiles.isEmpty { watch(FileIdentity.of(item.file.rawPath)) }
            answer = fixMode?.run(item.file, configuration: configuration, linter: linter, nonSpec: nonSpec)
                ?? LintRunner.lintFile(item.file, configuration: configuration, linter: linter, nonSpec: nonSpec)
        }
        switch answer {
        case .success(let result) where result.skippedAsNotSpec:
            return .skipped(order: item.order, folder: item.folder)
        case .success(var result):
            worker.counted.merge(result.inventory)
            result.inventory = Inventory()
            return .linted(result, order: item.order)
        case .failure(let problem):
            return .failed(problem, order: item.order)
        }
    }

    /// Notes a watched file (an `--output` target) the walk handed out.
    private func watch(_ identity: FileIdentity?) {
        if let identity, watchedFiles.contains(identity) { watchedTaken.withLock { _ = $0.insert(identity) } }
    }
}

extension LintLoop {
    /// What a run keeps of its files, compactly, until it is finished: filled by the loop's
    /// workers in the walk's order, or directly by the entry points that lint text held in memory.
    struct Collector {
        /// Outcomes that came before the ones planned ahead of them, by sequence.
        private var waiting: [Int: Outcome] = [:]
        /// How many outcomes wait for one planned before them.
        var waitingCount: Int { waiting.count }
        /// How many workers wait for fewer outcomes to wait: the hand-over that brings
        /// ``waitingCount`` down wakes them.
        var workersWaitingForFewer = 0
        /// The sequence of the outcome taken next.
        private(set) var nextSequence = 0

        var files = FileList()
        /// Each file's diagnostics, stored compactly as they come, keyed by its number in ``files``.
        var diagnostics: DiagnosticList
        /// What cross-file rules collected, by rule id.
        var crossFileStores: [String: CrossFileStore] = [:]
        var deferredSuppressions: [(path: String, suppressions: [Suppression])] = []
        var inventory = Inventory()
        var timings = ScreenTimingList()
        var problems: [(order: Int, problem: RunProblem)] = []
        var configurationErrors: [ConfigurationError] = []
        /// Files skipped as not specs: in all, and by the number of the folder they were found in.
        var skipped = 0
        var skippedByFolder: [Int: Int] = [:]
        /// The `docs-url:` of a run over standard input.
        var docsURL: String?

        /// A collector whose diagnostics number rules with `rules` (the cache's, whose records it copies).
        init(rules: RuleNumbers? = nil) {
            diagnostics = rules.map { DiagnosticList(rules: $0) } ?? DiagnosticList()
        }

        /// How many workers waiting for fewer (``workersWaitingForFewer``) are to be woken: all
        /// of them once at most `bound` outcomes wait.
        mutating func wakingWorkers(below bound: Int) -> Int {
            guard workersWaitingForFewer > 0, waiting.count <= bound else { return 0 }
            defer { workersWaitingForFewer = 0 }
            return workersWaitingForFewer
        }

        /// Takes the outcome of the planned file number `sequence`, keeping outcomes in that order:
        /// one that comes early waits here for the files planned before it (its worker goes on).
        mutating func deliver(_ outcome: Outcome, sequence: Int) {
            if sequence == nextSequence {
                // In turn (always with one job): taken at once, not moved through the dictionary (an
                // outcome holds a whole file's result), then those it was the last one missing for.
                nextSequence += 1
                take(outcome)
                while !waiting.isEmpty, let ready = waiting.removeValue(forKey: nextSequence) {
                    nextSequence += 1
                    take(ready)
                }
            } else {
                waiting[sequence] = outcome
            }
        }

        private mutating func take(_ outcome: Outcome) {
            switch outcome {
            case .linted(let result, let order): add(result, order: order)
            case .record(let record, let path, let order): add(record, path: path, order: order)
            case .failed(let problem, let order): problems.append((order, problem))
            case .skipped(_, let folder): skip(folder: folder)
            }
        }

        mutating func skip(folder: Int) {
            skipped += 1
            skippedByFolder[folder, default: 0] += 1
        }

        /// Keeps what the report needs of one file's result. `order` is the file's place in the
        /// walk, which orders files whose paths read the same.
        mutating func add(_ result: FileResult, order: Int) {
            // Standard input judged as a named file (`--force-exclude --stdin-filename`) and not a spec.
            if result.skippedAsNotSpec { return skip(folder: -1) }
            let number = files.append(result.summary, order: order)
            diagnostics.appendFile(result.diagnostics, path: result.path, key: number)
            timings.append(result.timings, file: number)
            for collection in result.crossFile where collection.records.count > 0 {
                store(collection.id).append(collection.records, file: number, severity: collection.severity)
            }
            if !result.deferredSuppressions.isEmpty {
                deferredSuppressions.append((result.path, result.deferredSuppressions))
            }
            inventory.merge(result.inventory)
        }

        /// The store of the cross-file rule `id`, made when it is first met.
        private mutating func store(_ id: String) -> CrossFileStore {
            if let known = crossFileStores[id] { return known }
            let store = CrossFileStore()
            crossFileStores[id] = store
            return store
        }

        /// Adds the file `path` from its record, as ``add(_:order:)`` adds its result: the record's
        /// bytes are copied into the storage as they are. Its inventory is the worker's to count.
        mutating func add(_ record: FileRecord, path: String, order: Int) {
            record.bytes.withUnsafeBytes { raw in
                let number = files.appendEncoded(
                    path: path, names: UnsafeRawBufferPointer(rebasing: raw[record.names]), nameCount: record.nameCount,
                    indicators: record.indicators, order: order)
                diagnostics.appendEncodedFile(UnsafeRawBufferPointer(rebasing: raw[record.diagnostics]),
                                              severityCounts: record.severityCounts, path: path, key: number)
                timings.appendEncoded(UnsafeRawBufferPointer(rebasing: raw[record.timings]), file: number)
                for collection in record.crossFile {
                    store(collection.id).append(encoded: UnsafeRawBufferPointer(rebasing: raw[collection.records]),
                                                file: number, severity: collection.severity)
                }
            }
            if !record.deferredSuppressions.isEmpty {
                deferredSuppressions.append((path, record.deferredSuppressions))
            }
        }
    }
}
