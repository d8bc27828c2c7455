import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML
import Testing

/// The exit code of a lint run and the `--max-warnings` message, decided from its result.
@Suite struct RunExitStatusTests {
    func finding(_ severity: Severity, line: Int = 1) -> Diagnostic {
        Diagnostic(ruleID: "vague-label", severity: severity, message: "a finding", path: "a.yaml",
                   range: SourceRange(at: SourcePosition(line: line, column: 1)))
    }

    func result(errors: Int = 0, warnings: Int = 0, infos: Int = 0) -> RunResult {
        var line = 0
        func some(_ severity: Severity, _ count: Int) -> [Diagnostic] {
            (0..<count).map { _ in line += 1; return finding(severity, line: line) }
        }
        return RunResult(files: [], diagnostics: some(.error, errors) + some(.warning, warnings) + some(.info, infos))
    }

    func status(_ result: RunResult, failedWrite: Bool = false, quiet: Bool = false, exitZero: Bool = false,
                maxWarnings: Int? = nil) -> RunExitStatus {
        RunExitStatus(result, failedWrite: failedWrite, quiet: quiet, exitZero: exitZero, maxWarnings: maxWarnings)
    }

    @Test func aCleanRunExitsZeroWithoutAMessage() {
        #expect(status(result()) == RunExitStatus(code: 0))
        #expect(status(result(warnings: 3, infos: 2)) == RunExitStatus(code: 0))
    }

    @Test func errorsExitOneUnlessExitZero() {
        #expect(status(result(errors: 1)) == RunExitStatus(code: 1))
        #expect(status(result(errors: 1), exitZero: true) == RunExitStatus(code: 0))
    }

    @Test func runProblemsConfigurationErrorsAndAFailedWriteExitTwoEvenWithExitZero() {
        var problem = result(errors: 1, warnings: 5)
        problem.problems = [RunProblem(path: "specs", message: "cannot be read")]
        #expect(status(problem, exitZero: true, maxWarnings: 0) == RunExitStatus(code: 2))
        var configuration = result()
        configuration.configurationErrors = [ConfigurationError(path: ".progress-lint.yml", position: nil, message: "unknown key 'x'")]
        #expect(status(configuration, exitZero: true) == RunExitStatus(code: 2))
        #expect(status(result(), failedWrite: true, exitZero: true) == RunExitStatus(code: 2))
    }

    @Test func moreWarningsThanMaxWarningsExitOneWithTheMessage() {
        let over = status(result(warnings: 3), maxWarnings: 2)
        #expect(over == RunExitStatus(code: 1, message: "3 warnings, more than --max-warnings 2"))
        #expect(status(result(warnings: 2), maxWarnings: 2) == RunExitStatus(code: 0))
        #expect(status(result(warnings: 1), maxWarnings: 0).code == 1)
    }

    @Test func maxWarningsMinusOneOrAbsentMeansNoLimit() {
        #expect(status(result(warnings: 1000), maxWarnings: -1) == RunExitStatus(code: 0))
        #expect(status(result(warnings: 1000), maxWarnings: nil) == RunExitStatus(code: 0))
    }

    @Test func maxWarningsCountsWhatTheReportShowsSoNoneWithQuiet() {
        #expect(status(result(warnings: 4), quiet: true, maxWarnings: 0) == RunExitStatus(code: 0))
        #expect(status(result(warnings: 4, infos: 9), maxWarnings: 3)
                == RunExitStatus(code: 1, message: "4 warnings, more than --max-warnings 3"))
    }

    @Test func exitZeroStillPrintsTheMaxWarningsMessage() {
        #expect(status(result(warnings: 2), exitZero: true, maxWarnings: 1)
                == RunExitStatus(code: 0, message: "2 warnings, more than --max-warnings 1"))
        #expect(status(result(errors: 1, warnings: 2), exitZero: true, maxWarnings: 1)
                == RunExitStatus(code: 0, message: "2 warnings, more than --max-warnings 1"))
    }

    @Test func errorsExitOneWithoutTheMaxWarningsMessage() {
        #expect(status(result(errors: 1, warnings: 5), maxWarnings: 0) == RunExitStatus(code: 1))
    }
}
