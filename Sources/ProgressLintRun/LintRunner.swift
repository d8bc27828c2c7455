import ProgressLintSpec
import ProgressLintYAML
import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintSupport

/// Lints many files: discovery, configuration, linting in parallel, cross-file rules. A run streams:
/// per file it keeps a ``FileList`` entry, its diagnostics and its cross-file values, never its bytes
/// or model. Every entry point ends in ``crossFileFinish``.
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

    /// The files that `paths` would lint, each marked when a run would skip it as not a spec
    /// (`--list-files` lists those as skipped; deciding reads each file found in a folder), and the
    /// problems found listing them. Files found under folders are filtered by the config's
    /// `include` and `exclude`; named files are too when `filterNamedFiles` is set (`--force-exclude`).
    public func plan(_ paths: [String], filterNamedFiles: Bool = false)
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

    /// Lints every spec file under `paths`, `jobs` files at a time (``LintLoop``).
    ///
    /// The walk of a folder is in path order, the report's; other orders are sorted at the end.
    /// So the report is the same whatever the number of jobs.
    public func run(_ paths: [String], filterNamedFiles: Bool = false) -> RunResult {
        let planner = Planner(paths, resolver: ConfigurationResolver(loader: loader, configPath: configPath),
                              filterNamedFiles: filterNamedFiles)
        let (collected, unmatched, docsURL, watched) = LintLoop(planner, runner: self, filterNamedFiles: filterNamedFiles)
            .run(jobs: jobs)
        var result = finish(collected)
        result.watchedFilesTaken = watched
        result.unmatched = unmatched
        result.docsURL = docsURL
        return result
    }

    /// Lints standard input as the file `name`: `read` reads at most the `max-file-size` of the
    /// configuration found for `name` (by default from standard input; the command passes text it
    /// has already read and fixed). A text past the limit gets the diagnostic an oversize file gets.
    public func run(standardInput name: String, nonSpec: NonSpecHandling = .lint,
                    read: (Int) -> Result<[UInt8], ReadFailure> = FileReader.readStandardInput) -> RunResult {
        var collector = LintLoop.Collector()
        var text: [UInt8]?
        switch ConfigurationResolver(loader: loader, configPath: configPath).configuration(for: name) {
        case .failure(let error):
            collector.configurationErrors.append(error)
        case .success(let configuration):
            collector.docsURL = configuration.docsURL
            switch read(configuration.limits.maxFileSize) {
            case .success(let bytes):
                text = bytes
                collector.add(lint(bytes, path: name, configuration: configuration, nonSpec: nonSpec), order: 0)
            case .failure(.tooLarge(let limit, let prefix)):
                collector.add(LintRunner.tooLarge(name, limit: limit, prefix: prefix), order: 0)
            case .failure(.notRegularFile(let kind)):
                collector.problems.append((0, RunProblem(path: name, message: "cannot read standard input: it is \(kind)")))
            case .failure(.system(let message)):
                collector.problems.append((0, RunProblem(path: name, message: "cannot read standard input: \(message)")))
            }
        }
        return finish(collector) { $0 == name ? text : nil }
    }

    /// Lints texts held in memory under one configuration (for tests and tools that already have them).
    public func run(inMemory sources: [(path: String, bytes: [UInt8])], configuration: Configuration,
                    nonSpec: NonSpecHandling = .lint) -> RunResult {
        var collector = LintLoop.Collector()
        for (order, source) in sources.enumerated() {
            collector.add(lint(source.bytes, path: source.path, configuration: configuration, nonSpec: nonSpec),
                          order: order)
        }
        return finish(collector) { path in sources.first { $0.path == path }?.bytes }
    }

    /// Lints one text in memory (an editor's buffer) as the file `path`: the diagnostics
    /// ``run(inMemory:configuration:nonSpec:)`` gives for it, in report order, without the run's storage
    /// (the server lints on every change); nil when `nonSpec` skips it as not a spec.
    public func lint(text bytes: [UInt8], path: String, configuration: Configuration,
                     nonSpec: NonSpecHandling) -> [Diagnostic]? {
        let result = lint(bytes, path: path, configuration: configuration, nonSpec: nonSpec)
        if result.skippedAsNotSpec { return nil }
        var stores: [String: CrossFileStore] = [:]
        for collection in result.crossFile {
            let store = stores[collection.id] ?? CrossFileStore()
            store.append(collection.records, file: 0, severity: collection.severity)
            stores[collection.id] = store
        }
        let deferred = result.deferredSuppressions.isEmpty ? [] : [(path: path, suppressions: result.deferredSuppressions)]
        let extra = crossFileFinish(stores, deferred: deferred, order: { _ in nil }, pathOfFile: { _ in path },
                                    source: { _ in bytes }) { deferred.isEmpty ? [] : result.diagnostics }
        // With deferred suppressions the file's own findings are among `extra`.
        if !deferred.isEmpty { return extra }
        if extra.isEmpty { return result.diagnostics }
        // Both in report order: a stable sort merges them, each cross-file finding after the
        // file's findings it does not strictly precede (as a run reads them).
        var merged = result.diagnostics + extra
        merged.sort(by: Diagnostic.ordered)
        return merged
    }

    /// Lints one text held in memory as the file `path`; past the configuration's `max-file-size`
    /// it gets the diagnostic an oversize file gets.
    func lint(_ bytes: [UInt8], path: String, configuration: Configuration, nonSpec: NonSpecHandling) -> FileResult {
        if bytes.count > configuration.limits.maxFileSize {
            return LintRunner.tooLarge(path, limit: configuration.limits.maxFileSize, prefix: bytes)
        }
        return linter.lint(bytes, path: path, configuration: configuration, nonSpec: nonSpec)
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

    /// The one diagnostic of a file past `limits.max-file-size` (`prefix`: its first bytes).
    static func tooLarge(_ path: String, limit: Int, prefix: [UInt8]) -> FileResult {
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
    private func finish(_ collected: consuming LintLoop.Collector,
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
        let deferred = collected.deferredSuppressions
        let files = result.files
        let extra = crossFileFinish(
            collected.crossFileStores, deferred: deferred, order: { files.isInOrderAdded ? nil : $0.order(by: rank) },
            pathOfFile: { files.path(ofFile: $0) }, source: source
        ) {
            deferred.isEmpty ? [] : stored.removeFiles(Set(deferred.map(\.path)))
        }
        if stored.isStreamable {
            // The few cross-file findings are merged in their place as the report reads the stored ones.
            stored.merge(extra)
            result.findings = stored
        } else {
            // Files whose paths read the same (or a file's findings under another path): sorted as a whole.
            var all = Array(stored) + extra
            all.sort(by: Diagnostic.ordered)
            result.findings = DiagnosticList(all)
        }
        return result
    }

    /// Every entry point's one finish: what the cross-file rules find over `stores` (source lines from
    /// `source`), and the findings `removed` of files whose suppressions waited for those rules, with
    /// those suppressions applied; in report order.
    func crossFileFinish(_ stores: [String: CrossFileStore], deferred: [(path: String, suppressions: [Suppression])],
                         order: (CrossFileStore) -> [Int]?, pathOfFile: @escaping @Sendable (Int) -> String,
                         source: (String) -> [UInt8]?, removed: () -> [Diagnostic]) -> [Diagnostic] {
        var byPath: [String: [Diagnostic]] = [:]
        for d in crossFileFindings(stores, order: order, pathOfFile: pathOfFile) { byPath[d.path, default: []].append(d) }
        var extra: [Diagnostic] = []
        for (path, var list) in byPath {
            if let bytes = source(path) { SourceLine.attach(to: &list, from: bytes) }
            extra += list
        }
        applyDeferredSuppressions(removed(), &extra, deferred: deferred)
        extra.sort(by: Diagnostic.ordered)
        return extra
    }

    /// What the cross-file rules find over the values of `stores` (by rule id), for ``crossFileFinish``.
    func crossFileFindings(_ stores: [String: CrossFileStore], order: (CrossFileStore) -> [Int]?,
                           pathOfFile: @escaping @Sendable (Int) -> String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for rule in linter.crossFileRules {
            guard let store = stores[rule.id], store.bytes.count > 0 else { continue }
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
