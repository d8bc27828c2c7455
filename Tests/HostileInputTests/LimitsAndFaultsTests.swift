import Foundation
@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `limits:` in `.progress-lint.yml`, lower and higher than the defaults.
@Suite struct LimitsTests {
    /// Lints `name` in a folder whose config sets `limits`.
    func lint(_ name: String, _ bytes: [UInt8], limits: String?) throws -> Hostile.Run {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if let limits { try Hostile.write("limits:\n" + limits, to: dir + "/.progress-lint.yml") }
        try Hostile.write(bytes, to: dir + "/" + name)
        // Named, not found in the folder: YAML that is not shaped like a spec (a bare list, a
        // mapping of aliases) is linted only when named.
        var run = try Hostile.run([dir + "/" + name])
        run.stdout = run.stdout.replacingOccurrences(of: dir + "/", with: "")
        run.stderr = run.stderr.replacingOccurrences(of: dir + "/", with: "")
        #expect(run.exited)
        return run
    }

    let clean = "screen: S\nindicators: []\n"

    @Test func maxFileSize() throws {
        let small = Array((clean + String(repeating: "# padding\n", count: 200)).utf8)
        let lower = try lint("s.yaml", small, limits: "  max-file-size: 1KB\n")
        #expect(lower.status == 1)
        #expect(lower.stdout.hasPrefix("s.yaml:102:10: error: the file is larger than 1KB (limits.max-file-size); "
                                       + "it was not linted [yaml-syntax]"))
        // 11 MB of comments: over the default, under a raised limit.
        let large = Array(clean.utf8) + Hostile.repeated("# " + String(repeating: "x", count: 1021) + "\n", 11 * 1024)
        let byDefault = try lint("l.yaml", large, limits: nil)
        #expect(byDefault.status == 1)
        #expect(byDefault.stdout.contains("error: the file is larger than 10MB (limits.max-file-size)"))
        let higher = try lint("l.yaml", large, limits: "  max-file-size: 20MB\n")
        #expect(higher.status == 0, "\(higher.stdout)")
        #expect(higher.stdout == "no problems in 1 file, 1 screen, 0 indicators\n")
    }

    @Test func maxDepth() throws {
        let six = Array(("screen: S\nindicators: []\nx: " + String(repeating: "[", count: 5) + String(repeating: "]", count: 5) + "\n").utf8)
        let lower = try lint("d.yaml", six, limits: "  max-depth: 5\n")
        #expect(lower.status == 1)
        #expect(lower.stdout.hasPrefix(
            "d.yaml:3:8: error: collections nest deeper than 5 levels (limits.max-depth) [yaml-syntax]"))
        let deep = Hostile.repeated("- ", 1500, then: "x\n")
        let byDefault = try lint("deep.yaml", deep, limits: nil)
        #expect(byDefault.stdout.hasPrefix("deep.yaml:1:2001: error: collections nest deeper than 1000 levels"))
        let higher = try lint("deep.yaml", deep, limits: "  max-depth: 2000\n")
        #expect(higher.status == 1)
        // Parsed whole, the list is not a spec: named, it gets the one finding that says so.
        #expect(higher.stdout.hasPrefix("deep.yaml:1:1: error: the file does not look like a screen spec"), "\(higher.stdout)")
        #expect(!higher.stdout.contains("limits.max-depth"))
    }

    @Test func maxDepthHasACeiling() throws {
        // libyaml's cost grows with the square of flow nesting: a million `[` under
        // `max-depth: 2000000` ran for minutes. The config refuses such a depth instead.
        let run = try lint("x.yaml", Array(clean.utf8), limits: "  max-depth: 2000000\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("max-depth"))
        #expect(run.stderr.contains("10000"))
        let deepest = try lint("seq.yaml", Hostile.repeated("[", 1_000_000), limits: "  max-depth: 10000\n")
        #expect(deepest.status == 1)
        #expect(deepest.stdout.hasPrefix(
            "seq.yaml:1:10001: error: collections nest deeper than 10000 levels (limits.max-depth) [yaml-syntax]"))
    }

    @Test func maxAliasNodes() throws {
        let five = Array(("screen: S\nindicators: []\n" + Hostile.fanOut(5)).utf8)
        let lower = try lint("a.yaml", five, limits: "  max-alias-nodes: 10\n")
        #expect(lower.status == 1)
        #expect(lower.stdout.hasPrefix("a.yaml:4:14: error: aliases in this document reach more than 10 nodes "
                                       + "(limits.max-alias-nodes); is this an alias bomb? [spec-schema]"))
        let wide = Array(Hostile.fanOut(5000).utf8)
        let byDefault = try lint("w.yaml", wide, limits: nil)
        #expect(byDefault.stdout.contains("(limits.max-alias-nodes)"))
        let higher = try lint("w.yaml", wide, limits: "  max-alias-nodes: 20000\n")
        #expect(!higher.stdout.contains("(limits.max-alias-nodes)"))
        // Parsed whole, the mapping is not a spec: named, it gets the one finding that says so.
        #expect(higher.stdout.hasPrefix("w.yaml:1:1: error: the file does not look like a screen spec"), "\(higher.stdout)")
    }
}

/// Faults between listing and reading, at the library level.
@Suite struct RunnerFaultTests {
    @Test func aFileDeletedAfterListingIsAProblemAndTheRestIsLinted() throws {
        let dir = try Hostile.folder(with: "gone.yaml", Array(Hostile.companion.utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let (files, planned) = runner.plan([dir])
        #expect(planned.problems.isEmpty)
        #expect(files.map(\.0.path) == [dir + "/companion.yaml", dir + "/gone.yaml"])
        #expect(unlink(dir + "/gone.yaml") == 0)
        var problems: [RunProblem] = []
        var linted: [FileResult] = []
        for (file, configuration, _) in files {
            switch LintRunner.lintFile(file, configuration: configuration, linter: runner.linter) {
            case .success(let result): linted.append(result)
            case .failure(let problem): problems.append(problem)
            }
        }
        #expect(problems == [RunProblem(path: dir + "/gone.yaml", message: "cannot read: No such file or directory")])
        #expect(linted.map(\.path) == [dir + "/companion.yaml"])
        #expect(linted.first?.diagnostics.contains { $0.ruleID == "obstructive-needs-exit" && $0.range.start.line == 3 } == true)
    }

    @Test func theReaderNeverReadsPastTheLimit() throws {
        // /dev/zero never ends; the reader refuses it before reading, whatever the limit.
        let result = FileReader.read(SpecFile(path: "/dev/zero"), limit: 1 << 20)
        #expect(result == .failure(.notRegularFile(kind: "a character device")))
        let missing = FileReader.read(SpecFile(path: "/no/such/file.yaml"), limit: 100)
        #expect(missing == .failure(.system("No such file or directory")))
    }

    /// Every input the fuzzer ever crashed on goes through the whole pipeline and both reporters.
    @Test func fuzzCrashInputsAreLintedQuietly() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz-crashes").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        for name in names.sorted() where !name.hasPrefix(".") {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let result = runner.run(inMemory: [(path: name, bytes: bytes)], configuration: Configuration())
            for reporter in Reporters.all {
                let text = reporter.init().render(result, context: ReportContext(rules: RuleRegistry.descriptions))
                #expect(!text.isEmpty)
            }
        }
    }
}

/// A hostile `.progress-lint.yml` is a configuration error (exit 2), never a hang or a crash.
@Suite struct HostileConfigurationTests {
    enum Kind: String, CaseIterable, Sendable { case fifo, devZero, aliasBomb, deep, binary }

    @Test(arguments: Kind.allCases)
    func aHostileConfigurationIsAnError(kind: Kind) throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let config = dir + "/.progress-lint.yml"
        let expected: String
        switch kind {
        case .fifo:
            #expect(mkfifo(config, 0o644) == 0)
            expected = "\(config): the configuration is a FIFO, not a file"
        case .devZero:
            #expect(symlink("/dev/zero", config) == 0)
            expected = "\(config): the configuration is a character device, not a file"
        case .aliasBomb:
            try Hostile.write(Hostile.billionLaughs, to: config)
            expected = "\(config):5:8: aliases in this document reach more than 10000 nodes"
        case .deep:
            try Hostile.write(Hostile.repeated("[", 1_000_000), to: config)
            expected = "\(config):1:1001: collections nest deeper than 1000 levels (limits.max-depth)"
        case .binary:
            try Hostile.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], to: config)
            expected = "\(config):1:1: the file is not UTF-8 text: invalid leading UTF-8 octet (0x89)"
        }
        let run = try Hostile.run([dir])
        #expect(run.exited)
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: configuration error: " + expected), "\(run.stderr)")
    }

    @Test func standardInputGetsTheSameLimits() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.billionLaughs, to: dir + "/bomb.yaml")
        try Hostile.write(Hostile.repeated("{", 1_000_000), to: dir + "/deep.yaml")
        let bomb = try Hostile.shell("exec \"$0\" --stdin --stdin-filename in.yaml < \"$1/bomb.yaml\"", [dir])
        #expect(bomb.status == 1)
        #expect(bomb.stdout.hasPrefix("in.yaml:5:8: error: aliases in this document reach more than 10000 nodes"))
        let deep = try Hostile.shell("exec \"$0\" --stdin --stdin-filename in.yaml < \"$1/deep.yaml\"", [dir])
        #expect(deep.status == 1)
        #expect(deep.stdout.hasPrefix("in.yaml:1:1001: error: collections nest deeper than 1000 levels"))
    }
}
