import Foundation
@testable import ProgressLintRun
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 31, "no input can trap, round three", against the built binary: the server at the edges
/// of `Int` and with deep URIs, `--stdin-filename` of thousands of folders, a cache file that is a
/// FIFO, a cache tracked by git, `docs-url` schemes, request ids.
@Suite struct RoundThreeTests {
    // MARK: The server

    static func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }

    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"workspaceDiagnostics":false}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
    static let shutdownAndExit = [#"{"jsonrpc":"2.0","id":"last","method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#]
    static let spec = #"screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"#

    /// Runs `progress-lint server` in a folder of its own over the framed `bodies`.
    static func serve(_ bodies: [String]) throws -> Hostile.Run {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(bodies.map(frame).joined(), to: dir + "/session")
        return try Hostile.shell(#"cd "$1" && exec "$0" server < session"#, [dir])
    }

    static func didOpen(_ uri: String, version: String) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":\#(version),"text":"\#(spec)"}}}"#
    }

    static func didChange(_ uri: String, version: String?) -> String {
        let member = version.map { #","version":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)"\#(member)},"contentChanges":[{"text":"\#(spec)"}]}}"#
    }

    @Test func theServerSurvivesTheLargestVersionFollowedByChangesWithoutOne() throws {
        let uri = "file:///hostile-31/spec.yaml"
        let run = try Self.serve([Self.initialize, Self.initialized, Self.didOpen(uri, version: "9223372036854775807"),
                                  Self.didChange(uri, version: nil), Self.didChange(uri, version: "null"),
                                  Self.didChange(uri, version: "9223372036854775807"),
                                  Self.didOpen("file:///hostile-31/low.yaml", version: "-9223372036854775808"),
                                  Self.didChange("file:///hostile-31/low.yaml", version: nil)]
                                 + Self.shutdownAndExit)
        #expect(run.exited && run.status == 0, "status \(run.status), signalled \(run.signalled): \(run.stderr.suffix(400))")
        #expect(run.stdout.contains(#""id":"last""#))
    }

    @Test func theServerLintsADocumentWhoseFileURIHasThousandsOfFolders() throws {
        for depth in [5_000, 40_000] {
            let uri = "file:///" + String(repeating: "d/", count: depth) + "spec.yaml"
            let run = try Self.serve([Self.initialize, Self.initialized, Self.didOpen(uri, version: "1"),
                                      Self.didChange(uri, version: nil),
                                      #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":10}}}"#,
                                      #"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(uri)"}}}"#,
                                      #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#]
                                     + Self.shutdownAndExit)
            #expect(run.exited && run.status == 0, "\(depth): status \(run.status), signalled \(run.signalled)")
            #expect(run.stdout.contains("blocks the screen"), "\(depth)")
        }
    }

    @Test func theServerAnswersIDsAsTheyCameAndJSONThatIsNotARequestWithInvalidRequest() throws {
        let run = try Self.serve([Self.initialize,
                                  #"{"jsonrpc":"2.0","id":"1.0","method":"no/such"}"#,
                                  #"{"jsonrpc":"2.0","id":9007199254740993,"method":"no/such"}"#,
                                  "[]", "42", #"{"jsonrpc":"2.0"}"#, "{"]
                                 + Self.shutdownAndExit)
        #expect(run.exited && run.status == 0)
        #expect(run.stdout.contains(#""id":"1.0""#), "\(run.stdout)")
        #expect(run.stdout.contains(#""id":9007199254740993"#), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "-32600").count - 1 == 3, "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "-32700").count - 1 == 1, "\(run.stdout)")
    }

    // MARK: The command

    @Test func aStdinFilenameOfThousandsOfFoldersIsLinted() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/spec.yaml")
        for name in [String(repeating: "d/", count: 5_000) + "s.yaml", "/" + String(repeating: "d/", count: 40_000) + "s.yaml",
                     String(repeating: "../", count: 5_000) + "s.yaml"] {
            try Hostile.write(name, to: dir + "/name")
            let run = try Hostile.shell(#"cd "$1" && exec "$0" --stdin-filename "$(cat name)" - < spec.yaml"#, [dir])
            #expect(run.exited && run.status == 1, "\(name.prefix(12)): status \(run.status), signalled \(run.signalled)")
            #expect(run.stdout.contains("blocks the screen"))
        }
    }

    // MARK: The cache

    /// A folder with `companion.yaml` (one error) and a cache folder `cache`.
    static func cached() throws -> String {
        let dir = try Hostile.temporaryFolder()
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/cache", withIntermediateDirectories: false)
        return dir
    }

    @Test func aCacheFileThatIsAFIFOOrAFolderNeverBlocksARunAndIsReplaced() throws {
        for kind in ["fifo", "folder", "link to a fifo"] {
            let dir = try Self.cached()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let file = dir + "/cache/lint-cache.bin"
            switch kind {
            case "fifo": #expect(mkfifo(file, 0o600) == 0)
            case "folder": try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
            default:
                #expect(mkfifo(dir + "/fifo", 0o600) == 0)
                #expect(symlink(dir + "/fifo", file) == 0)
            }
            for round in 1...2 {
                let run = try Hostile.run(["companion.yaml"], in: dir, environment: ["PROGRESS_LINT_CACHE_DIR": dir + "/cache"])
                #expect(run.exited && run.status == 1, "\(kind), run \(round): status \(run.status), timed out \(run.timedOut)")
                #expect(run.stdout.contains(Hostile.companionDiagnostic), "\(kind): \(run.stdout)")
            }
            if kind != "folder" {
                var info = stat()
                #expect(lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "\(kind): the cache was replaced")
            }
        }
    }

    @Test func theServersWorkspaceRunFinishesOverAFIFOCacheFile() throws {
        let dir = try Self.cached()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/cache/lint-cache.bin", 0o600) == 0)
        let start = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"rootUri":"\#(URL(fileURLWithPath: dir).absoluteString)"}}"#,
                     Self.initialized].map(Self.frame).joined()
        try Hostile.write(start, to: dir + "/start")
        try Hostile.write(Self.shutdownAndExit.map(Self.frame).joined(), to: dir + "/end")
        // The session ends once the workspace run has published the companion's findings (or after a minute).
        let script = #"""
            cd "$1" && { cat start; for i in $(seq 600); do grep -q companion.yaml out 2>/dev/null && break; sleep 0.1; done; cat end; } \
                | PROGRESS_LINT_CACHE_DIR="$1/cache" "$0" server > out; status=$?; cat out; exit $status
            """#
        let run = try Hostile.shell(script, [dir])
        #expect(run.exited && run.status == 0)
        #expect(run.stdout.contains("companion.yaml") && run.stdout.contains("blocks the screen"), "\(run.stdout.prefix(2000))")
    }

    static var hasGit: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/git") }

    /// A git repository with `companion.yaml` and `.progress-lint.yml`, linted once (its cache,
    /// in the default folder, written), with the cache added to the index by `git add -f`.
    static func repositoryWithTrackedCache() throws -> String {
        let dir = try Hostile.temporaryFolder()
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write("platform: ios\n", to: dir + "/.progress-lint.yml")
        let setup = try Hostile.shell(#"""
            cd "$1" && git init -q . && PROGRESS_LINT_CACHE_DIR= "$0" companion.yaml > /dev/null; test -f .progress-lint-cache/lint-cache.bin \
              && git add companion.yaml .progress-lint.yml && git add -f .progress-lint-cache/lint-cache.bin \
              && git -c user.name=t -c user.email=t@example.com commit -q -m specs
            """#, [dir])
        #expect(setup.status == 0, "\(setup.stderr)")
        return dir
    }

    @Test(.enabled(if: hasGit, "needs git")) func aCacheFileTrackedByGitIsNeitherReadNorWrittenWithOneNote() throws {
        let dir = try Self.repositoryWithTrackedCache()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A fresh clone (index version 2), then the same with the index in version 4 and a worktree.
        let clone = try Hostile.shell(#"""
            cd "$1" && git clone -q . clone && git -C clone update-index --index-version 4 \
              && git -c user.name=t -c user.email=t@example.com worktree add -q ../wt-$$ 2>/dev/null; echo "../wt-$$"
            """#, [dir])
        let worktree = dir + "/" + clone.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { try? FileManager.default.removeItem(atPath: worktree) }
        for folder in [dir, dir + "/clone", worktree, dir + "/clone/sub"] {
            if folder.hasSuffix("/sub") { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let cache = (folder.hasSuffix("/sub") ? dir + "/clone" : folder) + "/.progress-lint-cache/lint-cache.bin"
            guard FileManager.default.fileExists(atPath: cache) else {
                Issue.record("no cache in \(folder)")
                continue
            }
            let before = try Hostile.snapshot(cache)
            let run = try Hostile.run(folder.hasSuffix("/sub") ? ["../companion.yaml"] : ["companion.yaml"], in: folder,
                                      environment: ["PROGRESS_LINT_CACHE_DIR": ""])
            #expect(run.status == 1 && run.stdout.contains("blocks the screen"), "\(folder): \(run.stdout)")
            #expect(run.stderr.components(separatedBy: "tracked by git").count - 1 == 1, "\(folder): \(run.stderr)")
            #expect(run.stderr.contains("git rm --cached .progress-lint-cache/lint-cache.bin"), "\(run.stderr)")
            let after = try Hostile.snapshot(cache)
            #expect(after.bytes == before.bytes && after.mtime.tv_sec == before.mtime.tv_sec
                    && after.mtime.tv_nsec == before.mtime.tv_nsec, "\(folder): the tracked cache was left as it was")
        }
        // Once it is no longer tracked, the cache is used again, without a note.
        let untrack = try Hostile.shell(#"cd "$1" && git rm -q --cached .progress-lint-cache/lint-cache.bin"#, [dir])
        #expect(untrack.status == 0)
        for _ in 1...2 {
            let run = try Hostile.run(["companion.yaml"], in: dir, environment: ["PROGRESS_LINT_CACHE_DIR": ""])
            #expect(run.status == 1 && !run.stderr.contains("tracked by git"), "\(run.stderr)")
        }
    }

    /// A shard committed without `lint-cache.bin` would be read on a fresh clone (which writes a new
    /// `lint-cache.bin` beside it): any file of the cache's folder that git tracks makes it untrusted.
    @Test(.enabled(if: hasGit, "needs git")) func aCacheShardTrackedWithoutItsMainFileIsNotTrustedEither() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write("platform: ios\n", to: dir + "/.progress-lint.yml")
        let setup = try Hostile.shell(#"""
            cd "$1" && git init -q . && PROGRESS_LINT_CACHE_DIR= "$0" companion.yaml > /dev/null
            shard=$(cd .progress-lint-cache && ls | grep -v '^lint-cache.bin$' | grep '^lint-cache' | head -n 1)
            test -n "$shard" && git add companion.yaml .progress-lint.yml && git add -f ".progress-lint-cache/$shard" \
              && git -c user.name=t -c user.email=t@example.com commit -q -m specs && git clone -q . clone
            """#, [dir])
        #expect(setup.status == 0, "\(setup.stderr)")
        let run = try Hostile.run(["companion.yaml"], in: dir + "/clone", environment: ["PROGRESS_LINT_CACHE_DIR": ""])
        #expect(run.status == 1 && run.stdout.contains("blocks the screen"), "\(run.stdout)")
        #expect(run.stderr.components(separatedBy: "tracked by git").count - 1 == 1, "\(run.stderr)")
        #expect(run.stderr.contains("git rm -r --cached .progress-lint-cache/"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/clone/.progress-lint-cache/lint-cache.bin"),
                "an untrusted cache is not written")
    }

    /// Rewrites the cache's shard file at `path` (format 4: header, records, index, trailer) so that
    /// the entry made from `made` claims to be of `claimed`: the index's content hash replaced and
    /// its checksum made again. What someone who can write the cache can do; false when the file
    /// is not of the format this knows (the cache's format changed: the forge must follow it).
    static func forge(_ path: String, made: [UInt8], claimed: [UInt8]) throws -> Bool {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u64(_ at: Int) -> Int { Int(truncatingIfNeeded: (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }) }
        func put(_ value: UInt64, at: Int) { for k in 0..<8 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) } }
        guard bytes.count > 113, bytes.starts(with: Array("PLCACHE\u{0}".utf8)), bytes[8] == 4 else { return false }
        let header = 73 + (0..<4).reduce(0) { $0 | Int(bytes[69 + $1]) << (8 * $1) }
        let trailer = bytes.count - 40
        let indexOffset = u64(trailer), indexLength = u64(trailer + 8)
        guard header < bytes.count, indexOffset >= header, indexLength >= 0, indexOffset + indexLength == trailer else { return false }
        let old = withUnsafeBytes(of: ContentHash.xxh64(made).littleEndian, Array.init)
        let new = withUnsafeBytes(of: ContentHash.xxh64(claimed).littleEndian, Array.init)
        guard let at = (indexOffset..<(trailer - 8)).first(where: { Array(bytes[$0..<($0 + 8)]) == old }) else { return false }
        bytes.replaceSubrange(at..<(at + 8), with: new)
        let checksum = ContentHash.xxh64(Array(bytes[indexOffset..<trailer]), seed: ContentHash.xxh64(Array(bytes[0..<header])))
        put(checksum, at: trailer + 24)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return true
    }

    /// A forged cache committed to the repository would hide a spec's error (exit 1 becomes 0 on a
    /// fresh clone): a tracked cache is not used, so the error is reported.
    @Test(.enabled(if: hasGit, "needs git")) func aForgedCacheCommittedToTheRepositoryHidesNothing() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clean = Hostile.companion.replacingOccurrences(of: "presentation: overlay, ", with: "")
        try Hostile.write(clean, to: dir + "/companion.yaml")
        try Hostile.write("platform: ios\n", to: dir + "/.progress-lint.yml")
        let environment = ["PROGRESS_LINT_CACHE_DIR": ""]
        let first = try Hostile.run(["companion.yaml"], in: dir, environment: environment)
        #expect(first.status == 0, "\(first.stdout)")
        // The error goes in; the cache is forged to say the file is the clean one.
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let folder = dir + "/.progress-lint-cache"
        let shards = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("lint-cache-") }
        #expect(shards.count == 1, "one file, one shard: \(shards)")
        let shard = folder + "/" + (shards.first ?? "lint-cache-00.bin")
        let forged = try Self.forge(shard, made: Array(clean.utf8), claimed: Array(Hostile.companion.utf8))
        try #require(forged, "the forge knows the shard's format")
        // Untracked, the forged cache is trusted (it is as trustworthy as whoever wrote it).
        let trusted = try Hostile.run(["companion.yaml"], in: dir, environment: environment)
        #expect(trusted.status == 0, "the forge is taken where the cache is not tracked: \(trusted.stdout)")
        let commit = try Hostile.shell(#"""
            cd "$1" && git init -q . && git add companion.yaml .progress-lint.yml && git add -f .progress-lint-cache \
              && git -c user.name=t -c user.email=t@example.com commit -q -m specs && git clone -q . clone
            """#, [dir])
        #expect(commit.status == 0, "\(commit.stderr)")
        for folder in [dir, dir + "/clone"] {
            let run = try Hostile.run(["companion.yaml"], in: folder, environment: environment)
            #expect(run.status == 1 && run.stdout.contains(Hostile.companionDiagnostic), "\(folder): \(run.stdout)")
            #expect(run.stderr.contains("tracked by git"), "\(run.stderr)")
        }
    }

    // MARK: docs-url

    @Test func docsURLTakesOnlyHTTPAndHTTPSAddresses() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let refused = ["javascript:alert(1)", "JavaScript:alert(document.cookie)//https://x", "data:text/html,<b>x</b>",
                       "file:///etc/passwd", "ftp://example.com/rules", "/srv/docs/rules", "docs/rules", "//example.com/r",
                       "https://", "http:///rules", "vbscript:x", "\"https://a.example/\u{202E}x\""]
        for value in refused {
            try Hostile.write("docs-url: \(value)\n", to: dir + "/.progress-lint.yml")
            let run = try Hostile.run(["companion.yaml", "--format", "html", "--output", "report.html"], in: dir)
            #expect(run.status == 2, "\(value): \(run.status)")
            #expect(run.stderr.contains(".progress-lint.yml:1:11") && run.stderr.contains("`docs-url` is the http or https address"),
                    "\(value): \(run.stderr)")
        }
        for value in ["https://docs.example.com/progress-lint/Rules", "HTTP://wiki.example.com/lint/{rule}.html"] {
            try Hostile.write("docs-url: \(value)\n", to: dir + "/.progress-lint.yml")
            let run = try Hostile.run(["companion.yaml", "--format", "json"], in: dir)
            #expect(run.status == 1, "\(value): \(run.stderr)")
            #expect(run.stdout.contains(#""docs""#), "\(value)")
        }
        try FileManager.default.removeItem(atPath: dir + "/.progress-lint.yml")
        for value in ["javascript:alert(1)", "data:,x", "file:///x"] {
            let run = try Hostile.run(["companion.yaml"], in: dir, environment: ["PROGRESS_LINT_DOCS_URL": value])
            #expect(run.status == 2 && run.stderr.contains("PROGRESS_LINT_DOCS_URL"), "\(value): \(run.stderr)")
            #expect(!run.stdout.contains(value))
        }
        let good = try Hostile.run(["companion.yaml", "--format", "json"], in: dir,
                                   environment: ["PROGRESS_LINT_DOCS_URL": "https://docs.example.com/r"])
        #expect(good.status == 1 && good.stdout.contains("https://docs.example.com/r/"))
    }
}
