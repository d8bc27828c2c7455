import Foundation
import TestSupport
import Testing

/// CI, editor and adoption features of the command, run as users run them.
@Suite struct IntegrationCommandTests {
    static let packageRoot = TestFolders.packageRoot
    static let bad = "screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"
    static let warnOnly = "screen: W\nindicators:\n  - {id: w, style: bar, determinate: true, label: Loading}\n"

    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in dir: String? = nil)
        throws -> CommandTests.Run
    {
        try CommandTests.run(arguments, stdin: stdin, environment: environment, in: dir)
    }

    func folder(_ files: [String: String]) throws -> String { try CommandTests.folder(files) }

    func diagnostics(_ json: String) throws -> [[String: String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let list = try #require(object["diagnostics"] as? [[String: Any]])
        return list.map { d in d.compactMapValues { $0 as? String ?? ($0 as? Int).map(String.init) } }
    }

    @Test func standardInputReportsTheSameDiagnosticsAsTheFile() throws {
        let dir = try folder(["path/spec.yaml": Self.bad, "path/.progress-lint.yml": "rules: {vague-label: error}\n"])
        let file = try run(["--format", "json", "path/spec.yaml"], in: dir)
        let piped = try run(["--format", "json", "--stdin", "--stdin-filename", "path/spec.yaml"], stdin: Self.bad, in: dir)
        #expect(file.status == 1 && piped.status == 1)
        let fromFile = try diagnostics(file.stdout), fromStdin = try diagnostics(piped.stdout)
        #expect(!fromFile.isEmpty)
        #expect(fromFile == fromStdin)
        #expect(fromStdin.contains { $0["rule"] == "vague-label" && $0["severity"] == "error" })  // config found from the name
    }

    @Test func severalFormatsAtOnceEachGoToTheirOwnOutput() throws {
        let dir = try folder(["bad.yaml": Self.bad])
        let r = try run(["--format", "json", "--output", "r.json", "--format", "sarif", "--output", "out.sarif",
                         "--format", "junit", "bad.yaml"], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("<?xml"))
        let json = try String(contentsOfFile: dir + "/r.json", encoding: .utf8)
        let text = try run(["--format", "concise", "bad.yaml"], in: dir).stdout
        #expect(try diagnostics(json).count == text.split(separator: "\n").count - 1)
        let sarif = try String(contentsOfFile: dir + "/out.sarif", encoding: .utf8)
        #expect(sarif.contains("\"version\": \"2.1.0\""))
        #expect(try run(["--format", "json", "--format", "sarif", "bad.yaml"], in: dir).status == 2)
    }

    @Test func onGitHubActionsTextComesWithAnnotations() throws {
        let dir = try folder(["bad.yaml": Self.bad])
        let r = try run(["bad.yaml"], environment: ["GITHUB_ACTIONS": "true"], in: dir)
        #expect(r.stdout.contains("::error file=bad.yaml,line=3,col=5,"))
        #expect(r.stdout.contains("bad.yaml:3:5: error:"))
        let json = try run(["--format", "json", "bad.yaml"], environment: ["GITHUB_ACTIONS": "true"], in: dir)
        #expect(!json.stdout.contains("::error"))
    }

    @Test func aFailedWriteExitsTwoAndLeavesNoPartialFile() throws {
        let dir = try folder(["bad.yaml": Self.bad])
        try FileManager.default.createDirectory(atPath: dir + "/taken", withIntermediateDirectories: true)
        let r = try run(["--format", "json", "--output", "ok.json", "--format", "sarif", "--output", "taken",
                         "bad.yaml"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot write taken"))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["bad.yaml", "ok.json", "taken"])
    }

    @Test func maxWarningsFailsTheRunOnlyAboveTheLimit() throws {
        let dir = try folder(["w.yaml": Self.warnOnly])
        #expect(try run(["w.yaml"], in: dir).status == 0)
        let warnings = try diagnostics(try run(["--format", "json", "w.yaml"], in: dir).stdout)
            .filter { $0["severity"] == "warning" }.count
        #expect(warnings > 0)
        #expect(try run(["--max-warnings", String(warnings), "w.yaml"], in: dir).status == 0)
        let over = try run(["--max-warnings", String(warnings - 1), "w.yaml"], in: dir)
        #expect(over.status == 1)
        #expect(over.stderr.contains("more than --max-warnings \(warnings - 1)"))
    }

    @Test func printConfigShowsTheEffectiveConfigurationAsLoadableYAML() throws {
        let dir = try folder(["specs/.progress-lint.yml": "platform: android\nrules: {vague-label: error}\nthresholds: {attention: 20s}\n",
                              "specs/w.yaml": Self.warnOnly])
        let r = try run(["--print-config", "specs/w.yaml"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout.contains("platform: android  # from specs/.progress-lint.yml\n"))
        #expect(r.stdout.contains("  vague-label: error  # from specs/.progress-lint.yml\n"))
        #expect(r.stdout.contains("  attention: 20s  # from specs/.progress-lint.yml:3\n"))
        try r.stdout.write(toFile: dir + "/printed.yml", atomically: true, encoding: .utf8)
        let again = try run(["--config", "printed.yml", "--print-config", "specs/w.yaml"], in: dir)
        #expect(again.status == 0)
        // The same settings; only the provenance comments name the other file.
        func settings(_ text: String) -> [Substring] {
            text.split(separator: "\n").dropFirst(2).map { $0.split(separator: "  #", maxSplits: 1).first ?? $0 }
        }
        #expect(settings(again.stdout) == settings(r.stdout))
    }

    @Test func listFilesPrintsWhatWouldBeLinted() throws {
        let dir = try folder([".progress-lint.yml": "include: [\"specs/**\"]\n", "specs/a.yaml": Self.bad,
                              "specs/b.yml": Self.bad, "ci/workflow.yaml": "on: push\n"])
        let r = try run(["--list-files"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "specs/a.yaml\nspecs/b.yml\n")
        #expect(try run(["--list-files", "ci/workflow.yaml"], in: dir).stdout == "ci/workflow.yaml\n")
        #expect(try run(["--list-files", "--force-exclude", "ci/workflow.yaml"], in: dir).stdout == "")
    }

    @Test func aBaselineHidesOldFindingsAcrossMovedLinesAndNotesStaleEntries() throws {
        let dir = try folder(["specs/a.yaml": Self.bad])
        let write = try run(["--write-baseline", "baseline.json", "specs"], in: dir)
        #expect(write.status == 0)
        #expect(write.stderr.contains("wrote "))
        try ("# moved down\n\n" + Self.bad).write(toFile: dir + "/specs/a.yaml", atomically: true, encoding: .utf8)
        let moved = try run(["--baseline", "baseline.json", "specs"], in: dir)
        #expect(moved.status == 0)
        #expect(moved.stdout.hasPrefix("no problems"))
        try Self.bad.replacingOccurrences(of: "Loading", with: "Loading your inbox")
            .write(toFile: dir + "/specs/a.yaml", atomically: true, encoding: .utf8)
        let fixed = try run(["--baseline", "baseline.json", "specs"], in: dir)
        #expect(fixed.stderr.contains("note: baseline entry specs/a.yaml: vague-label at indicators[a].label no longer matches"))
        #expect(try run(["--baseline", "missing.json", "specs"], in: dir).status == 2)
    }

    @Test func schemaCommandPrintsTheCommittedSchema() throws {
        let r = try run(["schema"])
        #expect(r.status == 0)
        let committed = try String(contentsOf: Self.packageRoot.appendingPathComponent("schemas/spec.schema.json"),
                                   encoding: .utf8)
        #expect(r.stdout == committed)
    }

    static let vim: String? = (OptionalTools.onPath("vim") ?? OptionalTools.onPath("nvim"))?.path

    /// Reads `report` into real Vim's quickfix list with the committed compiler recipe, in `dir`, and
    /// returns `entry` (a Vim expression over one quickfix entry `e`) for each entry.
    static func vimQuickfix(_ report: String, in dir: String, entry: String) throws -> [String] {
        try report.write(toFile: dir + "/out.txt", atomically: true, encoding: .utf8)
        let compiler = packageRoot.appendingPathComponent("Editors/vim/compiler/progress-lint.vim").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: vim!)
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.arguments = ["-u", "NONE", "-i", "NONE", "-N", "-es", "-c", "source \(compiler)", "-c", "cfile out.txt",
                             "-c", "call writefile(map(getqflist(), {_, e -> \(entry)}), 'qf.txt')", "-c", "qa!"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try String(contentsOfFile: dir + "/qf.txt", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: IntegrationCommandTests.vim != nil, "Vim is not installed (no `vim` or `nvim` on PATH)")) func vimErrorformatReadsTheConciseFormat() throws {
        let dir = try folder(["specs/bad one.yaml": Self.bad])
        let lint = try run(["--format", "concise", "--column-unit", "byte", "specs"], in: dir)
        let entries = try Self.vimQuickfix(
            lint.stdout, in: dir, entry: "bufname(e.bufnr) . '|' . e.lnum . '|' . e.col . '|' . e.type . '|' . e.valid")
        // What Vim read, against the text lines split by hand: `path:line:col: severity: …`.
        let expected = lint.stdout.split(separator: "\n").dropLast().map { line -> String in
            let parts = line.split(separator: ":", maxSplits: 4).map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(parts[0])|\(parts[1])|\(parts[2])|\(parts[3].prefix(1))|1"
        }
        #expect(!entries.isEmpty)
        #expect(entries == expected)
        #expect(entries.contains("specs/bad one.yaml|3|59|w|1"))
    }

    @Test func vsCodeProblemMatcherMatchesTheConciseFormat() throws {
        let tasks = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Editors/vscode/tasks.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: tasks) as? [String: Any])
        let task = try #require((object["tasks"] as? [[String: Any]])?.first)
        let pattern = try #require((task["problemMatcher"] as? [String: Any])?["pattern"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))
        let dir = try folder(["a.yaml": Self.bad])
        let args = try #require(task["args"] as? [String]).filter { $0 != "${workspaceFolder}" }
        #expect(args.contains("concise"))
        let lines = try run(args + ["a.yaml"], in: dir).stdout.split(separator: "\n").map(String.init)
        let matched = lines.compactMap { line -> [String]? in
            guard let m = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
            return (1..<m.numberOfRanges).map { String(line[Range(m.range(at: $0), in: line)!]) }
        }
        #expect(matched.count == lines.count - 1)  // all but the summary line
        #expect(matched.last?[0] == "a.yaml" && matched.last?[1] == "3" && matched.last?[2] == "59")
        #expect(matched.last?[3] == "warning" && matched.last?[5] == "vague-label")
    }

    /// What is missing to run pre-commit (python3 with the package, git): nil when nothing is.
    static let preCommitMissing: String? = OptionalTools.missingPython(["pre_commit"], packages: ["pre-commit"])
        ?? OptionalTools.missingExecutable("git")
    static let preCommitAvailable = preCommitMissing == nil

    @Test(.enabled(if: preCommitAvailable, Comment(rawValue: preCommitMissing ?? ""))) func preCommitRunsTheHookOnChangedSpecs() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let script = Self.packageRoot.appendingPathComponent("scripts/try-pre-commit.sh").path
        process.arguments = [script, CommandTests.binary.deletingLastPathComponent().path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("ok:"), "\(output)")
    }
}
