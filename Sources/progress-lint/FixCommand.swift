import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters

/// `--fix`, `--unsafe-fixes` and `--diff`: the command's side; the work is ``Fixer`` and ``FixMode``.
extension Lint {
    /// What becomes of standard input that is not a spec: it is always linted, as a named file is
    /// (one `spec-schema` finding at 1:1, nothing for an empty text), except that with
    /// `--force-exclude` a `--stdin-filename` is judged as a named file would be, and skipped
    /// (contract revision 1.3).
    var standardInputNonSpec: NonSpecHandling { forceExclude && stdinFilename != nil ? .skip : .flag }

    /// Whether standard input is left out as a named file would be: `--force-exclude` with a
    /// `--stdin-filename` that the configuration's `include` or `exclude` leaves out.
    func standardInputExcluded(_ runner: LintRunner) -> Bool {
        guard forceExclude, let stdinFilename else { return false }
        let name = FileDiscovery.droppingDotSlash(stdinFilename)
        let resolver = ConfigurationResolver(loader: runner.loader, configPath: runner.configPath)
        guard case .success(let configuration) = resolver.configuration(for: name) else { return false }
        return !resolver.includes(name, configuration: configuration)
    }

    /// `--stdin` with `--fix` or `--diff`: the fixed text goes to standard output (with `--fix`),
    /// and the report is of the fixed text.
    func fixStandardInput(_ runner: LintRunner) -> RunResult {
        let name = FileDiscovery.droppingDotSlash(stdinFilename ?? "<stdin>")
        let resolver = ConfigurationResolver(loader: runner.loader, configPath: runner.configPath)
        guard case .success(let configuration) = resolver.configuration(for: name) else {
            return runner.run(standardInput: name, nonSpec: standardInputNonSpec)
        }
        if standardInputExcluded(runner) {
            // Left out: with --fix, the text goes back as it came (an editor replaces its buffer with it).
            if fix && !diff, let problem = Output.passThroughStandardInput(after: []) {
                Output.standardError("progress-lint: cannot pass standard input through: \(problem)\n")
            }
            return RunResult()
        }
        switch FileReader.readStandardInput(limit: configuration.limits.maxFileSize) {
        case .success(let bytes):
            let outcome = Fixer.fix(bytes, path: name, configuration: configuration, linter: runner.linter,
                                    unsafe: unsafeFixes, nonSpec: standardInputNonSpec)
            for note in outcome.notes { Output.standardError("progress-lint: \(TerminalText.safe(name)): \(note)\n") }
            if fix && !diff {
                // The bytes as they are: an editor replaces its buffer with them, so text that is not
                // UTF-8 (reported as such) goes back unchanged, never repaired.
                _ = outcome.bytes.withUnsafeBytes { Output.writeAll($0, to: 1) }
                return runner.run(standardInput: name, nonSpec: standardInputNonSpec) { _ in .success(outcome.bytes) }
            }
            if outcome.changed {
                runner.fixMode?.recordForStandardInput(path: name, before: bytes, after: outcome.bytes,
                                                       applied: outcome.applied)
            }
            return runner.run(standardInput: name, nonSpec: standardInputNonSpec) { _ in .success(bytes) }
        case .failure(let failure):
            // Too large or unreadable: reported as without --fix. Too large, with --fix, the text
            // is passed through unchanged, read and written 64 KB at a time: an editor that
            // replaces its buffer with standard output must not get an empty one.
            if fix && !diff, case .tooLarge(_, let prefix) = failure {
                if let problem = Output.passThroughStandardInput(after: prefix) {
                    Output.standardError("progress-lint: cannot pass standard input through: \(problem)\n")
                }
            }
            return runner.run(standardInput: name, nonSpec: standardInputNonSpec) { _ in .failure(failure) }
        }
    }

    /// Prints what fixing did (notes on standard error; with `--diff`, the diff on standard
    /// output). Returns true when the command is done (`--diff`), after throwing its exit code.
    func reportFixes(_ mode: FixMode, result: RunResult) throws -> Bool {
        let records = mode.recorded
        for record in records {
            for note in record.notes {
                Output.standardError("progress-lint: \(TerminalText.safe(record.path)): \(note)\n")
            }
        }
        let applied = records.reduce(0) { $0 + $1.applied }
        let files = records.filter { $0.applied > 0 }.count
        guard diff else {
            if applied > 0 {
                Output.standardError("progress-lint: fixed \(applied) finding\(applied == 1 ? "" : "s") in "
                                     + "\(files) file\(files == 1 ? "" : "s")\n")
            }
            return false
        }
        var text = ""
        for record in records where record.applied > 0 {
            text += UnifiedDiff.render(path: record.path, before: record.before, after: record.after)
        }
        Output.standardOutput(text)
        Output.standardError(applied == 0 ? "progress-lint: nothing to fix\n"
            : "progress-lint: would fix \(applied) finding\(applied == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\n")
        if !result.configurationErrors.isEmpty || !result.problems.isEmpty { throw ExitCode(2) }
        if applied > 0 { throw ExitCode(1) }
        return true
    }
}
