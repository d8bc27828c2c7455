import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `progress-lint [PATH…]`: lint spec files and folders.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint spec files and folders (the default command)."
    )

    @Argument(help: "Spec files or folders to lint (folders are searched for *.yaml and *.yml); - reads standard input.")
    var paths: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Output format: \(Reporters.all.map { $0.name }.joined(separator: ", ")) (default text). Repeatable.",
        discussion: "Each --format takes the --output that follows it; a format without one goes to standard output."))
    var format: [String] = []

    @Option(name: .shortAndLong, help: "Write the preceding --format's report to this file (atomically).")
    var output: [String] = []

    @Option(name: .shortAndLong, help: "Use this configuration file instead of finding .progress-lint.yml.")
    var config: String?

    @Flag(name: .shortAndLong, help: ArgumentHelp(
        "Report errors only: warnings and infos are hidden from every format.",
        discussion: "--max-warnings then counts the warnings reported, that is none."))
    var quiet = false

    @Option(name: .shortAndLong, help: "Files linted at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Read the spec from standard input.")
    var stdin = false

    @Option(help: "With --stdin or -: the path to report and to find the configuration from.")
    var stdinFilename: String?

    @Flag(help: "Apply the config's include/exclude to files named on the command line too (for pre-commit).")
    var forceExclude = false

    @Option(help: "Hide the findings accepted in this baseline file (keyed by file, rule and YAML path).")
    var baseline: String?

    @Option(help: "Write every current finding to this baseline file, then report as if they were accepted.")
    var writeBaseline: String?

    @Option(help: ArgumentHelp(
        "With --format html: mark the findings new since this earlier --format json report, and list those fixed.",
        valueName: "previous.json"))
    var compare: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Exit 1 when more than this many warnings are reported; -1 means no limit.",
        discussion: "Counts the warnings the report shows: with --quiet, none."))
    var maxWarnings: Int?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Exit 2 when a folder given holds no spec to lint (none there, or include/exclude leave all out).",
        discussion: "With --no-error-on-unmatched-pattern that is a note on standard error instead."))
    var errorOnUnmatchedPattern = true

    @Option(help: "Print the effective configuration for this file, as YAML, and exit.")
    var printConfig: String?

    @Flag(help: "Print the files that would be linted, one per line, and exit.")
    var listFiles = false

    @Option(help: ArgumentHelp(
        "Count columns in char (Unicode characters), utf16 (VS Code) or byte (Vim) (default char).",
        valueName: "unit"))
    var columnUnit: String = ColumnUnit.char.rawValue

    @Option(help: ArgumentHelp(
        "Colour the text report: auto (a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR forces it), always or never.",
        valueName: "when"))
    var color: String = "auto"

    @Flag(help: "After the report, print how many findings each rule reported.")
    var statistics = false

    @Flag(help: "Exit 0 even when errors are reported (still 2 for usage and configuration problems).")
    var exitZero = false

    /// `--stdin`, or `-` as the only path (as in Ruff and ESLint).
    var readsStandardInput: Bool { stdin || paths == ["-"] }

    @Flag(help: "Apply the safe fixes to the files (with --stdin: write the fixed text to standard output).")
    var fix = false

    @Flag(help: "Count unsafe fixes as available: --fix and --diff apply them too.")
    var unsafeFixes = false

    @Flag(help: "Print a unified diff of what --fix would change, write nothing; exit 1 when there is something to fix.")
    var diff = false

    @Flag(help: ArgumentHelp(
        "Lint every file afresh: neither read nor write the cache.",
        discussion: "The cache keeps each file's results between runs (see docs/cache.md)."))
    var noCache = false

    @Option(help: ArgumentHelp(
        "Keep the cache in this folder (default: PROGRESS_LINT_CACHE_DIR, else .progress-lint-cache beside the nearest .progress-lint.yml).",
        valueName: "dir"))
    var cacheDir: String?

    func validate() throws {
        for name in format where Reporters.named(name) == nil {
            throw ValidationError("unknown format '\(name)'; use one of "
                                  + Reporters.all.map { $0.name }.joined(separator: ", "))
        }
        _ = try targets()
        if !["auto", "always", "never"].contains(color) {
            throw ValidationError("unknown --color '\(color)'; use auto, always or never")
        }
        if ColumnUnit(rawValue: columnUnit) == nil {
            throw ValidationError("unknown --column-unit '\(columnUnit)'; use one of "
                                  + ColumnUnit.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxWarnings, maxWarnings < -1 {
            throw ValidationError("--max-warnings must be 0 or more, or -1 for no limit")
        }
        if paths.count > 1 && paths.contains("-") {
            throw ValidationError("- reads standard input; give it alone, not with other paths (./- names a file called -)")
        }
        if stdinFilename != nil && !readsStandardInput {
            throw ValidationError("--stdin-filename goes with --stdin or -")
        }
        if stdin && !paths.isEmpty { throw ValidationError("give either --stdin or paths, not both") }
        if readsStandardInput && listFiles { throw ValidationError("--list-files lists paths; it does not go with --stdin or -") }
        // Held to the rule of the config's `docs-url:` (which is a configuration error): the address
        // ends up in the reports' links.
        if let docs = Output.environment(Tool.docsURLVariable), !docs.isEmpty, !Configuration.isDocsURL(docs) {
            throw ValidationError("\(Tool.docsURLVariable) is `\(TerminalText.safe(docs))`: give the http or https "
                                  + "address where your copy of the rule pages is published, or unset it")
        }
    }

    func targets() throws -> [ReportTarget] {
        do {
            return try ReportTarget.plan(
                formats: format, outputs: output, arguments: Array(CommandLine.arguments.dropFirst()),
                githubActions: Output.environment("GITHUB_ACTIONS") == "true")
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let jobs, jobs > LintRunner.maxJobs {
            Output.standardError("progress-lint: note: --jobs \(jobs) is more than \(LintRunner.maxJobs); "
                                 + "using \(LintRunner.maxJobs)\n")
        }
        var runner = LintRunner(
            linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions),
            configPath: config, jobs: jobs ?? max(1, cores))
        if let printConfig { return try printConfiguration(for: printConfig) }
        if listFiles { return try listPlannedFiles(runner) }
        // Never a report or baseline over a spec: checked before linting, and again before writing.
        let writes = try targets().compactMap { t in t.output.map { OutputGuard.Write(format: t.format, path: $0) } }
            + (writeBaseline.map { [OutputGuard.Write(format: nil, path: $0)] } ?? [])
        let stdin = readsStandardInput
        let named = stdin ? [stdinFilename].compactMap { $0 } : paths
        try OutputGuard.check(writes, linted: named, reading: baseline)
        // The run's workers compare each file they take with the targets (no `stat` of every file after it).
        runner.watchedFiles = OutputGuard.targets(writes)

        if fix || diff { runner.fixMode = FixMode(unsafe: unsafeFixes, write: fix && !diff) }
        // Standard input is never cached; --fix and --diff lint every file afresh.
        var madeCacheFolders: [String] = []
        if !stdin && !noCache && runner.fixMode == nil { (runner.cache, madeCacheFolders) = openCache() }
        var result: RunResult
        if stdin && (fix || diff) {
            result = fixStandardInput(runner)
        } else if stdin && standardInputExcluded(runner) {
            // Left out by `include`/`exclude`, as the named file would be with --force-exclude.
            result = RunResult()
        } else if stdin {
            result = runner.run(standardInput: FileDiscovery.droppingDotSlash(stdinFilename ?? "<stdin>"),
                                             nonSpec: standardInputNonSpec)
        } else {
            result = runner.run(paths.isEmpty ? ["."] : paths, filterNamedFiles: forceExclude)
        }
        if let cache = runner.cache, result.files.count == 0, !madeCacheFolders.isEmpty {
            // A run that linted nothing makes no cache folder (contract revision 1.3).
            cache.abandon()
            CacheFolder.remove(made: madeCacheFolders)
        } else if let cache = runner.cache, let failure = cache.save() {
            Output.standardError("progress-lint: note: cannot write the cache in \(TerminalText.safe(cache.folder)): "
                                 + "\(failure); this run's results were not kept\n")
        }
        takeUnmatched(&result)
        reportProblems(result)
        // Were a target made during the run, the linted paths are read one at a time, never gathered
        // into an array (a large run has many).
        let files = result.files
        try OutputGuard.check(
            writes, watched: runner.watchedFiles, taken: result.watchedFilesTaken, named: named,
            linted: { [AnySequence(files.indices.lazy.map { files.path(at: $0) }), AnySequence(named)].joined() },
            reading: baseline)
        try applyBaseline(to: &result)
        if let mode = runner.fixMode, try reportFixes(mode, result: result) { return }

        var context = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet,
                                    columnUnit: ColumnUnit(rawValue: columnUnit) ?? .char)
        context.unsafeFixes = unsafeFixes
        context.jobs = runner.jobs
        context.docsURL = Configuration.effectiveDocsURL(configured: result.docsURL,
                                                          environment: Output.environment(Tool.docsURLVariable))
        context.previous = try previousReport()
        let allTargets = try targets()
        // Reports to files first, all or none: one that cannot be written makes the run a failure
        // that the others then record, rather than leaving them saying it succeeded.
        let failedWrite = !fileReports.write(allTargets, result: &result, context: context).isEmpty
        for target in allTargets where target.output == nil {
            var targetContext = context
            targetContext.color = Output.wantsColor(color)
                && [TextReporter.name, ConciseReporter.name].contains(target.format)
            let reporter = Reporters.named(target.format)!
            // With --stdin --fix, standard output carries the fixed text only.
            _ = Output.stream(to: stdin && fix ? 2 : 1) { reporter.write(result, context: targetContext, to: &$0) }
        }

        if statistics { printStatistics(result, context: context) }

        let status = RunExitStatus(result, failedWrite: failedWrite, quiet: quiet, exitZero: exitZero,
                                   maxWarnings: maxWarnings)
        if let message = status.message { Output.standardError("progress-lint: \(message)\n") }
        // Everything is written (`Output` writes straight to its descriptors): the process ends
        // here, with the run's findings, storage and cache still held, as a compiler does. Freeing
        // them one by one costs a warm run time and changes nothing (Benchmarks/README.md).
        Output.end(status.code)
    }

    /// The cache (``LintCache``) in `--cache-dir`, `PROGRESS_LINT_CACHE_DIR` or the default folder; nil,
    /// with a note on standard error, when it cannot be used (the run goes on without it).
    /// Also the folders that opening it made (``CacheFolder/missing(_:)``).
    private func openCache() -> (LintCache?, made: [String]) {
        let environment = Output.environment("PROGRESS_LINT_CACHE_DIR")
        let folder = CacheFolder.resolve(option: cacheDir, environment: environment,
                                         workingDirectory: SystemCalls.currentDirectory() ?? ".")
        let missing = CacheFolder.missing(folder)
        switch LintCache.load(folder: folder, root: CacheFolder.root(of: folder, option: cacheDir, environment: environment)) {
        case .success(let cache):
            return (cache, missing)
        case .failure(let unavailable):
            Output.standardError("progress-lint: note: \(TerminalText.safe(unavailable.description))\n")
            return (nil, [])
        }
    }

    /// `--statistics`: after the report, on standard output unless a machine-readable report is written there.
    private func printStatistics(_ result: RunResult, context: ReportContext) {
        let text = RuleStatistics.render(context.report(result), rules: context.rules)
        let machineOnStandardOutput = (try? targets())?.contains {
            $0.output == nil && ![TextReporter.name, ConciseReporter.name].contains($0.format)
        } ?? false
        if machineOnStandardOutput { Output.standardError(text) } else { Output.standardOutput(text) }
    }

    /// Folders in which nothing was linted are problems (exit 2, in every report), or with
    /// `--no-error-on-unmatched-pattern` notes on standard error (``RunResult/takeUnmatched(asProblems:)``).
    private func takeUnmatched(_ result: inout RunResult) {
        for problem in result.takeUnmatched(asProblems: errorOnUnmatchedPattern) {
            Output.standardError("progress-lint: note: \(TerminalText.safe(problem.description))\n")
        }
    }

    /// The `--output` reports, written through ``Output``'s atomic file writes (``FileReports``
    /// holds the rule: all or none, a failure recorded by the others, devices last); each failure
    /// is printed when it happens.
    private var fileReports: FileReports<Output.Staged> {
        func failure(_ error: OutputError) -> FileReports<Output.Staged>.Failure {
            .init(path: error.path, reason: error.reason)
        }
        return FileReports(
            stage: { path, body throws(FileReports<Output.Staged>.Failure) in
                do throws(OutputError) { return try Output.stage(to: path, body) } catch { throw failure(error) }
            },
            commit: { staged throws(FileReports<Output.Staged>.Failure) in
                do throws(OutputError) { try Output.commit(staged) } catch { throw failure(error) }
            },
            discard: Output.discard,
            isDevice: Output.isDevice,
            writeInPlace: { path, body throws(FileReports<Output.Staged>.Failure) in
                do throws(OutputError) { try Output.stream(to: path, body) } catch { throw failure(error) }
            },
            failed: { error in
                Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            })
    }

    private func reportProblems(_ result: RunResult) {
        for error in result.configurationErrors {
            Output.standardError("progress-lint: configuration error: \(TerminalText.safe(error.description))\n")
        }
        for problem in result.problems {
            Output.standardError("progress-lint: \(TerminalText.safe(problem.description))\n")
        }
    }

    /// `--write-baseline` records every finding (keeping the entries of files this run did not lint);
    /// `--baseline` hides the recorded ones and notes stale entries (``BaselineStep``). Its notes and
    /// failures are printed here; a failure is exit 2.
    private func applyBaseline(to result: inout RunResult) throws {
        guard let step = BaselineStep(
            baseline: baseline, writeBaseline: writeBaseline, loader: ConfigurationLoader(rules: RuleRegistry.descriptions),
            configPath: config,
            write: { text, path throws(BaselineStep.Failure) in
                do throws(OutputError) {
                    try Output.write(text, to: path)
                } catch {
                    throw .cannotWrite(path: error.path, reason: error.reason)
                }
            })
        else { return }
        do throws(BaselineStep.Failure) {
            for note in try step.apply(to: &result) {
                Output.standardError("progress-lint: \(TerminalText.safe(note.description))\n")
            }
        } catch {
            Output.standardError("progress-lint: \(TerminalText.safe(error.description))\n")
            throw ExitCode(2)
        }
    }

    private func printConfiguration(for path: String) throws {
        let resolver = ConfigurationResolver(loader: ConfigurationLoader(rules: RuleRegistry.descriptions), configPath: config)
        switch resolver.configuration(for: path) {
        case .success(let configuration):
            Output.standardOutput(ConfigurationText.render(configuration, for: path, rules: RuleRegistry.descriptions))
        case .failure(let error):
            Output.standardError("progress-lint: configuration error: \(TerminalText.safe(error.description))\n")
            throw ExitCode(2)
        }
    }

    private func listPlannedFiles(_ runner: LintRunner) throws {
        var (files, planned) = runner.plan(paths.isEmpty ? ["."] : paths, filterNamedFiles: forceExclude)
        takeUnmatched(&planned)
        // YAML found in folders that is not a spec is listed too, marked: it would be skipped.
        Output.standardOutput(files.map {
            TerminalText.lineStart(TerminalText.safe($0.file.path)) + ($0.skipped ? " (skipped: not a spec)" : "") + "\n"
        }.joined())
        reportProblems(planned)
        if !planned.configurationErrors.isEmpty || !planned.problems.isEmpty { throw ExitCode(2) }
    }
}
