#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ProgressLintSpec
import ProgressLintYAML
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintSupport

/// Lints many files: discovery, configuration, linting in parallel, cross-file rules.
///
/// A run streams: folders are listed as the workers reach them, each file's bytes, nodes and
/// spec model are gone once its diagnostics are made, and what is kept per file is its entry
/// in a ``FileList`` (about the size of its path), its diagnostics and what its cross-file rules collected.
public struct LintRunner: Sendable {
    /// The per-file engine.
    public let linter: Linter
    /// Reads config files.
    public let loader: ConfigurationLoader
    /// `--config`, replacing discovery.
    public let configPath: String?
    /// How many files are linted at once.
    public let jobs: Int
    /// With `--fix` or `--diff`: files are fixed first, and the report is of what they hold then.
    public var fixMode: FixMode?
    /// Results kept between runs (``LintCache``): files whose entry is current are not linted again.
    /// Not used with ``fixMode``, which lints every file afresh; set through ``use(_:)``.
    var cache: LintCache?
    /// Files the caller must hear of if the run takes them (the command's `--output` targets, which
    /// must never be a file it lints): each file the walk hands out is compared with these by its
    /// identity, by the worker that takes it, and those found are ``RunResult/watchedFilesTaken``.
    package var watchedFiles: Set<FileIdentity> = []

    /// Creates a runner.
    public init(linter: Linter, loader: ConfigurationLoader, configPath: String? = nil, jobs: Int = 1) {
        self.linter = linter
        self.loader = loader
        self.configPath = configPath
        self.jobs = min(max(1, jobs), LintRunner.maxJobs)
    }

    /// The most files linted at once; more threads than this only cost memory.
    public static let maxJobs = 64

    /// How many files a worker takes from the walk at once, and how many outcomes it hands to the
    /// collector when the collector is free (``WorkerBacklog``).
    static let batch = 8
    /// How many outcomes not in turn a worker holds before it hands them over to be put aside.
    static let outOfTurnLimit = 32
    /// How few files a worker has left when it takes more from the walk, if the walk is free.
    static let refillBelow = 2
    /// How many outcomes may wait for an earlier file's before the worker ahead waits too.
    static let mostWaiting = 256

    /// The files that `paths` would lint, and the problems found listing them.
    ///
    /// Files found under folders are filtered by the config's `include` and `exclude`; named files
    /// are too when `filterNamedFiles` is set (`--force-exclude`, for pre-commit and editors).
    public func plan(_ paths: [String], filterNamedFiles: Bool = false)
        -> (files: [(SpecFile, Configuration)], result: RunResult)
    {
        let (files, result) = planWithSkips(paths, filterNamedFiles: filterNamedFiles)
        return (files.filter { !$0.skipped }.map { ($0.file, $0.configuration) }, result)
    }

    /// ``plan(_:filterNamedFiles:)`` with the files a run would skip as not specs too, each marked
    /// (`--list-files` lists them as skipped). Deciding that reads each file found in a folder.
    public func planWithSkips(_ paths: [String], filterNamedFiles: Bool = false)
        -> (files: [(file: SpecFile, configuration: Configuration, skipped: Bool)], result: RunResult)
    {
        var planner = Planner(paths, resolver: ConfigurationResolver(loader: loader, configPath: configPath),
                              filterNamedFiles: filterNamedFiles)
        var files: [(file: SpecFile, configuration: Configuration, skipped: Bool)] = []
        var skippedByFolder: [Int: Int] = [:]
        while let item = planner.next() {
            let configuration = planner.configurations[item.configuration]
            let skipped = (item.walked || filterNamedFiles) && LintRunner.isNotSpec(item.file, configuration: configuration)
            if skipped { skippedByFolder[item.folder, default: 0] += 1 }
            files.append((item.file, configuration, skipped))
        }
        var result = RunResult()
        result.problems = planner.problems.map(\.problem)
        result.configurationErrors = planner.configurationErrors
        result.unmatched = planner.unmatched(skippedByFolder: skippedByFolder)
        result.skipped = skippedByFolder.values.reduce(0, +)
        return (files, result)
    }

    /// Whether a file found in a folder would be skipped as not a spec
    /// (``SpecShape/isNotSpec(_:limits:)``; a file that cannot be read is linted).
    static func isNotSpec(_ file: SpecFile, configuration: Configuration) -> Bool {
        guard case .success(let bytes) = FileReader.read(file, limit: configuration.limits.maxFileSize) else {
            return false
        }
        return SpecShape.isNotSpec(bytes, limits: configuration.parserLimits)
    }

    /// Lints every spec file under `paths`, `jobs` files at a time.
    ///
    /// Workers take the next file from the walk (which lists a folder only when they reach it)
    /// and hand each result to one collector, which keeps them in the order of the walk. The
    /// walk of a folder is in path order, the report's; other orders are sorted at the end. So
    /// the report is the same whatever the number of jobs.
    public func run(_ paths: [String], filterNamedFiles: Bool = false) -> RunResult {
        let planner = Mutex(Planner(paths, resolver: ConfigurationResolver(loader: loader, configPath: configPath),
                                    filterNamedFiles: filterNamedFiles))
        let linter = self.linter
        let fixMode = self.fixMode
        let cache = fixMode == nil ? self.cache : nil
        // With the cache, diagnostics number rules as its records do, so records are copied as they are.
        let collector = Mutex(RunCollector(rules: cache?.rules))
        let crossFileIDs = linter.crossFileRules.map(\.id)
        let watchedFiles = self.watchedFiles
        let watchedTaken = Mutex(Set<FileIdentity>())
        // Signalled once for each worker far ahead that waits, when fewer outcomes wait for it.
        let fewerWaiting = DispatchSemaphore(value: 0)
        // The sequence the collector takes next, as it was after the last hand-over.
        let inTurn = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            // Inventories are summed per worker and handed over once. Files are taken from the
            // walk, and their outcomes handed to the collector, a few at a time: on a warm run a
            // file's own work is less than two workers waiting for each other's lock.
            var counted = Inventory()
            // Records' inventories are added up as the records hold them (no dictionary per file).
            var tally = InventoryTally()
            var cacheWorker = LintCache.Worker()
            // The walk's configurations, copied when it has met more (items name theirs by
            // number: none is copied per file).
            var configurations: [Configuration] = []
            var turns = WorkerBacklog<Planner.Item, RunCollector.Outcome>(
                batch: LintRunner.batch, outOfTurnLimit: LintRunner.outOfTurnLimit, mostWaiting: LintRunner.mostWaiting,
                refillBelow: LintRunner.refillBelow)
            func take(wait: Bool, into taken: inout [Planner.Item]) -> Bool {
                if wait {
                    planner.withLock { LintRunner.take(from: &$0, into: &taken, configurations: &configurations) }
                    return true
                }
                return planner.withLockIfAvailable {
                    LintRunner.take(from: &$0, into: &taken, configurations: &configurations)
                    return true
                } ?? false
            }
            func handOver(all: Bool, outcomes: inout [(outcome: RunCollector.Outcome, sequence: Int)]) -> Int {
                // How many outcomes wait now, how many workers this wakes, and how many were taken.
                let (waiting, wake, delivered) = collector.withLock { collector -> (Int, Int, Int) in
                    var delivered = outcomes.count
                    if all {
                        for (outcome, sequence) in outcomes { collector.deliver(outcome, sequence: sequence) }
                    } else {
                        delivered = collector.deliverInTurn(outcomes)
                    }
                    inTurn.store(collector.nextSequence, ordering: .releasing)
                    let (waiting, wake) = collector.wakingWorkers(below: LintRunner.mostWaiting)
                    return (waiting, wake, delivered)
                }
                if delivered == outcomes.count {
                    outcomes.removeAll(keepingCapacity: true)
                } else {
                    outcomes.removeFirst(delivered)
                }
                for _ in 0..<wake { fewerWaiting.signal() }
                return waiting
            }
            func waitForFewer() -> Int {
                while true {
                    let (waiting, waits) = collector.withLock { collector -> (Int, Bool) in
                        guard collector.waitingCount > LintRunner.mostWaiting else { return (collector.waitingCount, false) }
                        collector.workersWaitingForFewer += 1
                        return (collector.waitingCount, true)
                    }
                    guard waits else { return waiting }
                    fewerWaiting.wait()
                }
            }
            func deliver(_ outcome: RunCollector.Outcome, sequence: Int) {
                turns.deliver(outcome, sequence: sequence, inTurn: { inTurn.load(ordering: .acquiring) },
                              handOver: handOver)
            }
            while let item = turns.next(take: take, handOver: handOver, waitForFewer: waitForFewer) {
                let configuration = configurations[item.configuration]
                // Found in a folder, or named with --force-exclude: YAML that is not a spec is skipped.
                let nonSpec: NonSpecHandling = item.walked || filterNamedFiles ? .skip : .flag
                func watch(_ identity: FileIdentity?) {
                    if let identity, watchedFiles.contains(identity) { watchedTaken.withLock { _ = $0.insert(identity) } }
                }
                let answer: Result<FileResult, RunProblem>
                if fixMode == nil, let cache {
                    let cached = cache.lint(item.file, configuration: configuration, linter: linter,
                                            nonSpec: nonSpec, crossFileIDs: crossFileIDs,
                                            folder: item.openFolder, worker: &cacheWorker)
                    // The cache's `stat` of the file tells its identity (no second `stat`): the same
                    // device and inode as a watched regular file is that file.
                    if !watchedFiles.isEmpty {
                        watch(cacheWorker.lastStamp.map { FileIdentity(device: $0.device, inode: $0.inode) })
                    }
                    switch cached {
                    case .success(.record(let record)) where record.skippedAsNotSpec:
                        deliver(.skipped(order: item.order, folder: item.folder), sequence: item.sequence)
                        continue
                    case .success(.record(let record)):
                        tally.add(record)
                        deliver(.record(record, path: item.file.path, order: item.order), sequence: item.sequence)
                        continue
                    case .success(.result(let result)): answer = .success(result)
                    case .failure(let problem): answer = .failure(problem)
                    }
                } else {
                    if !watchedFiles.isEmpty { watch(FileIdentity.of(item.file.rawPath)) }
                    answer = fixMode?.run(item.file, configuration: configuration, linter: linter,
                                          nonSpec: nonSpec)
                        ?? LintRunner.lintFile(item.file, configuration: configuration, linter: linter,
                                               nonSpec: nonSpec)
                }
                switch answer {
                case .success(let fileResult) where fileResult.skippedAsNotSpec:
                    deliver(.skipped(order: item.order, folder: item.folder), sequence: item.sequence)
                case .success(var fileResult):
                    counted.merge(fileResult.inventory)
                    fileResult.inventory = Inventory()
                    deliver(.linted(fileResult, order: item.order), sequence: item.sequence)
                case .failure(let problem):
                    deliver(.failed(problem, order: item.order), sequence: item.sequence)
                }
            }
            turns.handOverAll(handOver)
            cache?.finish(&cacheWorker)
            counted.merge(tally.inventory)
            collector.withLock { $0.inventory.merge(counted) }
        }
        // One file (an editor's save) is linted on this thread, without starting others.
        let workers = planner.withLock { $0.hasMore(than: 1) } ? jobs : 1
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        var collected = collector.withLock { collector in
            var taken = RunCollector(rules: cache?.rules)
            swap(&taken, &collector)
            return taken
        }
        let (skipped, skippedByFolder) = (collected.skipped, collected.skippedByFolder)
        let (unmatched, docsURL) = planner.withLock { planner in
            collected.problems += planner.problems
            collected.configurationErrors = planner.configurationErrors
            return (planner.unmatched(skippedByFolder: skippedByFolder),
                    planner.configurations.lazy.compactMap(\.docsURL).first)
        }
        var result = finish(collected)
        result.watchedFilesTaken = watchedTaken.withLock { $0 }
        result.unmatched = unmatched
        result.docsURL = docsURL
        result.skipped = skipped
        return result
    }

    /// Up to a batch of files from the walk, and its configurations when it has met more than
    /// `configurations` holds (items name theirs by number).
    private static func take(from planner: inout Planner, into taken: inout [Planner.Item],
                             configurations: inout [Configuration]) {
        var count = 0
        while count < LintRunner.batch, let item = planner.next() {
            taken.append(item)
            count += 1
        }
        if planner.configurations.count != configurations.count { configurations = planner.configurations }
    }

    /// Lints text read from standard input as if it were the file `name`.
    public func run(standardInput bytes: [UInt8], as name: String, nonSpec: NonSpecHandling = .lint) -> RunResult {
        var collector = RunCollector()
        let resolver = ConfigurationResolver(loader: loader, configPath: configPath)
        switch resolver.configuration(for: name) {
        case .failure(let error):
            collector.configurationErrors.append(error)
        case .success(let configuration):
            collector.docsURL = configuration.docsURL
            if bytes.count > configuration.limits.maxFileSize {
                collector.add(LintRunner.tooLarge(name, limit: configuration.limits.maxFileSize, prefix: bytes), order: 0)
            } else {
                collector.add(linter.lint(bytes, path: name, configuration: configuration, nonSpec: nonSpec), order: 0)
            }
        }
        return finish(collector) { $0 == name ? bytes : nil }
    }

    /// Reads standard input, at most the `max-file-size` of the configuration found for `name`,
    /// and lints it as the file `name`; past the limit it gets the diagnostic an oversize file gets.
    public func runStandardInput(
        as name: String, nonSpec: NonSpecHandling = .lint,
        read: (Int) -> Result<[UInt8], ReadFailure> = FileReader.readStandardInput
    ) -> RunResult {
        var collector = RunCollector()
        switch ConfigurationResolver(loader: loader, configPath: configPath).configuration(for: name) {
        case .failure(let error):
            collector.configurationErrors.append(error)
        case .success(let configuration):
            collector.docsURL = configuration.docsURL
            switch read(configuration.limits.maxFileSize) {
            case .success(let bytes):
                collector.add(linter.lint(bytes, path: name, configuration: configuration, nonSpec: nonSpec), order: 0)
            case .failure(.tooLarge(let limit, let prefix)):
                collector.add(LintRunner.tooLarge(name, limit: limit, prefix: prefix), order: 0)
            case .failure(.notRegularFile(let kind)):
                collector.problems.append((0, RunProblem(path: name, message: "cannot read standard input: it is \(kind)")))
            case .failure(.system(let message)):
                collector.problems.append((0, RunProblem(path: name, message: "cannot read standard input: \(message)")))
            }
        }
        return finish(collector)
    }

    /// Lints files held in memory under one configuration (for tests and tools that already have the text).
    public func run(inMemory sources: [(path: String, bytes: [UInt8])], configuration: Configuration) -> RunResult {
        var collector = RunCollector()
        for (order, source) in sources.enumerated() {
            collector.add(linter.lint(source.bytes, path: source.path, configuration: configuration), order: order)
        }
        return finish(collector) { path in sources.first { $0.path == path }?.bytes }
    }

    /// Reads and lints one file; a file that cannot be read is a problem, not a crash. With
    /// `nonSpec` says what becomes of YAML that is not a spec (``NonSpecHandling``).
    static func lintFile(_ file: SpecFile, configuration: Configuration, linter: Linter,
                         nonSpec: NonSpecHandling = .lint) -> Result<FileResult, RunProblem>
    {
        lint(FileReader.read(file, limit: configuration.limits.maxFileSize), file: file, configuration: configuration,
             linter: linter, nonSpec: nonSpec)
    }

    /// What reading `file` came to, linted.
    static func lint(_ read: Result<[UInt8], ReadFailure>, file: SpecFile, configuration: Configuration, linter: Linter,
                     nonSpec: NonSpecHandling = .lint) -> Result<FileResult, RunProblem>
    {
        switch read {
        case .success(let bytes):
            return .success(linter.lint(bytes, path: file.path, configuration: configuration,
                                        nonSpec: nonSpec))
        case .failure(.tooLarge(let limit, let prefix)):
            return .success(tooLarge(file.path, limit: limit, prefix: prefix))
        case .failure(.notRegularFile(let kind)):
            return .failure(RunProblem(path: file.path, message: "skipped: it is \(kind), not a regular file"))
        case .failure(.system(let message)):
            return .failure(RunProblem(path: file.path, message: "cannot read: \(message)"))
        }
    }

    /// A file's bytes read again for code frames: at most the default size limit (the first
    /// bytes of a larger file), none when it cannot be read.
    @Sendable static func sourceAgain(_ path: String) -> [UInt8]? {
        switch FileReader.read(SpecFile(path: path), limit: Limits().maxFileSize) {
        case .success(let bytes): bytes
        case .failure(.tooLarge(_, let prefix)): prefix
        case .failure: nil
        }
    }

    public static func tooLarge(_ path: String, limit: Int, prefix: [UInt8]) -> FileResult {
        var result = FileResult(path: path)
        let position = TextPosition.of(byteOffset: limit, in: prefix)
        result.diagnostics = [Diagnostic(
            ruleID: InputRuleID.yamlSyntax, severity: .error,
            message: "the file is larger than \(ByteText.size(limit)) (limits.max-file-size); it was not linted",
            path: path, range: .init(at: position))]
        return result
    }

    /// Puts the files and diagnostics in report order and runs the cross-file rules.
    ///
    /// Cross-file diagnostics get their source lines from `source` (by default the file, read again:
    /// at most the default size limit, and a file that vanished or changed lines just has none).
    private func finish(_ collected: consuming RunCollector,
                        source: (String) -> [UInt8]? = LintRunner.sourceAgain) -> RunResult {
        var result = RunResult()
        result.files = collected.files
        result.skipped = collected.skipped
        result.files.sortByPath()
        // Each file's position, needed only when files were not linted in report order (8 bytes a file).
        let rank = result.files.isInOrderAdded ? [] : result.files.positionsOfFiles()
        result.inventory = collected.inventory
        result.docsURL = collected.docsURL
        result.timings = collected.timings
        if !result.files.isInOrderAdded { result.timings.reorder(by: rank) }
        result.configurationErrors = collected.configurationErrors
        result.problems = collected.problems.sorted { $0.order < $1.order }.map(\.problem)

        // Each file's diagnostics, stored as the file came (sorted within it), read in the order of its path.
        var stored = collected.diagnostics
        collected.diagnostics = DiagnosticList()
        if !result.files.isInOrderAdded { stored.reorder(by: rank) }
        // While the cross-file rules finish (on another thread when the run has more than one job
        // and more than one file: an editor's save starts no thread), the findings of files whose
        // suppressions wait for those rules are taken out of the stored ones, and the rest are
        // counted: neither depends on what the rules find.
        let deferred = collected.deferredSuppressions
        let deferredPaths = Set(deferred.map(\.path))
        let prepare: @Sendable (DiagnosticList) -> PreparedFindings = { list in
            var list = list
            let removed = deferredPaths.isEmpty ? [] : list.removeFiles(deferredPaths)
            return PreparedFindings(stored: list, removed: removed, tally: list.isStreamable ? FindingTally(list) : nil)
        }
        let preparing = FindingsInPreparation()
        let apart = jobs > 1 && result.files.count > 1
        if apart {
            let list = stored
            DispatchQueue.global().async { preparing.finish(prepare(list)) }
        }
        let files = result.files
        let crossFileDiagnostics = crossFileFindings(
            collected.crossFileStores, order: { files.isInOrderAdded ? nil : $0.order(by: rank) },
            pathOfFile: { files.path(ofFile: $0) })
        // The cross-file findings (few) are sorted on their own and merged in their place as the
        // report reads the stored ones: the order a stable sort of all of them would give.
        var byPath: [String: [Diagnostic]] = [:]
        for d in crossFileDiagnostics { byPath[d.path, default: []].append(d) }
        var extra: [Diagnostic] = []
        for (path, var list) in byPath {
            if let bytes = source(path) { SourceLine.attach(to: &list, from: bytes) }
            extra += list
        }
        let prepared = apart ? preparing.wait() : prepare(stored)
        stored = prepared.stored
        applyDeferredSuppressions(prepared.removed, &extra, deferred: deferred)
        if stored.isStreamable, var tally = prepared.tally {
            extra.sort(by: Diagnostic.ordered)
            // Counted before the merge: counts do not depend on order, and the stored findings
            // read alone are not ordered against the merged ones (no message read back for that).
            tally.add(extra)
            stored.merge(extra)
            result.setFindings(stored, tally: tally)
        } else {
            // Files whose paths read the same (or a file's findings under another path): sorted as a whole.
            var all = Array(stored) + extra
            all.sort(by: Diagnostic.ordered)
            result.setFindings(DiagnosticList(all))
        }
        return result
    }

    /// What the cross-file rules find over the values of `stores` (by rule id), every entry point's
    /// one finish: a run's over all its files, ``lint(text:path:configuration:skippingNonSpec:)``'s over one.
    func crossFileFindings(_ stores: [String: CrossFileStore], order: (CrossFileStore) -> [Int]?,
                           pathOfFile: @escaping @Sendable (Int) -> String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for rule in linter.crossFileRules {
            guard let store = stores[rule.id], store.count > 0 else { continue }
            for finding in rule.finish(store, order: order(store), pathOfFile: pathOfFile) {
                found.append(Diagnostic(
                    ruleID: rule.id, severity: finding.file.severity, message: finding.message,
                    path: finding.file.path, range: finding.range, screen: finding.screen, indicator: finding.indicator,
                    yamlPath: finding.yamlPath, value: finding.value))
            }
        }
        return found
    }

    /// Suppressions of cross-file rules are applied once those rules have reported. Only the
    /// diagnostics of files with such suppressions were taken out of the stored ones (`removed`),
    /// and are put back with those rules' findings (in memory).
    func applyDeferredSuppressions(
        _ removed: [Diagnostic], _ extra: inout [Diagnostic], deferred: [(path: String, suppressions: [Suppression])]
    ) {
        guard !deferred.isEmpty else { return }
        let paths = Set(deferred.map(\.path))
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in removed { byPath[diagnostic.path, default: []].append(diagnostic) }
        extra.removeAll { diagnostic in
            guard paths.contains(diagnostic.path) else { return false }
            byPath[diagnostic.path, default: []].append(diagnostic)
            return true
        }
        for (path, suppressions) in deferred {
            let own = byPath.removeValue(forKey: path) ?? []
            let crossRules = Set(suppressions.flatMap(\.rules))
            let (candidates, rest) = own.partitioned {
                crossRules.contains($0.ruleID) && linter.crossFileRuleIDs.contains($0.ruleID)
            }
            extra += rest
            extra += linter.apply(suppressions, to: candidates, path: path)
        }
    }
}

/// The stored findings once those of files with deferred suppressions are taken out (`removed`),
/// and what the rest count up to (nil when they are not read in order, and are sorted as a whole).
struct PreparedFindings: Sendable {
    var stored: DiagnosticList
    var removed: [Diagnostic]
    var tally: FindingTally?
}

/// ``PreparedFindings`` made on another thread, waited for.
final class FindingsInPreparation: Sendable {
    private let result = Mutex<PreparedFindings?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ prepared: PreparedFindings) {
        result.withLock { $0 = prepared }
        done.signal()
    }

    func wait() -> PreparedFindings {
        done.wait()
        return result.withLock { $0! }
    }
}
