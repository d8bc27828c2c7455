import Dispatch
import ProgressLintYAML
import Synchronization

/// A file or path that could not be linted at all (the command exits 2).
public struct RunProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path concerned.
    public var path: String
    /// What went wrong.
    public var message: String

    /// Creates a problem.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Everything a run produced, in report order.
public struct RunResult: Sendable {
    /// Per-file results, in path order.
    public var files: [FileResult] = []
    /// Every diagnostic, in path, line, column, rule order.
    public var diagnostics: [Diagnostic] = []
    /// Paths and configurations that could not be used.
    public var problems: [RunProblem] = []
    /// Configuration errors (the command exits 2).
    public var configurationErrors: [ConfigurationError] = []

    /// Creates an empty result.
    public init() {}

    /// Screens linted.
    public var screens: Int { files.reduce(0) { $0 + $1.screens } }
    /// Indicators linted.
    public var indicators: Int { files.reduce(0) { $0 + $1.indicators } }
    /// Diagnostics of one severity.
    public func count(_ severity: Severity) -> Int { diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }
    /// Counts that ``LintRunner`` has already moved out of `files`: a run over many files keeps
    /// one total rather than two dictionaries per file.
    var foldedInventory = Inventory()

    /// The inventory of all files.
    public var inventory: Inventory {
        var total = foldedInventory
        for file in files { total.merge(file.inventory) }
        return total
    }
}

/// Lints many files: discovery, configuration, linting in parallel, cross-file rules.
public struct LintRunner: Sendable {
    /// The per-file engine.
    public let linter: Linter
    /// Reads config files.
    public let loader: ConfigurationLoader
    /// `--config`, replacing discovery.
    public let configPath: String?
    /// How many files are linted at once.
    public let jobs: Int

    /// Creates a runner.
    public init(linter: Linter, loader: ConfigurationLoader, configPath: String? = nil, jobs: Int = 1) {
        self.linter = linter
        self.loader = loader
        self.configPath = configPath
        self.jobs = max(1, jobs)
    }

    /// The files that `paths` would lint, and the problems found listing them.
    ///
    /// Files found under folders are filtered by the config's `include` and `exclude`; named files
    /// are too when `filterNamedFiles` is set (`--force-exclude`, for pre-commit and editors).
    public func plan(_ paths: [String], filterNamedFiles: Bool = false)
        -> (files: [(SpecFile, Configuration)], result: RunResult)
    {
        let (files, configurations, result) = planCompactly(paths, filterNamedFiles: filterNamedFiles)
        return (files.map { ($0.file, configurations[$0.configuration]) }, result)
    }

    /// The plan with each file's configuration as an index into a list of the distinct ones, so
    /// a run over many files keeps a path per file, not a copy of its configuration.
    func planCompactly(_ paths: [String], filterNamedFiles: Bool = false)
        -> (files: [(file: SpecFile, configuration: Int)], configurations: [Configuration], result: RunResult)
    {
        var result = RunResult()
        let resolver = ConfigurationResolver(loader: loader, configPath: configPath)
        var files: [(file: SpecFile, configuration: Int)] = []
        var configurations: [Configuration] = []
        var configurationIndex: [String: Int] = [:]
        var seen: Set<[UInt8]> = []
        var reportedConfigs: Set<String> = []
        for found in FileDiscovery.find(paths) {
            let file: SpecFile
            let walked: Bool
            switch found {
            case .problem(let path, let message):
                result.problems.append(RunProblem(path: path, message: message))
                continue
            case .explicit(let f): file = f; walked = false
            case .walked(let f): file = f; walked = true
            }
            guard seen.insert(file.rawPath).inserted else { continue }
            switch resolver.configuration(for: file.path) {
            case .failure(let error):
                if reportedConfigs.insert(error.description).inserted { result.configurationErrors.append(error) }
            case .success(let configuration):
                if (walked || filterNamedFiles) && !(configuration.include.isEmpty && configuration.exclude.isEmpty) {
                    let relative = resolver.relativePath(file.path, to: configuration)
                    if !configuration.include.isEmpty,
                       !configuration.include.contains(where: { Glob($0).matches(relative) }) { continue }
                    if configuration.exclude.contains(where: { Glob($0).matches(relative) }) { continue }
                }
                // A loaded configuration is known by its file; the defaults by their folder.
                let key = configuration.path ?? "\u{0}" + configuration.directory
                let index: Int
                if let known = configurationIndex[key] {
                    index = known
                } else {
                    index = configurations.count
                    configurations.append(configuration)
                    configurationIndex[key] = index
                }
                files.append((file, index))
            }
        }
        return (files, configurations, result)
    }

    /// Lints every spec file under `paths`.
    ///
    /// Memory stays flat in the number of files: each file's bytes, nodes and spec model are
    /// released once its diagnostics are made. Per file the result keeps its path, counts,
    /// screen names (for JUnit's test cases), diagnostics and cross-file facts; inventories are
    /// summed as files finish (see ``RunResult/inventory``).
    public func run(_ paths: [String], filterNamedFiles: Bool = false) -> RunResult {
        let (files, configurations, planned) = planCompactly(paths, filterNamedFiles: filterNamedFiles)
        var result = planned
        let linter = self.linter
        // Results go straight into the array the run returns (no second array of all results).
        let slots = Mutex<[FileResult]>(files.map { FileResult(path: $0.file.path) })
        let unread = Mutex<[Int]>([])
        let problems = Mutex<[RunProblem]>([])
        let inventory = Mutex(Inventory())
        let next = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            // Each file's bytes, nodes and spec model are gone once lintFile returns; what is kept
            // is its diagnostics, counts, screen names and cross-file facts. Inventories are summed
            // per worker.
            var counted = Inventory()
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < files.count else { break }
                let (file, configuration) = files[index]
                switch LintRunner.lintFile(file, configuration: configurations[configuration], linter: linter) {
                case .success(var fileResult):
                    counted.merge(fileResult.inventory)
                    fileResult.inventory = Inventory()
                    slots.withLock { $0[index] = fileResult }
                case .failure(let problem):
                    problems.withLock { $0.append(problem) }
                    unread.withLock { $0.append(index) }
                }
            }
            inventory.withLock { $0.merge(counted) }
        }
        let workers = min(jobs, max(1, files.count))
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        slots.withLock { swap(&result.files, &$0) }
        let skipped = Set(unread.withLock { $0 })
        if !skipped.isEmpty {
            result.files = result.files.indices.filter { !skipped.contains($0) }.map { result.files[$0] }
        }
        result.foldedInventory = inventory.withLock { $0 }
        result.problems += problems.withLock { $0 }
        finish(&result)
        return result
    }

    /// Lints text read from standard input as if it were the file `name`.
    public func run(standardInput bytes: [UInt8], as name: String) -> RunResult {
        var result = RunResult()
        let resolver = ConfigurationResolver(loader: loader, configPath: configPath)
        switch resolver.configuration(for: name) {
        case .failure(let error):
            result.configurationErrors.append(error)
        case .success(let configuration):
            if bytes.count > configuration.limits.maxFileSize {
                result.files = [LintRunner.tooLarge(name, limit: configuration.limits.maxFileSize, prefix: bytes)]
            } else {
                result.files = [linter.lint(bytes, path: name, configuration: configuration)]
            }
        }
        finish(&result)
        return result
    }

    /// Lints files held in memory under one configuration (for tests and tools that already have the text).
    public func run(inMemory sources: [(path: String, bytes: [UInt8])], configuration: Configuration) -> RunResult {
        var result = RunResult()
        result.files = sources.map { linter.lint($0.bytes, path: $0.path, configuration: configuration) }
        finish(&result)
        return result
    }

    /// Reads and lints one file; a file that cannot be read is a problem, not a crash.
    static func lintFile(_ file: SpecFile, configuration: Configuration, linter: Linter)
        -> Result<FileResult, RunProblem>
    {
        switch FileReader.read(file, limit: configuration.limits.maxFileSize) {
        case .success(let bytes):
            return .success(linter.lint(bytes, path: file.path, configuration: configuration))
        case .failure(.tooLarge(let limit, let prefix)):
            return .success(tooLarge(file.path, limit: limit, prefix: prefix))
        case .failure(.notRegularFile(let kind)):
            return .failure(RunProblem(path: file.path, message: "skipped: it is \(kind), not a regular file"))
        case .failure(.system(let message)):
            return .failure(RunProblem(path: file.path, message: "cannot read: \(message)"))
        }
    }

    static func tooLarge(_ path: String, limit: Int, prefix: [UInt8]) -> FileResult {
        var result = FileResult(path: path)
        let position = ByteText.position(ofByte: limit, in: prefix)
        result.diagnostics = [Diagnostic(
            ruleID: InputRuleID.yamlSyntax, severity: .error,
            message: "the file is larger than \(ByteText.size(limit)) (limits.max-file-size); it was not linted",
            path: path, range: .init(at: position))]
        return result
    }

    /// Sorts results and runs the cross-file rules.
    private func finish(_ result: inout RunResult) {
        result.files.sort { Diagnostic.pathPrecedes($0.path, $1.path) }
        var diagnostics: [Diagnostic] = []
        for file in result.files { diagnostics += file.diagnostics }
        for rule in linter.rules {
            guard let crossFile = rule.asCrossFileRule else { continue }
            let id = type(of: rule).description.id
            var facts: [CrossFileFact] = []
            var levels: [String: Severity] = [:]
            for file in result.files {
                guard let fileFacts = file.facts[id] else { continue }
                facts += fileFacts
                levels[file.path] = file.crossFileSeverity[id]
            }
            guard !facts.isEmpty else { continue }
            for finding in crossFile.finish(facts) {
                let fact = finding.fact
                diagnostics.append(Diagnostic(
                    ruleID: id, severity: levels[fact.path] ?? type(of: rule).description.defaultSeverity,
                    message: finding.message, path: fact.path, range: fact.range, screen: fact.screen,
                    indicator: fact.indicator, yamlPath: fact.yamlPath, value: fact.value))
            }
        }
        diagnostics = applyDeferredSuppressions(diagnostics, files: result.files)
        diagnostics.sort(by: Diagnostic.ordered)
        result.diagnostics = diagnostics
    }

    /// Suppressions of cross-file rules are applied once those rules have reported.
    private func applyDeferredSuppressions(_ diagnostics: [Diagnostic], files: [FileResult]) -> [Diagnostic] {
        let withDeferred = files.filter { !$0.deferredSuppressions.isEmpty }
        guard !withDeferred.isEmpty else { return diagnostics }
        var byPath: [String: [Diagnostic]] = [:]
        var others: [Diagnostic] = []
        let paths = Set(withDeferred.map(\.path))
        for diagnostic in diagnostics {
            if paths.contains(diagnostic.path) { byPath[diagnostic.path, default: []].append(diagnostic) } else {
                others.append(diagnostic)
            }
        }
        for file in withDeferred {
            let own = byPath[file.path] ?? []
            let crossRules = Set(file.deferredSuppressions.flatMap(\.rules))
            let (candidates, rest) = own.partitioned { crossRules.contains($0.ruleID) && file.crossFileSeverity[$0.ruleID] != nil }
            others += rest
            others += linter.apply(file.deferredSuppressions, to: candidates, path: file.path)
        }
        return others
    }
}

extension Array {
    func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = []
        var no: [Element] = []
        for element in self { if belongs(element) { yes.append(element) } else { no.append(element) } }
        return (yes, no)
    }
}

/// Positions and sizes computed from raw bytes.
enum ByteText {
    /// 1-based line and column of the byte at `offset`.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        var characters = 0
        for i in 0..<min(offset, bytes.count) {
            let byte = bytes[i]
            if byte & 0xC0 != 0x80 { characters += 1 }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column, characterOffset: characters)
    }

    static func size(_ bytes: Int) -> String {
        if bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024))MB" }
        if bytes % 1024 == 0 { return "\(bytes / 1024)KB" }
        return "\(bytes) bytes"
    }
}
