import Foundation
import Testing

/// `--fix`, `--unsafe-fixes` and `--diff`, run through the built binary.
@Suite struct FixCommandTests {
    /// A byte order mark, CRLF line endings, a comment with non-ASCII text, a YAML 1.1 boolean
    /// (safe fix), a bar in a navigation bar with its track visible (safe fix) and periodic
    /// announcements (unsafe fix).
    static let crlf: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((
        "platform: ios\r\nscreen: Browser\r\nindicators:\r\n  - id: page-load  # été\r\n"
        + "    label: \"Téléchargement\"\r\n    style: bar\r\n    determinate: yes\r\n"
        + "    location: navigation-bar\r\n    accessibility:\r\n      announce:\r\n        progress-every: 5s\r\n").utf8)

    func write(_ bytes: [UInt8], _ name: String = "a.yaml", mode: Int = 0o640) throws -> (dir: String, path: String) {
        let dir = try CommandTests.temporaryFolder()
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return (dir, path)
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func fixAppliesSafeFixesKeepingTheByteOrderMarkCRLFCommentsAndMode() throws {
        let (dir, path) = try write(Self.crlf)
        let run = try CommandTests.run(["--fix", "--format", "concise", "a.yaml"], in: dir)
        let after = try bytes(path)
        let text = String(decoding: after, as: UTF8.self)
        #expect(Array(after.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(text == "\u{FEFF}platform: ios\r\nscreen: Browser\r\nindicators:\r\n  - id: page-load  # été\r\n"
                + "    label: \"Téléchargement\"\r\n    style: bar\r\n    determinate: true\r\n"
                + "    location: navigation-bar\r\n    accessibility:\r\n      announce:\r\n"
                + "        progress-every: 5s\r\n    track: hidden\r\n", "\(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(run.stderr.contains("fixed 2 findings in 1 file"), "\(run.stderr)")
        // The report is of what remains: the unsafe fix is not applied and not counted as fixable.
        #expect(!run.stdout.contains("[spec-schema]") && !run.stdout.contains("[toolbar-track-visible]"), "\(run.stdout)")
        #expect(run.stdout.contains("[progress-chatter]"))
        #expect(run.stdout.contains("[*] 1 fixable with --fix --unsafe-fixes\n") && !run.stdout.contains("0 fixable"), "\(run.stdout)")
        let again = try CommandTests.run(["--fix", "--unsafe-fixes", "a.yaml"], in: dir)
        #expect(!String(decoding: try bytes(path), as: UTF8.self).contains("progress-every"))
        #expect(again.stderr.contains("fixed 1 finding in 1 file"), "\(again.stderr)")
    }

    @Test func diffPrintsAUnifiedDiffWritesNothingAndExitsOneWhenThereIsSomethingToFix() throws {
        let (dir, path) = try write(Self.crlf)
        let run = try CommandTests.run(["--diff", "a.yaml"], in: dir)
        #expect(run.status == 1)
        #expect(try bytes(path) == Self.crlf)
        #expect(run.stdout.hasPrefix("--- a.yaml\n+++ a.yaml\n@@ -4,8 +4,9 @@\n"), "\(run.stdout)")
        #expect(run.stdout.contains("-    determinate: yes\r\n+    determinate: true\r\n"), "\(run.stdout)")
        #expect(run.stdout.contains("+    track: hidden\r\n"))
        #expect(!run.stdout.contains("warning:"), "--diff prints the diff only")
        let clean = try write(Array("screen: S\nindicators: []\n".utf8))
        let none = try CommandTests.run(["--diff", "a.yaml"], in: clean.dir)
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "patch is not installed (no /usr/bin/patch)"))
    func diffAppliesWithPatchAndGivesTheFilesFixGives() throws {
        let (patched, _) = try write(Self.crlf)
        let (fixed, _) = try write(Self.crlf)
        let diff = try CommandTests.run(["--diff", "--unsafe-fixes", "a.yaml"], in: patched)
        try diff.stdout.write(toFile: patched + "/fix.patch", atomically: true, encoding: .utf8)
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        patch.arguments = ["-p0", "--binary", "-i", "fix.patch"]
        patch.currentDirectoryURL = URL(fileURLWithPath: patched)
        patch.standardOutput = FileHandle.nullDevice
        try patch.run()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        _ = try CommandTests.run(["--fix", "--unsafe-fixes", "a.yaml"], in: fixed)
        #expect(try bytes(patched + "/a.yaml") == bytes(fixed + "/a.yaml"))
        #expect(try bytes(fixed + "/a.yaml") != Self.crlf)
    }

    @Test func fixWithStdinWritesTheFixedTextToStandardOutputAndTheReportToStandardError() throws {
        let input = "platform: ios\nscreen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: yes\n"
            + "    location: toolbar\n    label: Syncing photos\n"
        let run = try CommandTests.run(["--stdin", "--stdin-filename", "s.yaml", "--fix"], stdin: input)
        #expect(run.stdout == input.replacingOccurrences(of: "determinate: yes", with: "determinate: true")
                + "    track: hidden\n", "\(run.stdout)")
        #expect(run.stderr.contains("s.yaml:"), "the report goes to standard error: \(run.stderr)")
        // With --diff as well, the diff of standard input is printed and nothing else.
        let diff = try CommandTests.run(["--stdin", "--stdin-filename", "s.yaml", "--fix", "--diff"], stdin: input)
        #expect(diff.status == 1)
        #expect(diff.stdout.hasPrefix("--- s.yaml\n+++ s.yaml\n"), "\(diff.stdout)")
    }

    /// Runs the command with `input` as raw bytes on standard input; its status, raw standard output and standard error.
    private func runRaw(_ arguments: [String], input: [UInt8], in directory: String) throws
        -> (status: Int32, stdout: [UInt8], stderr: String)
    {
        let process = Process()
        process.executableURL = CommandTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        // Written from another thread: more than a pipe holds would block while standard output fills.
        let writer = Thread { stdin.fileHandleForWriting.write(Data(input)); try? stdin.fileHandleForWriting.close() }
        writer.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(stdout), String(decoding: stderr, as: UTF8.self))
    }

    @Test func fixWithStdinPassesAnInputOverTheSizeLimitThroughUnchanged() throws {
        let dir = try CommandTests.folder([".progress-lint.yml": "limits:\n  max-file-size: 1KB\n"])
        // 200 KB: more than the limit and more than one read.
        let input = Array(("screen: S\nindicators: []\n" + String(repeating: "# padding\n", count: 20_000)).utf8)
        let run = try runRaw(["--fix", "--stdin-filename", "s.yaml", "-"], input: input, in: dir)
        #expect(run.stdout == input, "an editor replacing its buffer with standard output must get the text back")
        #expect(run.stderr.contains("larger than 1KB"), "\(run.stderr)")
        #expect(run.status == 1)
    }

    @Test func fixWithStdinWritesTextThatIsNotUTF8BackByteForByte() throws {
        let dir = try CommandTests.temporaryFolder()
        let input: [UInt8] = Array("screen: S\nindicators: []\n# caf".utf8) + [0xE9, 0x0A]
        let run = try runRaw(["--fix", "--stdin-filename", "s.yaml", "-"], input: input, in: dir)
        #expect(run.stdout == input)
        #expect(run.stderr.contains("not UTF-8"), "\(run.stderr)")
    }

    @Test func aFileWithAYAMLSyntaxErrorIsNeverWritten() throws {
        let broken = Array("screen: S\nindicators:\n  - id: a\n    pause: yes\n  bad: [\n".utf8)
        let (dir, path) = try write(broken)
        let run = try CommandTests.run(["--fix", "a.yaml"], in: dir)
        #expect(try bytes(path) == broken)
        #expect(run.status == 1)
    }
}
