import Dispatch
import ProgressLintYAML
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace

/// What the workers hand over, file by file: kept compactly until the run is finished.
struct RunCollector {
    /// What linting one planned file came to.
    enum Outcome {
        case linted(FileResult, order: Int)
        /// A file's result as its record (from the cache, or made for it): copied into the storage.
        case record(FileRecord, path: String, order: Int)
        case failed(RunProblem, order: Int)
        /// Found in folder number `folder` and skipped as not a spec.
        case skipped(order: Int, folder: Int)
    }

    /// Outcomes that came before the ones planned ahead of them, by sequence.
    private var waiting: [Int: Outcome] = [:]
    /// How many outcomes wait for one planned before them.
    var waitingCount: Int { waiting.count }
    /// How many workers wait for fewer outcomes to wait (a worker far ahead of another): the
    /// hand-over that brings ``waitingCount`` down wakes them.
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

    /// How many outcomes wait, and how many workers waiting for fewer (``workersWaitingForFewer``)
    /// are to be woken: all of them once at most `bound` wait.
    mutating func wakingWorkers(below bound: Int) -> (waiting: Int, wake: Int) {
        guard workersWaitingForFewer > 0, waiting.count <= bound else { return (waiting.count, 0) }
        defer { workersWaitingForFewer = 0 }
        return (waiting.count, workersWaitingForFewer)
    }

    mutating func skip(folder: Int) {
        skipped += 1
        skippedByFolder[folder, default: 0] += 1
    }

    /// Keeps what the report needs of one file's result.
    /// Takes the outcome of the planned file number `sequence`, keeping outcomes in that order:
    /// a result that comes early waits here for the files planned before it (its worker goes on).
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
            return
        }
        // A record that waits holds its own bytes, not the window of the cache file it was read in.
        if case .record(let record, let path, let order) = outcome {
            waiting[sequence] = .record(record.compacted(), path: path, order: order)
        } else {
            waiting[sequence] = outcome
        }
    }

    /// Takes the outcomes at the front of `outcomes` that are in turn, one after another, and
    /// returns how many it took (the rest are not in turn yet).
    mutating func deliverInTurn(_ outcomes: [(outcome: Outcome, sequence: Int)]) -> Int {
        var count = 0
        for (outcome, sequence) in outcomes {
            guard sequence == nextSequence else { break }
            deliver(outcome, sequence: sequence)
            count += 1
        }
        return count
    }

    /// Adds one outcome, in its turn, to what the run keeps.
    private mutating func take(_ outcome: Outcome) {
        switch outcome {
        case .linted(let result, let order): add(result, order: order)
        case .record(let record, let path, let order): add(record, path: path, order: order)
        case .failed(let problem, let order): problems.append((order, problem))
        case .skipped(_, let folder): skip(folder: folder)
        }
    }

    /// `order` is the file's place in the walk, which orders files whose paths read the same.
    mutating func add(_ result: FileResult, order: Int) {
        // Standard input judged as a named file (`--force-exclude --stdin-filename`) and not a spec.
        if result.skippedAsNotSpec { return skip(folder: -1) }
        let number = files.append(result.summary, order: order)
        diagnostics.appendFile(result.diagnostics, path: result.path, key: number)
        timings.append(result.timings, file: number)
        for collection in result.crossFile where collection.records.count > 0 {
            let store: CrossFileStore
            if let known = crossFileStores[collection.id] {
                store = known
            } else {
                store = CrossFileStore()
                crossFileStores[collection.id] = store
            }
            store.append(collection.records, file: number, severity: collection.severity)
        }
        if !result.deferredSuppressions.isEmpty {
            deferredSuppressions.append((result.path, result.deferredSuppressions))
        }
        inventory.merge(result.inventory)
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
                let store: CrossFileStore
                if let known = crossFileStores[collection.id] {
                    store = known
                } else {
                    store = CrossFileStore()
                    crossFileStores[collection.id] = store
                }
                store.append(encoded: UnsafeRawBufferPointer(rebasing: raw[collection.records]), file: number,
                             severity: collection.severity)
            }
        }
        if !record.deferredSuppressions.isEmpty {
            deferredSuppressions.append((path, record.deferredSuppressions))
        }
    }
}
