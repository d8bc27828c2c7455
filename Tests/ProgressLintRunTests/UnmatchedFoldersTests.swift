import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport
import TestSupport

/// Folders named on the command line in which nothing was linted: problems of the run, or notes
/// with `--no-error-on-unmatched-pattern`.
@Suite struct UnmatchedFoldersTests {
    func unmatchedRun() throws -> (TemporaryFolder, RunResult) {
        let folder = try TemporaryFolder()
        let result = runner().run([folder.path], filterNamedFiles: false)
        return (folder, result)
    }

    @Test func anUnmatchedFolderIsAProblemSayingHowToMakeItANote() throws {
        let (folder, run) = try unmatchedRun()
        var result = run
        let found = result.unmatched
        #expect(found.count == 1)
        let notes = result.takeUnmatched(asProblems: true)
        #expect(notes.isEmpty)
        #expect(result.unmatched.isEmpty)
        #expect(result.problems.map(\.path) == [folder.path])
        #expect(result.problems.map(\.message) == found.map { $0.message + ", or pass --no-error-on-unmatched-pattern" })
        #expect(result.problems.allSatisfy { $0.kind == .nothingToLint })
        #expect(!result.isComplete)
    }

    @Test func withTheFlagAnUnmatchedFolderIsANoteNotAProblem() throws {
        let (folder, run) = try unmatchedRun()
        var result = run
        let found = result.unmatched
        let notes = result.takeUnmatched(asProblems: false)
        #expect(notes == found)
        #expect(notes.map(\.path) == [folder.path])
        #expect(!notes[0].message.contains("--no-error-on-unmatched-pattern"))
        #expect(result.unmatched.isEmpty)
        #expect(result.problems.isEmpty)
        #expect(result.isComplete)
    }

    @Test func unmatchedFoldersJoinTheProblemsAlreadyThere() {
        var result = RunResult()
        result.problems = [RunProblem(path: "a.yaml", message: "cannot be read")]
        result.unmatched = [RunProblem(path: "empty", message: "no spec files")]
        #expect(result.takeUnmatched(asProblems: true).isEmpty)
        #expect(result.problems.map(\.description)
                == ["a.yaml: cannot be read", "empty: no spec files, or pass --no-error-on-unmatched-pattern"])
    }

    @Test func aRunWithNothingUnmatchedIsLeftAsItWas() {
        var result = RunResult()
        #expect(result.takeUnmatched(asProblems: true).isEmpty)
        #expect(result.takeUnmatched(asProblems: false).isEmpty)
        #expect(result.problems.isEmpty)
    }
}
