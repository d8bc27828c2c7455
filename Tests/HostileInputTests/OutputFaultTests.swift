import Foundation
@testable import progress_lint
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Output that cannot be written, closed pipes, terminal safety, and files left as they were.
@Suite struct OutputFaultTests {
    /// A folder with many diagnostics: far more output than a pipe holds.
    func noisyFolder() throws -> String {
        let dir = try Hostile.temporaryFolder()
        for i in 0..<300 { try Hostile.write(Hostile.companion, to: dir + "/spec-\(i).yaml") }
        return dir
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let dir = try noisyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in ["text", "json"] {
            let run = try Hostile.shell(
                "\"$0\" --format \"$2\" \"$1\" 2>\"$1.err\" | head -1 >/dev/null; s=${PIPESTATUS[0]}; "
                + "cat \"$1.err\"; rm -f \"$1.err\"; echo \"status=$s\"", [dir, format])
            #expect(run.exited)
            let lines = run.stdout.split(separator: "\n")
            // Exit 1 (errors found) if the writes fitted, 141 if SIGPIPE ended it; never a trap (132/133/134/139).
            #expect(lines == ["status=1"] || lines == ["status=141"], "\(format): \(run.stdout)")
        }
    }

    @Test func aFailedWriteKeepsTheOldReportAndLeavesNoTemporaryFile() throws {
        let dir = try noisyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Hostile.write("old report\n", to: out + "/report.txt")
        // A file-size limit of one block makes the write fail half-way (EFBIG, with SIGXFSZ ignored).
        let run = try Hostile.shell("trap '' XFSZ; ulimit -f 1; exec \"$0\" --output \"$1/report.txt\" \"$2\"", [out, dir])
        #expect(run.exited)
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: cannot write \(out)/report.txt: File too large"), "\(run.stderr)")
        #expect(try String(contentsOfFile: out + "/report.txt", encoding: .utf8) == "old report\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["report.txt"])
    }

    @Test func anOutputPathUnderAFileExitsTwo() throws {
        let dir = try Hostile.folder(with: "x.yaml", [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Hostile.run(["--output", dir + "/companion.yaml/report.txt", dir])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write \(dir)/companion.yaml/report.txt: Not a directory"), "\(run.stderr)")
        #expect(try Hostile.snapshot(dir + "/companion.yaml").bytes == Data(Hostile.companion.utf8))
    }
}

/// `Output.write`: a temporary file in the same folder, flushed, renamed; permissions kept; nothing left on failure.
@Suite struct AtomicWriteTests {
    func entries(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    @Test func replacesByRenameAndKeepsPermissions() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/report.txt"
        try Output.write("first\n", to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o644)
        #expect(chmod(path, 0o640) == 0)
        let before = info.st_ino
        try Output.write("second\n", to: path)
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(info.st_ino != before, "replaced by a new file (rename), not rewritten in place")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try entries(dir) == ["report.txt"])
    }

    @Test func aRelativePathIsWrittenBesideItself() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // In a child process: changing this process's folder would disturb parallel tests.
        // The folder holds no spec: without this flag that is exit 2.
        let run = try Hostile.run(["--output", "report.txt", "--format", "json", "--no-error-on-unmatched-pattern", "."],
                                  in: dir)
        #expect(run.status == 0)
        #expect(try entries(dir) == ["report.txt"])
    }

    @Test func failuresLeaveNothingBehind() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: OutputError.self) { try Output.write("x", to: dir + "/missing/report.txt") }
        // A folder where the report should go: not replaced, nothing left beside it.
        try FileManager.default.createDirectory(atPath: dir + "/taken", withIntermediateDirectories: false)
        #expect(throws: OutputError.self) { try Output.write("x", to: dir + "/taken") }
        #expect(try entries(dir) == ["taken"])
        #expect(try entries(dir + "/taken").isEmpty)
    }
}

/// Text from specs never reaches the terminal raw; JSON carries it exactly.
@Suite struct TerminalSafetyTests {
    let spec = """
        screen: "Title \\e]0;pwned\\a"
        indicators:
          - id: "\\e]0;pwned\\a"
            style: spinner
            label: "\\e[2J Loading \\x9b"
            "\\e[2J": 1

        """

    @Test func escapesAreShownEscapedInTextAndRoundTripInJSON() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(spec, to: dir + "/esc.yaml")
        let text = try Hostile.run([dir + "/esc.yaml"])
        #expect(text.status == 1)
        for byte in text.stdoutBytes {
            #expect(byte >= 0x20 || byte == 0x0A, "raw control byte \(byte) in the text report")
        }
        #expect(!text.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(text.stdout.contains("indicator '\\u{1B}]0;pwned\\u{7}'"), "\(text.stdout)")
        #expect(text.stdout.contains("unknown key `\\u{1B}[2J`"), "\(text.stdout)")

        let json = try Hostile.run(["--format", "json", dir + "/esc.yaml"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let messages = diagnostics.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("'\u{1B}]0;pwned\u{07}'") }, "\(messages)")
        #expect(messages.contains { $0.contains("`\u{1B}[2J`") }, "\(messages)")
        #expect(!json.stdoutBytes.contains(0x1B), "JSON escapes control characters")
    }
}

/// The linter only reads specs.
@Suite struct NoDataLossTests {
    @Test func lintingLeavesEveryFileByteIdenticalWithTheSameMtime() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files: [(String, [UInt8])] = [
            ("bad.yaml", Array(Hostile.companion.utf8)),
            ("bomb.yaml", Array(Hostile.billionLaughs.utf8)),
            ("nul.yaml", Array("screen: S\n".utf8) + [0, 0xFF]),
            ("crlf.yaml", Array("screen: S\r\nindicators: []\r\n".utf8)),
            ("suppressed.yaml", Array(("# progress-lint-disable-file vague-label\n" + Hostile.companion).utf8)),
            (".progress-lint.yml", Array("limits:\n  max-depth: 50\n".utf8)),
        ]
        for (name, bytes) in files { try Hostile.write(bytes, to: dir + "/" + name) }
        // Old mtimes, so that any rewrite would show even within the same second.
        for (name, _) in files {
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789),
                         timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789)]
            #expect(utimensat(AT_FDCWD, dir + "/" + name, &times, 0) == 0)
        }
        let before = try files.map { try Hostile.snapshot(dir + "/" + $0.0) }
        for format in ["text", "json"] {
            let run = try Hostile.run(["--format", format, "--jobs", "2", dir])
            #expect(run.status == 1)
        }
        _ = try Hostile.run(["--output", dir + "/report.json", "--format", "json", dir])
        let after = try files.map { try Hostile.snapshot(dir + "/" + $0.0) }
        for (index, (name, _)) in files.enumerated() {
            #expect(before[index].bytes == after[index].bytes, "\(name) changed")
            #expect(before[index].mtime.tv_sec == after[index].mtime.tv_sec
                    && before[index].mtime.tv_nsec == after[index].mtime.tv_nsec, "\(name) touched")
        }
    }
}
