import Foundation
import TestSupport
import Testing

/// Runs the built `progress-lint` binary as users do.
@Suite struct CommandTests {
    static let binary: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("progress-lint").path),
              folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("progress-lint")
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    in directory: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_ACTIONS")
        // The cache stays on, in a folder of its own, out of the trees tests compare.
        env["PROGRESS_LINT_CACHE_DIR"] = cacheFolder
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                   stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// The cache the runs of these tests share (`PROGRESS_LINT_CACHE_DIR`): beside the temporary folders.
    static let cacheFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("pl-e2e-cache-\(ProcessInfo.processInfo.processIdentifier)").path

    static func temporaryFolder() throws -> String {
        try TestFolders.temporary(prefix: "pl-e2e").path
    }

    /// A new temporary folder holding `files` (relative path → text), subfolders made as needed.
    static func folder(_ files: [String: String]) throws -> String {
        let dir = try temporaryFolder()
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    let bad = "screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"
    let clean = "screen: S\nindicators: []\n"

    @Test func exitsZeroWhenCleanOneOnErrorsTwoOnUsage() throws {
        let dir = try Self.temporaryFolder()
        try clean.write(toFile: dir + "/ok.yaml", atomically: true, encoding: .utf8)
        try bad.write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        #expect(try Self.run([dir + "/ok.yaml"]).status == 0)
        let failing = try Self.run([dir])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("bad.yaml:3:5: error: indicator 'a' blocks the screen"))
        #expect(try Self.run(["--format", "nope", dir]).status == 2)
        #expect(try Self.run(["--no-such-flag"]).status == 2)
    }

    @Test func anUnreadablePathExitsTwoButTheOthersAreLinted() throws {
        let dir = try Self.temporaryFolder()
        try bad.write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        let run = try Self.run([dir + "/missing.yaml", dir + "/bad.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("missing.yaml"))
        #expect(run.stdout.contains("bad.yaml:3:5"))
    }

    @Test func jsonFormatIsValidJSONWithExactPositions() throws {
        let dir = try Self.temporaryFolder()
        try bad.write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        let run = try Self.run(["--format", "json", dir + "/bad.yaml"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let vague = try #require(diagnostics.first { $0["rule"] as? String == "vague-label" })
        #expect(vague["line"] as? Int == 3)
        #expect(vague["column"] as? Int == 59)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let dir = try Self.temporaryFolder()
        try bad.write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        let piped = try Self.run([dir + "/bad.yaml"])
        #expect(!piped.stdout.contains("\u{1B}["))
    }

    @Test func standardInputIsLintedUnderTheGivenName() throws {
        let run = try Self.run(["--stdin", "--stdin-filename", "specs/x.yaml"], stdin: bad)
        #expect(run.status == 1)
        #expect(run.stdout.contains("specs/x.yaml:3:5: error:"))
    }

    @Test func rulesAndExplainDescribeTheRules() throws {
        let rules = try Self.run(["rules"])
        #expect(rules.status == 0)
        #expect(rules.stdout.contains("vague-label"))
        let explain = try Self.run(["explain", "vague-label"])
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("vague-label: Vague label"))
        #expect(try Self.run(["explain", "vage-label"]).stderr.contains("did you mean `vague-label`"))
    }

    @Test func explainSuggestsARuleAsTheConfigurationDoesWhateverItsCase() throws {
        // One "did you mean" for rule names: case, `_` and `-` do not count, and a far-off name gets no guess.
        #expect(try Self.run(["explain", "VAGUE_LABEL"]).stderr.contains("did you mean `vague-label`"))
        for far in ["label", "vague-labelling"] {
            let run = try Self.run(["explain", far])
            #expect(run.status == 2)
            #expect(!run.stderr.contains("did you mean"), "\(far): \(run.stderr)")
        }
    }

    @Test func anUnwritableOutputExitsTwoAndLeavesNoFile() throws {
        let dir = try Self.temporaryFolder()
        try clean.write(toFile: dir + "/ok.yaml", atomically: true, encoding: .utf8)
        let run = try Self.run(["--output", dir + "/no/such/folder/report.txt", dir + "/ok.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write \(dir)/no/such/folder/report.txt: No such file or directory"))
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ok.yaml"])
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try Self.run(["--output", "/dev/full", dir + "/ok.yaml"])
            #expect(full.status == 2)
            #expect(full.stderr.contains("progress-lint: cannot write /dev/full: No space left on device"))
            #expect(full.stdout.isEmpty)
        }
    }

    @Test func aReportThatCannotBeWrittenMakesTheOthersSayTheRunFailed() throws {
        let dir = try Self.temporaryFolder()
        try clean.write(toFile: dir + "/ok.yaml", atomically: true, encoding: .utf8)
        let missing = dir + "/no/such/folder/report.sarif"
        let run = try Self.run(["--format", "json", "--output", dir + "/report.json", "--format", "sarif",
                                "--output", missing, "--format", "text", dir + "/ok.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write \(missing): No such file or directory"), "\(run.stderr)")
        // The report that could be written records the failure instead of saying the run succeeded.
        let json = try String(contentsOfFile: dir + "/report.json", encoding: .utf8)
        #expect(json.contains("\"ok\": false"), "\(json)")
        #expect(json.contains("\"message\": \"cannot write the report: No such file or directory\""), "\(json)")
        #expect(run.stdout.contains("; 1 report could not be written (the run failed"), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["ok.yaml", "report.json"])
    }
}

extension CommandTests {
    @Test func aFolderWithNoSpecsIsAnErrorUnlessUnmatchedPatternsAreAllowed() throws {
        let dir = try Self.temporaryFolder()
        try "not a spec".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let run = try Self.run([dir])
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: \(dir): no *.yaml or *.yml spec files in this folder"))
        #expect(run.stderr.contains("--no-error-on-unmatched-pattern"))
        #expect(!run.stdout.contains("no problems"))
        let allowed = try Self.run(["--no-error-on-unmatched-pattern", dir])
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("progress-lint: note: \(dir): no *.yaml or *.yml spec files in this folder"))
        #expect(allowed.stdout.contains("no problems in 0 files"))
        // With no arguments the current folder is linted: no spec there is exit 2 too, as in ESLint.
        let bare = try Self.run([], in: dir)
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("progress-lint: .: no *.yaml or *.yml spec files in this folder"))
    }
}
