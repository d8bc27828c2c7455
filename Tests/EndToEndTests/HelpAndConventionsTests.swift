import Foundation
import TestSupport
import Testing

/// Issue 12, "Where people look first": the help users expect and the small conventions of
/// Ruff, ESLint and SwiftLint, checked on the built binary.
@Suite struct HelpAndConventionsTests {
    typealias Run = CommandTests.Run
    static func run(_ arguments: [String], stdin: String? = nil, in directory: String? = nil) throws -> Run {
        try CommandTests.run(arguments, stdin: stdin, in: directory)
    }

    /// The package's folder, from this file's path.
    static let packageRoot = TestFolders.packageRoot.path

    let vague = "screen: S\nindicators:\n  - {id: a, style: spinner, label: Loading}\n"
    let obstructive = "screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Saving your draft}\n"

    // MARK: help

    @Test func topLevelHelpListsTheLintOptionsAndTheSubcommands() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let help = try Self.run(arguments)
            #expect(help.status == 0, "\(arguments)")
            for option in ["--format", "--output", "--config", "--quiet", "--stdin", "--baseline",
                           "--statistics", "--exit-zero", "--version", "<paths>"] {
                #expect(help.stdout.contains(option), "\(arguments) lacks \(option)")
            }
            for subcommand in ["rules", "explain", "init", "schema"] {
                #expect(help.stdout.contains("\n  \(subcommand) "), "\(arguments) lacks \(subcommand)")
            }
            #expect(help.stdout.contains("USAGE: progress-lint [<options>] [<paths> ...]"))
            #expect(!help.stdout.contains("progress-lint lint ["))
            #expect(!help.stdout.contains("generate-docs"), "a contributor's command stays out of users' help")
        }
        // The subcommands' own help is untouched.
        let rulesHelp = try Self.run(["rules", "--help"])
        #expect(rulesHelp.stdout.contains("--category") && !rulesHelp.stdout.contains("--format"))
    }

    @Test func rulesReadsTheConfigurationOfTheCurrentFolder() throws {
        let dir = try CommandTests.temporaryFolder()
        try "rules:\n  vague-label: error\n  offer-cancel: off\n"
            .write(toFile: dir + "/.progress-lint.yml", atomically: true, encoding: .utf8)
        let rules = try Self.run(["rules"], in: dir)
        #expect(rules.status == 0)
        let vagueLine = rules.stdout.split(separator: "\n").first { $0.hasPrefix("vague-label ") }
        #expect(vagueLine?.hasSuffix("warning  error") == true, "\(vagueLine ?? "none")")
        let offerLine = rules.stdout.split(separator: "\n").first { $0.hasPrefix("offer-cancel ") }
        #expect(offerLine?.hasSuffix("info     off") == true, "\(offerLine ?? "none")")
        // From a subfolder too, as linting finds it.
        try FileManager.default.createDirectory(atPath: dir + "/specs", withIntermediateDirectories: true)
        #expect(try Self.run(["rules"], in: dir + "/specs").stdout.contains("warning  error"))
        // --config names another one.
        try "rules:\n  vague-label: off\n".write(toFile: dir + "/other.yml", atomically: true, encoding: .utf8)
        let other = try Self.run(["rules", "--config", "other.yml", "--severity", "off"], in: dir)
        #expect(other.stdout.contains("vague-label ") && !other.stdout.contains("offer-cancel "))
    }

    @Test func rulesFiltersByCategoryAndEffectiveLevel() throws {
        let dir = try CommandTests.temporaryFolder()
        try "rules:\n  vague-label: error\n".write(toFile: dir + "/.progress-lint.yml", atomically: true, encoding: .utf8)
        let wording = try Self.run(["rules", "--category", "wording"], in: dir)
        #expect(wording.status == 0)
        let ids = wording.stdout.split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: " ")[0] }
        #expect(ids.contains("vague-label") && ids.contains("missing-label"))
        #expect(wording.stdout.split(separator: "\n").dropFirst().dropLast().allSatisfy { $0.contains(" Wording ") })
        let multiWord = try Self.run(["rules", "--category", "progress-integrity"], in: dir)
        #expect(multiWord.stdout.contains("never-backwards") && !multiWord.stdout.contains("vague-label"))

        let errors = try Self.run(["rules", "--category", "wording", "--severity", "error"], in: dir)
        #expect(errors.stdout.contains("vague-label") && !errors.stdout.contains("missing-label"))
        #expect(errors.stdout.contains("1 of 46 rules") || errors.stdout.contains(" of "))

        let unknownCategory = try Self.run(["rules", "--category", "spelling"], in: dir)
        #expect(unknownCategory.status == 2)
        #expect(unknownCategory.stderr.contains("unknown category 'spelling'; use one of input, timing"))
        let unknownLevel = try Self.run(["rules", "--severity", "fatal"], in: dir)
        #expect(unknownLevel.status == 2)
        #expect(unknownLevel.stderr.contains("unknown level 'fatal'"))
    }

    @Test func explainRendersForATerminal() throws {
        let explain = try Self.run(["explain", "vague-label"])
        #expect(explain.status == 0)
        let text = explain.stdout
        #expect(text.hasPrefix("vague-label: Vague label\n========================\n"))
        // What the rule reports is shown as the linter prints it (messages write keys in backticks);
        // everything else is rendered, with no Markdown left.
        let prose = text.split(separator: "\n").filter {
            $0.range(of: #"^\s+\d+:\d+: (error|warning|info): "#, options: .regularExpression) == nil
        }.joined(separator: "\n")
        #expect(!prose.contains("<!--") && !prose.contains("```") && !prose.contains("`") && !prose.contains("| ---"))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("#") && !$0.hasPrefix("# progress-lint") })
        #expect(text.contains("\nWHAT IT FLAGS\n") && text.contains("\nEXAMPLES\n"))
        #expect(text.contains("\n    screen: Inbox\n"), "code blocks are indented")
        #expect(text.contains("Human Interface Guidelines: Progress indicators <https://developer.apple.com/"))
        #expect(!text.contains("](http"))
    }

    @Test func explainSuggestsTheClosestRuleOnATypo() throws {
        let typo = try Self.run(["explain", "vague-lable"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown rule `vague-lable`; did you mean `vague-label`?"))
        #expect(typo.stdout.isEmpty)
        let nothingClose = try Self.run(["explain", "zzzzzzzzzzzzzz"])
        #expect(nothingClose.status == 2 && !nothingClose.stderr.contains("did you mean"))
    }

    @Test func generateDocsRefusesOutsideThePackage() throws {
        let dir = try CommandTests.temporaryFolder()
        let outside = try Self.run(["generate-docs"], in: dir)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("run it in the package's folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no Rules/ written")
        // A Package.swift that names another package is not this one.
        try "let package = Package(name: \"other\")\n".write(toFile: dir + "/Package.swift", atomically: true, encoding: .utf8)
        #expect(try Self.run(["generate-docs"], in: dir).status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Package.swift"])
        // Inside the package, --output may not leave it.
        let escaping = try Self.run(["generate-docs", "--output", dir + "/Rules"], in: Self.packageRoot)
        #expect(escaping.status == 2)
        #expect(escaping.stderr.contains("is outside the package"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Package.swift"])
    }

    @Test func generateDocsWritesRulesAtThePackageRootFromASubfolder() throws {
        // A stand-in for a checkout: a folder whose Package.swift names progress-lint.
        let root = try CommandTests.temporaryFolder()
        try "let package = Package(\n    name: \"progress-lint\",\n)\n"
            .write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        try "# The spec format\n\n<!-- keys:begin (generated by `progress-lint generate-docs` from the key table) -->\n"
            .appending("<!-- keys:end -->\n").write(toFile: root + "/docs/spec-format.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/Sources/deep", withIntermediateDirectories: true)
        let run = try Self.run(["generate-docs"], in: root + "/Sources/deep")
        #expect(run.status == 0, "\(run.stderr)")
        // The spec format page of the package gets its key tables.
        #expect(try String(contentsOfFile: root + "/docs/spec-format.md", encoding: .utf8).contains("| `show-after` |"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: root + "/Rules")
        #expect(pages.contains("vague-label.md") && pages.contains("README.md"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Sources/deep/Rules"))
        // --output inside the package is fine.
        #expect(try Self.run(["generate-docs", "--output", "../pages"], in: root + "/Sources/deep").status == 0)
        #expect(FileManager.default.fileExists(atPath: root + "/Sources/pages/vague-label.md"))
    }

    // MARK: small conventions

    @Test func aDashPathReadsStandardInput() throws {
        let plain = try Self.run(["-"], stdin: vague)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("<stdin>:3:") && plain.stdout.contains("[vague-label]"), "\(plain.stdout)")
        let named = try Self.run(["-", "--stdin-filename", "specs/inbox.yaml"], stdin: vague)
        #expect(named.stdout.contains("specs/inbox.yaml:3:") && !named.stdout.contains("<stdin>"), "\(named.stdout)")
        let json = try Self.run(["--format", "json", "-"], stdin: obstructive)
        #expect(json.status == 1 && json.stdout.contains("\"<stdin>\""))

        let mixed = try Self.run(["-", "other.yaml"], stdin: vague)
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("- reads standard input; give it alone"))
        #expect(try Self.run(["--stdin-filename", "x.yaml", "spec.yaml"]).status == 2)
    }

    @Test func statisticsCountFindingsByRuleAfterTheReport() throws {
        let dir = try CommandTests.temporaryFolder()
        try vague.write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try vague.write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        try obstructive.write(toFile: dir + "/c.yaml", atomically: true, encoding: .utf8)
        let run = try Self.run(["--statistics", "."], in: dir)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let summary = try #require(lines.firstIndex { $0.contains(" problems (") })
        let statistics = Array(lines[(summary + 1)...])
        // count <tab> rule id (padded) <tab> rule name; most frequent first; each count as reported.
        let rows = statistics.map { $0.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.count == 3 }, "\(statistics)")
        let counts = rows.map { Int($0[0]) ?? -1 }
        #expect(counts == counts.sorted(by: >), "\(statistics)")
        for row in rows where row.count == 3 {
            let reported = lines[..<summary].filter { $0.hasSuffix("[\(row[1])]") }.count
            #expect(Int(row[0]) == reported, "\(row)")
        }
        #expect(rows.contains(["2", "vague-label", "Vague label"]), "\(statistics)")
        #expect(rows.contains(["1", "obstructive-needs-exit", "Obstructive indicator needs a way out"]), "\(statistics)")
        #expect(Set(statistics.map { $0.split(separator: "\t")[1].count }).count == 1, "ids are padded to one width")
        // Without the flag, no statistics.
        #expect(try !Self.run(["."], in: dir).stdout.contains("\tvague-label"))
        // A machine-readable report keeps standard output to itself.
        let json = try Self.run(["--statistics", "--format", "json", "."], in: dir)
        #expect(json.stdout.hasPrefix("{") && !json.stdout.contains("\tvague-label"))
        #expect(json.stderr.contains("2\tvague-label"))
        // --quiet counts what it shows: errors only.
        let quiet = try Self.run(["--statistics", "--quiet", "."], in: dir)
        #expect(quiet.stdout.contains("1\tobstructive-needs-exit") && !quiet.stdout.contains("\tvague-label"))
    }

    @Test func exitZeroExitsZeroOnFindingsButNotOnUsageOrConfigurationProblems() throws {
        let dir = try CommandTests.temporaryFolder()
        try obstructive.write(toFile: dir + "/c.yaml", atomically: true, encoding: .utf8)
        #expect(try Self.run(["c.yaml"], in: dir).status == 1)
        let zero = try Self.run(["--exit-zero", "c.yaml"], in: dir)
        #expect(zero.status == 0)
        #expect(zero.stdout.contains("error:"), "the findings are still reported")
        try vague.write(toFile: dir + "/v.yaml", atomically: true, encoding: .utf8)
        #expect(try Self.run(["--exit-zero", "--max-warnings", "0", "v.yaml"], in: dir).status == 0)
        #expect(try Self.run(["--exit-zero", "--format", "nope", "c.yaml"], in: dir).status == 2)
        try "rules: [\n".write(toFile: dir + "/.progress-lint.yml", atomically: true, encoding: .utf8)
        #expect(try Self.run(["--exit-zero", "c.yaml"], in: dir).status == 2)
    }

    @Test func initWritesACommentedDefaultConfigurationOnce() throws {
        let dir = try CommandTests.temporaryFolder()
        let defaults = try Self.run(["--print-config", "spec.yaml"], in: dir)
        let first = try Self.run(["init"], in: dir)
        #expect(first.status == 0)
        let written = try String(contentsOfFile: dir + "/.progress-lint.yml", encoding: .utf8)
        #expect(written.hasPrefix("# "))
        #expect(written.contains("\n# Each rule's level: off, info, warning or error.\n"))
        #expect(written.contains("\n# platform: ios\n") && written.contains("\n# extends: "))
        // Loaded, it gives the default configuration: --print-config shows the same values.
        let loaded = try Self.run(["--print-config", "spec.yaml"], in: dir)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        func values(_ text: String) -> [String] {
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                String(line.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(values(loaded.stdout) == values(defaults.stdout))
        #expect(loaded.stdout.contains("# from .progress-lint.yml"))
        // Every option is written: each value line of the defaults is in the file.
        for line in values(defaults.stdout) where !line.hasSuffix(":") {
            #expect(written.contains(line), "\(line) is missing")
        }
        // Never overwritten.
        try (written + "# mine\n").write(toFile: dir + "/.progress-lint.yml", atomically: true, encoding: .utf8)
        let again = try Self.run(["init"], in: dir)
        #expect(again.status == 2)
        #expect(again.stderr.contains(".progress-lint.yml already exists"))
        #expect(try String(contentsOfFile: dir + "/.progress-lint.yml", encoding: .utf8).hasSuffix("# mine\n"))
        // Nor written beside a .progress-lint.yaml.
        let other = try CommandTests.temporaryFolder()
        try "rules: {}\n".write(toFile: other + "/.progress-lint.yaml", atomically: true, encoding: .utf8)
        #expect(try Self.run(["init"], in: other).status == 2)
        #expect(!FileManager.default.fileExists(atPath: other + "/.progress-lint.yml"))
    }

    @Test func anUnquotedColonInAValueSaysToQuoteIt() throws {
        let spec = "screen: Upload\nindicators:\n  - id: up\n    style: bar\n    label: Step 2: Upload\n"
        let run = try Self.run(["-", "--stdin-filename", "upload.yaml"], stdin: spec)
        #expect(run.status == 1)
        #expect(run.stdout.contains(
            "upload.yaml:5:18: error: mapping values are not allowed in this context; "
            + "if `Step 2: Upload` is one text, quote it: `label: \"Step 2: Upload\"` [yaml-syntax]"), "\(run.stdout)")
        // Other syntax errors keep libyaml's message alone.
        let unclosed = try Self.run(["-"], stdin: "screen: S\nindicators: [\n")
        #expect(unclosed.status == 1 && !unclosed.stdout.contains("quote it"))
    }
}
