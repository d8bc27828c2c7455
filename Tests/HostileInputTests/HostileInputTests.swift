import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Hostile files through the built binary: one diagnostic at the right place, a bounded run,
/// the other files still linted, and the exit code of the README.
@Suite struct HostileInputTests {
    /// Lints the hostile file beside `companion.yaml` and checks the common promises.
    func lintBeside(_ name: String, _ bytes: [UInt8], expect line: String, status: Int32 = 1,
                    stderr: String? = nil) throws {
        let dir = try Hostile.folder(with: name, bytes)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Named, and its folder walked: a walk skips a file that does not parse and has no
        // `screen` or `indicators` line (revision 1.3), a named one gets its error.
        let run = try Hostile.run([dir + "/" + name, dir])
        #expect(run.exited, "\(name): timed out or killed")
        #expect(run.status == status, "\(name): \(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + line), "\(name): \(run.stdout.prefix(2000))")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic), "\(name): companion not linted")
        if let stderr {
            #expect(run.stderr.contains(stderr), "\(name): \(run.stderr)")
        } else {
            #expect(run.stderr.isEmpty, "\(name): \(run.stderr)")
        }
    }

    @Test func billionLaughsStopsAtTheAliasBudget() throws {
        try lintBeside("bomb.yaml", Array(Hostile.billionLaughs.utf8), expect:
            "bomb.yaml:5:8: error: aliases in this document reach more than 10000 nodes (limits.max-alias-nodes); "
            + "is this an alias bomb? [spec-schema]")
    }

    @Test func wideAliasFanOutStopsAtTheAliasBudget() throws {
        // Each `*x` reaches 3 nodes; the 3334th crosses 10,000, at column 5 + 3 × 3333.
        try lintBeside("fanout.yaml", Array(Hostile.fanOut(100_000).utf8), expect:
            "fanout.yaml:2:10004: error: aliases in this document reach more than 10000 nodes "
            + "(limits.max-alias-nodes); is this an alias bomb? [spec-schema]")
    }

    static let depthMessage = "error: collections nest deeper than 1000 levels (limits.max-depth) [yaml-syntax]"

    @Test func aMillionFlowSequencesDeep() throws {
        try lintBeside("seq.yaml", Hostile.repeated("[", 1_000_000), expect: "seq.yaml:1:1001: " + Self.depthMessage)
    }

    @Test func aMillionFlowMappingsDeep() throws {
        try lintBeside("map.yaml", Hostile.repeated("{", 1_000_000), expect: "map.yaml:1:1001: " + Self.depthMessage)
    }

    @Test func aMillionBlockSequencesDeep() throws {
        try lintBeside("dash.yaml", Hostile.repeated("- ", 1_000_000, then: "x\n"),
                       expect: "dash.yaml:1:2001: " + Self.depthMessage)
    }

    @Test func aMappingStaircase() throws {
        // 1,500 levels (1.1 MB): the 1,001st key, on line 1,001 at column 1,001, crosses the limit.
        try lintBeside("stair.yaml", Hostile.staircase(1500), expect: "stair.yaml:1001:1001: " + Self.depthMessage)
    }

    @Test func a100MBSpecIsOneDiagnosticAtTheLimit() throws {
        // 100 MB of indicators; only the first 10 MB and one byte are read.
        let header = "screen: Big\nindicators:\n"
        let unit = "  - {id: i, style: bar, determinate: true, label: Uploading one file of many}\n"
        let count = (100 * 1024 * 1024 - header.utf8.count) / unit.utf8.count + 1
        let limit = 10 * 1024 * 1024
        let offset = limit - header.utf8.count
        let line = 2 + offset / unit.utf8.count + 1
        let column = offset % unit.utf8.count + 1
        try lintBeside("huge.yaml", Array(header.utf8) + Hostile.repeated(unit, count), expect:
            "huge.yaml:\(line):\(column): error: the file is larger than 10MB (limits.max-file-size); "
            + "it was not linted [yaml-syntax]")
    }

    @Test func aLongListWithADiagnosticPerItem() throws {
        // Naming each diagnostic's YAML path used to walk the whole list: 100,000 duplicate ids
        // (7.8 MB, under the size limit) took four minutes. Now one pass per list.
        let count = 5_000
        let unit = "  - {id: i, style: bar, determinate: true, label: Uploading one file of many}\n"
        let bytes = Array("screen: S\nindicators:\n".utf8) + Hostile.repeated(unit, count)
        let dir = try Hostile.folder(with: "dups.yaml", bytes)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Every diagnostic is wanted here: above the default `max-diagnostics-per-file`.
        try Hostile.write("limits:\n  max-diagnostics-per-file: 100000\n", to: dir + "/.progress-lint.yml")
        let run = try Hostile.run(["--format", "json", dir])
        #expect(run.exited)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let duplicates = diagnostics.filter { $0["rule"] as? String == "duplicate-id" }
        #expect(duplicates.count == count - 1)
        #expect(duplicates.last?["line"] as? Int == 2 + count)
        #expect(duplicates.allSatisfy { ($0["yamlPath"] as? String)?.hasPrefix("indicators[i]") == true },
                "\(duplicates.first ?? [:])")
    }

    @Test func aOneMegabyteLine() throws {
        try lintBeside("line.yaml", Array(("screen: " + String(repeating: "x", count: 1 << 20) + "\n").utf8), expect:
            "line.yaml:1:1: error: missing required key `indicators` (a list of the screen's indicators; "
            + "it may be empty) [spec-schema]")
    }

    @Test func invalidUTF8() throws {
        try lintBeside("bad-utf8.yaml", Array("screen: ok\nlabel: ".utf8) + [0xFF, 0xFE, 0x0A], expect:
            "bad-utf8.yaml:2:8: error: the file is not UTF-8 text: invalid leading UTF-8 octet (0xFF) [yaml-syntax]")
    }

    @Test func utf16WithByteOrderMark() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + "screen: S\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try lintBeside("utf16.yaml", bytes, expect:
            "utf16.yaml:1:1: error: the file is UTF-16 (it starts with a UTF-16 byte order mark); "
            + "save it as UTF-8 [yaml-syntax]")
    }

    @Test func nulBytes() throws {
        try lintBeside("nul.yaml", Array("screen: S\nx: a".utf8) + [0] + Array("b\n".utf8), expect:
            "nul.yaml:2:5: error: the file is not UTF-8 text: control characters are not allowed (0x0) [yaml-syntax]")
    }

    @Test func aBinaryFileNamedYAML() throws {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for i in 0..<65536 { bytes.append(UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13)) }
        try lintBeside("image.yaml", bytes, expect:
            "image.yaml:1:1: error: the file is not UTF-8 text: invalid leading UTF-8 octet (0x89) [yaml-syntax]")
    }

    @Test(arguments: [("empty.yaml", ""), ("comments.yaml", "# one\n# two\n"), ("dashes.yaml", "---\n"),
                      ("many-dashes.yaml", "---\n---\n...\n---\n")])
    func filesWithoutContentAreClean(name: String, text: String) throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(text, to: dir + "/" + name)
        let run = try Hostile.run([dir + "/" + name])
        #expect(run.exited)
        #expect(run.status == 0)
        #expect(run.stdout == "no problems in 1 file, 0 screens, 0 indicators\n")
        #expect(run.stderr.isEmpty)
    }
}

/// Things that are not regular, readable files: exit 2 with a message, never a hang, the rest linted.
@Suite struct HostileFileSystemTests {
    func expectSkipped(_ run: Hostile.Run, _ dir: String, _ message: String) {
        #expect(run.exited, "timed out or killed")
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("progress-lint: \(dir)/\(message)"), "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic), "companion not linted: \(run.stdout)")
    }

    @Test func aFIFOIsSkippedWithoutBlocking() throws {
        let dir = try Hostile.folder(with: "zz.yaml", [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe.yaml", 0o644) == 0)
        expectSkipped(try Hostile.run([dir]), dir, "pipe.yaml: skipped: it is a FIFO, not a regular file")
        // Named explicitly too.
        let explicit = try Hostile.run([dir + "/pipe.yaml", dir + "/companion.yaml"])
        expectSkipped(explicit, dir, "pipe.yaml: skipped: it is a FIFO, not a regular file")
    }

    @Test func aSymlinkToDevZeroIsSkipped() throws {
        let dir = try Hostile.folder(with: "zz.yaml", [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink("/dev/zero", dir + "/zero.yaml") == 0)
        expectSkipped(try Hostile.run([dir]), dir, "zero.yaml: skipped: it is a character device, not a regular file")
    }

    @Test func symlinkLoopsBetweenFoldersAreNotFollowed() throws {
        let dir = try Hostile.folder(with: "zz.yaml", [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
        #expect(symlink("../b", dir + "/a/to-b") == 0)
        #expect(symlink("../a", dir + "/b/to-a") == 0)
        #expect(symlink("self.yaml", dir + "/self.yaml") == 0)
        try Hostile.write(Hostile.companion, to: dir + "/a/in-a.yaml")
        try Hostile.write(Hostile.companion, to: dir + "/b/in-b.yaml")
        let run = try Hostile.run([dir])
        expectSkipped(run, dir, "self.yaml: cannot read: Too many levels of symbolic links")
        // Each real file once, never through the links.
        let paths = Set(run.stdout.split(separator: "\n").compactMap { line in
            line.range(of: ".yaml:").map { String(line[..<$0.lowerBound]) + ".yaml" }
        })
        #expect(paths == [dir + "/a/in-a.yaml", dir + "/b/in-b.yaml", dir + "/companion.yaml"], "\(paths)")
        // The empty `zz.yaml` is skipped as not a spec (revision 1.3).
        #expect(run.stdout.contains("3 files, 3 screens, 3 indicators; 1 YAML file skipped as not a spec"), "\(run.stdout)")
    }

    @Test func aFileWithoutReadPermission() throws {
        let dir = try Hostile.folder(with: "zz.yaml", [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/secret.yaml")
        #expect(chmod(dir + "/secret.yaml", 0) == 0)
        if Hostile.isRoot {
            // Root reads anyway: the file is linted like any other…
            let asRoot = try Hostile.run([dir])
            #expect(asRoot.status == 1)
            #expect(asRoot.stdout.contains(dir + "/secret.yaml:3:5: error:"))
            // …so drop to `nobody` to see the refusal.
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
            #expect(chmod(dir, 0o755) == 0)
            let run = try Hostile.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", Hostile.binary, dir],
                executable: "/usr/bin/setpriv")
            expectSkipped(run, dir, "secret.yaml: cannot read: Permission denied")
        } else {
            expectSkipped(try Hostile.run([dir]), dir, "secret.yaml: cannot read: Permission denied")
        }
    }

    @Test func aPathThatIsNotUTF8IsWalkedAndShownSafely() throws {
        let dir = try Hostile.folder(with: "zz.yaml", [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let raw = Array(dir.utf8) + Array("/caf".utf8) + [0xE9] + Array(".yaml".utf8)
        let fd = raw.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer -> Int32 in
            var c = Array(buffer)
            c.append(0)
            return open(c, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        #expect(fd >= 0)
        _ = Hostile.companion.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let run = try Hostile.run([dir])
        #expect(run.exited)
        #expect(run.status == 1)
        #expect(run.stdout.contains(dir + "/caf\u{FFFD}.yaml:3:5: error: indicator 'a' blocks the screen"))
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
        // Named on the command line, as raw bytes (Foundation cannot pass them, the shell can).
        let named = try Hostile.shell("exec \"$0\" \"$1/$(printf 'caf\\351').yaml\"", [dir])
        #expect(named.status == 1, "\(named.stderr)")
        #expect(named.stdout.contains(dir + "/caf\u{FFFD}.yaml:3:5: error: indicator 'a' blocks the screen"))
    }
}
