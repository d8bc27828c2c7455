import ArgumentParser
import ProgressLintCore
import ProgressLintReporters
import ProgressLintRules

#if canImport(Glibc)
import Glibc
#endif

/// `progress-lint [PATH…]`: lint spec files and folders.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint spec files and folders (the default command)."
    )

    @Argument(help: "Spec files or folders to lint (folders are searched for *.yaml and *.yml).")
    var paths: [String] = []

    @Option(name: .shortAndLong, help: "Output format: \(Reporters.all.map { $0.name }.joined(separator: ", ")).")
    var format: String = "text"

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(name: .shortAndLong, help: "Use this configuration file instead of finding .progress-lint.yml.")
    var config: String?

    @Flag(name: .shortAndLong, help: "Report errors only.")
    var quiet = false

    @Option(name: .shortAndLong, help: "Files linted at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Read the spec from standard input.")
    var stdin = false

    @Option(help: "With --stdin: the path to report and to find the configuration from.")
    var stdinFilename: String?

    func validate() throws {
        guard Reporters.named(format) != nil else {
            throw ValidationError("unknown format '\(format)'; use one of "
                                  + Reporters.all.map { $0.name }.joined(separator: ", "))
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if stdinFilename != nil && !stdin { throw ValidationError("--stdin-filename goes with --stdin") }
        if stdin && !paths.isEmpty { throw ValidationError("give either --stdin or paths, not both") }
    }

    func run() throws {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let runner = LintRunner(
            linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader(),
            configPath: config, jobs: jobs ?? max(1, cores))
        let result: RunResult
        if stdin {
            let name = stdinFilename ?? "<stdin>"
            switch FileReader.readStandardInput(limit: 256 * 1024 * 1024) {
            case .success(let bytes): result = runner.run(standardInput: bytes, as: name)
            case .failure:
                Output.standardError("progress-lint: cannot read standard input\n")
                throw ExitCode(2)
            }
        } else {
            result = runner.run(paths.isEmpty ? ["."] : paths)
        }

        for error in result.configurationErrors {
            Output.standardError("progress-lint: configuration error: \(TerminalText.safe(error.description))\n")
        }
        for problem in result.problems {
            Output.standardError("progress-lint: \(TerminalText.safe(problem.description))\n")
        }

        let reporter = Reporters.named(format)!
        let color = output == nil && format == "text" && Output.wantsColor
        let context = ReportContext(rules: RuleRegistry.descriptions, color: color, quiet: quiet)
        let text = reporter.render(result, context: context)
        if let output {
            do {
                try Output.write(text, to: output)
            } catch {
                Output.standardError("progress-lint: cannot write \(error.path): \(error.reason)\n")
                throw ExitCode(2)
            }
        } else {
            Output.standardOutput(text)
        }

        if !result.configurationErrors.isEmpty || !result.problems.isEmpty { throw ExitCode(2) }
        if result.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
