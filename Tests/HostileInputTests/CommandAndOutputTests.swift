import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The command and its output: no report or baseline over a spec, no forged workflow command,
/// no raw control, bidi or zero-width character, no blocking FIFO, no file counted twice.
@Suite struct CommandAndOutputTests {
    /// A folder with `companion.yaml` and `s.yaml` (both with one error).
    func specs() throws -> String {
        let dir = try Hostile.temporaryFolder()
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write(Hostile.companion, to: dir + "/s.yaml")
        return dir
    }

    func unchanged(_ path: String) throws -> Bool {
        try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Hostile.companion.utf8)
    }

    @Test func aReportIsNeverWrittenOverASpecTheRunLints() throws {
        let dir = try specs()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        #expect(symlink("s.yaml", dir + "/link.txt") == 0)
        for target in ["s.yaml", "./s.yaml", "sub/../s.yaml", dir + "/s.yaml", "link.txt"] {
            for format in ["text", "json", "sarif", "junit", "github"] {
                let run = try Hostile.run(["companion.yaml", "s.yaml", "--format", format, "--output", target], in: dir)
                #expect(run.status == 2, "\(format) to \(target)")
                #expect(run.stderr.contains("progress-lint: refusing to write the \(format) report to \(target): "
                                            + "this run lints that file; give --output a path of its own"), "\(run.stderr)")
                #expect(try unchanged(dir + "/s.yaml"))
            }
        }
        let named = try Hostile.run(["companion.yaml", "link.txt", "--output", "s.yaml"], in: dir)
        #expect(named.status == 2)
        #expect(named.stderr.contains("refusing to write the text report to s.yaml: this run lints that file"))
        #expect(try unchanged(dir + "/s.yaml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["companion.yaml", "link.txt", "s.yaml", "sub"])
    }

    @Test func aBaselineIsNeverWrittenOverASpecTheRunLints() throws {
        let dir = try specs()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink("s.yaml", dir + "/link.txt") == 0)
        for target in ["s.yaml", "./s.yaml", "link.txt"] {
            let run = try Hostile.run(["companion.yaml", "s.yaml", "--write-baseline", target], in: dir)
            #expect(run.status == 2)
            #expect(run.stderr.contains("progress-lint: refusing to write the baseline to \(target): this run lints "
                                        + "that file; give --write-baseline a path of its own"), "\(run.stderr)")
            #expect(try unchanged(dir + "/s.yaml"))
        }
    }

    @Test func aSpecReachedThroughALinkInAWalkedFolderIsNeverWrittenOver() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/specs", withIntermediateDirectories: false)
        // A flow-style spec: nothing in its text gives it away, only its identity.
        let flow = "{screen: S, indicators: [{id: a, style: spinner, presentation: overlay, label: Loading}]}\n"
        try Hostile.write(flow, to: dir + "/spec.txt")
        try Hostile.write(Hostile.companion, to: dir + "/specs/companion.yaml")
        #expect(symlink("../spec.txt", dir + "/specs/linked.yaml") == 0)
        let run = try Hostile.run(["specs", "--output", "spec.txt"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.contains("refusing to write the text report to spec.txt: this run lints that file"), "\(run.stderr)")
        #expect(try String(contentsOfFile: dir + "/spec.txt", encoding: .utf8) == flow)
    }

    @Test func aReportReplacesOnlyAnEarlierReportOfItsKind() throws {
        let dir = try specs()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/other.yml")
        try Hostile.write("my notes\n", to: dir + "/notes.txt")
        try Hostile.write("# a spec kept under another name\nscreen: S\nindicators: []\n", to: dir + "/spec.bak")
        let refusals: [([String], String)] = [
            (["--output", "other.yml"], "refusing to write the text report to other.yml: it is an existing YAML file"),
            (["--write-baseline", "other.yml"], "refusing to write the baseline to other.yml: it is an existing YAML file"),
            (["--format", "json", "--output", "notes.txt"],
             "refusing to write the json report to notes.txt: the existing file is not a progress-lint json report"),
            (["--format", "junit", "--output", "notes.txt"], "the existing file is not a progress-lint junit report"),
            (["--write-baseline", "notes.txt"], "the existing file is not a progress-lint baseline"),
            (["--output", "spec.bak"], "refusing to write the text report to spec.bak: the existing file is not a progress-lint text report"),
        ]
        for (arguments, message) in refusals {
            let run = try Hostile.run(["companion.yaml"] + arguments, in: dir)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(try String(contentsOfFile: dir + "/notes.txt", encoding: .utf8) == "my notes\n")
        #expect(try unchanged(dir + "/other.yml"))
        // Earlier reports of the same kind, and a text report over notes, are replaced as usual.
        for arguments in [["--format", "json", "--output", "r.json"], ["--format", "sarif", "--output", "r.sarif"],
                          ["--format", "junit", "--output", "r.xml"], ["--write-baseline", "b.json"],
                          ["--output", "notes.txt"]] {
            for _ in 0..<2 {
                let run = try Hostile.run(["companion.yaml", "s.yaml"] + arguments, in: dir)
                #expect(run.status == (arguments[0] == "--write-baseline" ? 0 : 1), "\(arguments): \(run.stderr)")
            }
        }
        #expect(try String(contentsOfFile: dir + "/notes.txt", encoding: .utf8).contains(Hostile.companionDiagnostic))
        let overBaseline = try Hostile.run(["companion.yaml", "--baseline", "b.json", "--output", "b.json"], in: dir)
        #expect(overBaseline.status == 2)
        #expect(overBaseline.stderr.contains("refusing to write the text report to b.json: it is the --baseline this run reads"))
    }

    @Test func anOutputFIFOWithNoReaderFailsAtOnce() throws {
        let dir = try specs()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let run = try Hostile.run(["companion.yaml", "--output", "fifo"], in: dir)
        #expect(run.exited)
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: cannot write fifo: nothing is reading this FIFO"), "\(run.stderr)")
        // With a reader, the report goes through.
        let read = try Hostile.shell("cd \"$1\" && { cat fifo > got & } && \"$0\" companion.yaml --output fifo; s=$?; wait; "
                                     + "cat got; echo \"status=$s\"", [dir])
        #expect(read.stdout.contains(Hostile.companionDiagnostic))
        #expect(read.stdout.contains("status=1"))
    }

    /// Lines the runner would read as a command: `::` after leading white space, or `##[` anywhere.
    func forgedCommands(_ text: String, ownFiles: Bool) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0.isWhitespace }
            if line.contains("##[") { return true }
            guard trimmed.hasPrefix("::") else { return false }
            // The github format's own annotations, their file property with `:` and `,` escaped.
            let own = ["::error file=", "::warning file=", "::notice file="].contains { trimmed.hasPrefix($0) }
            return !(ownFiles && own && !trimmed.contains("file=README.md,"))
        }
    }

    @Test func fileNamesCannotForgeWorkflowCommands() throws {
        let names = ["::stop-commands::pwned.yaml", "::error file=README.md,line=1::x.yaml",
                     " ::warning::spaced.yaml", "\u{3000}::notice::wide.yaml", "a##[error]mid.yaml"]
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        for name in names { try Hostile.write(Hostile.companion, to: dir + "/" + name) }
        for arguments in [[], ["--format", "text"], ["--list-files"], ["--format", "github"]] {
            let run = try Hostile.run(arguments + ["companion.yaml"] + names, in: dir, environment: ["GITHUB_ACTIONS": "true"])
            #expect(run.status == (arguments == ["--list-files"] ? 0 : 1))
            #expect(forgedCommands(run.stdout, ownFiles: arguments.isEmpty || arguments.contains("github")).isEmpty,
                    "\(arguments): \(run.stdout)")
            #expect(forgedCommands(run.stderr, ownFiles: false).isEmpty, "\(run.stderr)")
            #expect(run.stdout.contains("companion.yaml"))
            for name in names { #expect(try unchanged(dir + "/" + name)) }
        }
        let text = try Hostile.run(["companion.yaml"] + names, in: dir, environment: ["GITHUB_ACTIONS": "true"])
        #expect(text.stdout.contains("\n./::stop-commands::pwned.yaml:3:5: error: indicator 'a' blocks the screen"))
        #expect(text.stdout.contains("\n./ ::warning::spaced.yaml:3:5: error:"))
        #expect(text.stdout.contains("\na##\\u{5B}error]mid.yaml:3:5: error:"))
        #expect(text.stdout.contains(Hostile.companionDiagnostic))
    }

    @Test func textFromASpecCannotStartANewLine() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write("screen: \"S\\n::stop-commands::x\"\nindicators:\n  - {id: \"a\\n::warning::forged\\r::error::cr##[error]x\", "
                          + "style: spinner, presentation: overlay, label: \"Loading\\n##[error]x\"}\n", to: dir + "/lines.yaml")
        for format in ["text", "github", "junit", "json", "sarif"] {
            let run = try Hostile.run(["--format", format, "companion.yaml", "lines.yaml"], in: dir,
                                      environment: ["GITHUB_ACTIONS": "true"])
            #expect(run.status == 1)
            #expect(forgedCommands(run.stdout, ownFiles: true).isEmpty, "\(format): \(run.stdout)")
            #expect(run.stdout.contains("companion.yaml"))
        }
        let text = try Hostile.run(["companion.yaml", "lines.yaml"], in: dir)
        let json = try Hostile.run(["--format", "json", "companion.yaml", "lines.yaml"], in: dir)
        #expect(json.stdout.contains("cr##\\u005berror]x"), "\(json.stdout)")
        #expect(text.stdout.contains("indicator 'a\\u{A}::warning::forged\\u{D}::error::cr##\\u{5B}error]x' blocks the screen"), "\(text.stdout)")
    }

    @Test func bidiAndZeroWidthCharactersAreEscapedInTextGitHubAndJUnit() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let hidden: [Unicode.Scalar] = ["\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200B}", "\u{200F}", "\u{2060}", "\u{FEFF}"]
        let id = "a" + hidden.map { String($0) }.joined() + "b"
        try Hostile.write("screen: S\nindicators:\n  - {id: \"\(id)\", style: spinner, presentation: overlay, label: Loading}\n",
                          to: dir + "/hidden.yaml")
        for format in ["text", "github", "junit"] {
            let run = try Hostile.run(["--format", format, "companion.yaml", "hidden.yaml"], in: dir)
            #expect(run.status == 1)
            for scalar in hidden { #expect(!run.stdout.unicodeScalars.contains(scalar), "\(format): U+\(scalar.value)") }
            #expect(run.stdout.contains("a\\u{202A}\\u{202E}\\u{2066}\\u{2069}\\u{200B}\\u{200F}\\u{2060}\\u{FEFF}b"), "\(format)")
            #expect(run.stdout.contains("companion.yaml"))
        }
    }

    @Test func argumentTextIsEscapedInErrorMessages() throws {
        let dir = try specs()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let escape = "\u{1B}]0;owned\u{07}\u{1B}[31m"
        for arguments in [["--format", "x\(escape)"], ["--output", "missing/\(escape).txt"],
                          ["--write-baseline", "missing/\(escape).json"], ["--format", "json", "--output", "a\(escape)",
                                                                          "--format", "sarif", "--output", "a\(escape)"],
                          ["--jobs", escape]] {
            let run = try Hostile.run(["companion.yaml"] + arguments, in: dir)
            #expect(run.status == 2, "\(arguments)")
            #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("\\u{1B}]0;owned\\u{7}\\u{1B}[31m"), "\(arguments): \(run.stderr)")
        }
        let rules = try Hostile.run(["rules", "--config", "missing\(escape).yml"], in: dir)
        #expect(rules.status == 2)
        #expect(!rules.stderr.contains("\u{1B}"), "\(rules.stderr)")
        #expect(rules.stderr.contains("configuration error: missing\\u{1B}]0;owned"), "\(rules.stderr)")
    }

    @Test func sarifURIsEncodeBackslashesAndReservedCharacters() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = ["a\\b.yaml": "a%5Cb.yaml", "50% #1?.yaml": "50%25%20%231%3F.yaml"]
        for name in names.keys { try Hostile.write(Hostile.companion, to: dir + "/" + name) }
        let run = try Hostile.run(["--format", "sarif"] + names.keys.sorted(), in: dir)
        #expect(run.status == 1)
        for uri in names.values { #expect(run.stdout.contains("\"uri\": \"\(uri)\"") || run.stdout.contains("\"uri\":\"\(uri)\""), "\(uri)") }
        #expect(!run.stdout.contains("\"a/b.yaml\""))
    }

    @Test func aFileNamedWithDotAndDoubleSlashSegmentsIsLintedAndCountedOnce() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/a/b", withIntermediateDirectories: true)
        try Hostile.write(Hostile.companion, to: dir + "/a/b/x.yaml")
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let run = try Hostile.run(["./a/b/x.yaml", "a/b/x.yaml", "a//b/./x.yaml", "companion.yaml"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.components(separatedBy: "x.yaml:3:5: error: indicator 'a' blocks the screen").count == 2,
                "\(run.stdout)")
        #expect(run.stdout.contains(" in 2 files, 2 screens, 2 indicators"), "\(run.stdout)")
        #expect(run.stdout.contains(Hostile.companionDiagnostic))
    }

    @Test func globsThatWouldBlowUpFinishAtOnceAndBadGlobsAreErrors() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let deep = (0..<17).map { "d\($0)" }.joined(separator: "/")
        try FileManager.default.createDirectory(atPath: dir + "/" + deep, withIntermediateDirectories: true)
        try Hostile.write(Hostile.companion, to: dir + "/" + deep + "/deep.yaml")
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let braces = String(repeating: "{a,b}", count: 22)
        let stars = String(repeating: "**/", count: 16) + "zz"
        try Hostile.write("include: [\"\(braces)\", \"**/*.yaml\"]\nexclude: [\"\(stars)\"]\n", to: dir + "/.progress-lint.yml")
        let run = try Hostile.run(["."], in: dir)
        #expect(run.exited)
        #expect(run.status == 1)
        #expect(run.stdout.contains("deep.yaml:3:5: error:"))
        #expect(run.stdout.contains(Hostile.companionDiagnostic))
        try Hostile.write("platform: web\nexclude:\n  - legacy/**\n  - \"specs/[ab.yaml\"\n", to: dir + "/.progress-lint.yml")
        let bad = try Hostile.run(["."], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(".progress-lint.yml:4:5: `exclude` pattern `specs/[ab.yaml` is not a valid glob: "
                                    + "`[` at character 7 is not closed"), "\(bad.stderr)")
    }
}
