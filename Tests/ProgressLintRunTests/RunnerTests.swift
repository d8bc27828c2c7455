#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport
import TestSupport

@Suite struct RunnerTests {
    let clean = "screen: S\nindicators: []\n"

    @Test func foldersAreWalkedForYAMLFilesSkippingHiddenOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yaml", clean)
        try folder.write("sub/b.yml", clean)
        try folder.write("sub/notes.txt", "x")
        try folder.write(".hidden/c.yaml", clean)
        try folder.write(".build/d.yaml", clean)
        let result = runner().run([folder.path])
        #expect(result.files.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") } == ["a.yaml", "sub/b.yml"])
    }

    @Test func theNearestConfigWins() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "rules: {vague-label: error}\n")
        try folder.write("inner/.progress-lint.yml", "rules: {vague-label: off}\n")
        let spec = "screen: S\nindicators: [{id: a, style: bar, determinate: true, label: Loading}]\n"
        try folder.write("outer.yaml", spec)
        try folder.write("inner/inner.yaml", spec)
        let result = runner().run([folder.path])
        let vague = result.diagnostics.filter { $0.ruleID == "vague-label" }
        #expect(vague.count == 1)
        #expect(vague.first?.path.hasSuffix("outer.yaml") == true)
        #expect(vague.first?.severity == .error)
    }

    @Test func aFolderWithoutAConfigTakesTheNearestAboveItAndOneWithAnyConfigNameItsOwn() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "rules: {vague-label: error}\n")
        try folder.write("a/b/d/.progress-lint.yaml", "rules: {vague-label: off}\n")
        let spec = "screen: S\nindicators: [{id: a, style: bar, determinate: true, label: Loading}]\n"
        for name in ["a/b/c/deep.yaml", "a/b/mid.yaml", "a/b/d/own.yaml", "e/linked.yaml"] { try folder.write(name, spec) }
        // A configuration that is a link to nothing is there, and an error, not absent.
        #expect(symlink("gone", folder.path + "/e/.progress-lint.yml") == 0)
        let result = runner().run([folder.path])
        let vague = result.diagnostics.filter { $0.ruleID == "vague-label" }
            .map { String($0.path.dropFirst(folder.path.count + 1)) }
        #expect(vague == ["a/b/c/deep.yaml", "a/b/mid.yaml"])
        #expect(result.configurationErrors.count == 1)
        #expect(result.configurationErrors.first?.path.hasSuffix("e/.progress-lint.yml") == true)
    }

    @Test func includeAndExcludeAreRelativeToTheConfigFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "include: ['specs/**/*.yaml']\nexclude: ['specs/legacy/**']\n")
        try folder.write("specs/a.yaml", clean)
        try folder.write("specs/legacy/b.yaml", clean)
        try folder.write("other/c.yaml", clean)
        let result = runner().run([folder.path])
        #expect(result.files.map { $0.path.hasSuffix("specs/a.yaml") } == [true])
    }

    @Test func aMissingPathIsAProblemAndTheOtherFilesAreStillLinted() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a.yaml", clean)
        let result = runner().run([folder.path + "/missing.yaml", file])
        #expect(result.problems.count == 1)
        #expect(result.files.count == 1)
    }

    @Test func aBrokenConfigIsReportedOnceWithItsPosition() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "rulez: {}\n")
        try folder.write("a.yaml", clean)
        try folder.write("b.yaml", clean)
        let result = runner().run([folder.path])
        #expect(result.configurationErrors.count == 1)
        #expect(result.configurationErrors.first?.position?.line == 1)
        #expect(result.files.isEmpty)
    }

    @Test func aFileOverTheSizeLimitIsOneDiagnostic() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "limits: {max-file-size: 1KB}\n")
        try folder.write("big.yaml", "screen: S\nindicators: []\n" + String(repeating: "# padding\n", count: 200))
        let result = runner().run([folder.path])
        #expect(result.diagnostics.map(\.ruleID) == ["yaml-syntax"])
        #expect(result.diagnostics.first?.message.contains("1KB") == true)
    }

    @Test func standardInputIsReadUpToTheConfiguredLimitAndPastItIsOneDiagnostic() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "limits: {max-file-size: 1KB}\n")
        var asked: [Int] = []
        let over = runner().run(standardInput: folder.path + "/in.yaml") { limit in
            asked.append(limit)
            return .failure(.tooLarge(limit: limit, prefix: Array(self.clean.utf8) + Array(repeating: 0x23, count: 1000)))
        }
        #expect(asked == [1024])
        #expect(over.diagnostics.map(\.ruleID) == ["yaml-syntax"])
        #expect(over.diagnostics.first?.message == "the file is larger than 1KB (limits.max-file-size); it was not linted")
        #expect(over.diagnostics.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "3:1000")
        let byDefault = runner().run(standardInput: "in.yaml") { limit in
            asked.append(limit)
            return .success(Array(self.clean.utf8))
        }
        #expect(asked.last == 10 * 1024 * 1024)
        #expect(byDefault.files.count == 1 && byDefault.diagnostics.isEmpty)
        let failed = runner().run(standardInput: "in.yaml") { _ in .failure(.system("Input/output error")) }
        #expect(failed.problems.map(\.description) == ["in.yaml: cannot read standard input: Input/output error"])
    }

    @Test func standardInputsCrossFileFindingsShowItsOwnLinesNotThoseOfAFileOfItsName() throws {
        let folder = try TemporaryFolder()
        let screens = ["Library", "Albums", "Photos"].enumerated().map { index, name in
            "screen: \(name)\nindicators:\n  - {id: i\(index), style: spinner, task: sync, label: Syncing photos, "
                + "location: \(index == 2 ? "toolbar" : "navigation-bar")}\n"
        }
        let text = "platform: ios\n" + screens.joined(separator: "---\n")
        // A file of the same name on disk holds other text (an index's copy read while the working tree changed).
        try folder.write("in.yaml", String(repeating: "# other\n", count: 20))
        let result = runner().run(standardInput: folder.path + "/in.yaml") { _ in .success(Array(text.utf8)) }
        let found = try #require(result.diagnostics.first { $0.ruleID == "consistent-location" })
        #expect(found.source?.text.contains("location: toolbar") == true)
    }

    @Test func theReaderTakesTheLargestLimitAndAFileLongerThanItsReportedSize() throws {
        // /proc files report a size of 0 and hold more; `limit + 1` must not overflow.
        guard case .success(let bytes) = FileReader.read(SpecFile(path: "/proc/self/status"), limit: Int.max) else {
            Issue.record("could not read /proc/self/status")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
        guard case .failure(.tooLarge(let limit, let prefix)) = FileReader.read(SpecFile(path: "/proc/self/status"), limit: 10)
        else {
            Issue.record("expected tooLarge")
            return
        }
        #expect(limit == 10 && prefix.count == 11)
        #expect(FileReader.read(SpecFile(path: "/proc/self/status"), limit: Int.min) == .failure(.tooLarge(limit: 0, prefix: [0x4E])))
    }

    @Test func jobsAreClampedToTheMaximum() {
        #expect(runner(jobs: Int.max).jobs == LintRunner.maxJobs)
        #expect(runner(jobs: Int.min).jobs == 1)
        #expect(LintRunner.maxJobs == 64)
    }

    @Test func parallelRunsGiveTheSameOutputInTheSameOrder() throws {
        let folder = try TemporaryFolder()
        for i in 0..<40 {
            try folder.write("f\(i % 7)/s\(i).yaml",
                             "screen: S\(i)\nindicators: [{id: a, style: spinner, label: Loading, presentation: overlay}]\n")
        }
        let one = runner(jobs: 1).run([folder.path]).diagnostics
        let four = runner(jobs: 4).run([folder.path]).diagnostics
        #expect(one == four)
        #expect(!one.isEmpty)
    }

    @Test func aFileNamedTwiceIsLintedOnce() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a.yaml", clean)
        try folder.write("b.yaml", clean)
        let result = runner(jobs: 2).run([folder.path, file])
        #expect(result.files.count == 2)
    }

    @Test func aFileNamedTwiceWithDotAndDoubleSlashSegmentsIsLintedOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("a/b/x.yaml", clean)
        let result = runner(jobs: 2).run([folder.path + "/a/b/x.yaml", folder.path + "/./a/b/x.yaml",
                                          folder.path + "//a/./b//x.yaml", folder.path + "/./a"])
        #expect(result.files.count == 1)
        #expect(result.files.path(at: 0) == folder.path + "/a/b/x.yaml")
    }

    @Test func crossFileTiesAndProblemsFollowThePathsNotTheWorkers() throws {
        let folder = try TemporaryFolder()
        // Two screens draw the same task at different locations: a tie that the first file wins.
        for i in 0..<30 {
            let location = i == 0 ? "toolbar" : i == 1 ? "navigation-bar" : "content"
            try folder.write("s\(i / 10)/f\(i).yaml", """
                screen: S\(i)
                indicators: [{id: a, style: spinner, task: task\(i < 2 ? "" : String(i)), location: \(location)}]
                """)
        }
        let paths = [folder.path + "/missing-1.yaml", folder.path, folder.path + "/missing-2.yaml"]
        let one = runner(jobs: 1).run(paths)
        for jobs in [2, 3, 8] {
            let many = runner(jobs: jobs).run(paths)
            #expect(many.diagnostics == one.diagnostics)
            #expect(many.problems == one.problems)
            #expect(Array(many.files) == Array(one.files))
        }
        #expect(one.problems.map { $0.path.hasSuffix("missing-1.yaml") } == [true, false])
        let location = one.diagnostics.filter { $0.ruleID == "consistent-location" }
        #expect(location.map { $0.path.hasSuffix("s0/f1.yaml") } == [true])
    }

    @Test func aFolderIsWalkedInTheReportsPathOrderSoNothingIsSorted() throws {
        let folder = try TemporaryFolder()
        for name in ["b/x.yaml", "b.yaml", "b-c.yaml", "a/z/y.yaml", "a.yml", "B.yaml", "b0.yaml"] {
            try folder.write(name, clean)
        }
        let result = runner(jobs: 3).run([folder.path])
        let names = result.files.map { String($0.path.dropFirst(folder.path.count + 1)) }
        #expect(names == ["B.yaml", "a.yml", "a/z/y.yaml", "b-c.yaml", "b.yaml", "b/x.yaml", "b0.yaml"])
        #expect(result.files.isInOrderAdded)
    }
}
