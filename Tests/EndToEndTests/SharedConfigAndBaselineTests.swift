import Foundation
import Testing

/// `extends`, `--print-config` provenance, baselines across folders and runs, and paths shown
/// the same way in every format, run with the built binary.
@Suite struct SharedConfigAndBaselineTests {
    static let vague = "screen: S\nindicators:\n  - {id: a, style: spinner, label: Loading}\n"
    static let broken = "screen: B\nindicators:\n  - {id: b, style: wobble}\n"

    func run(_ arguments: [String], in dir: String) throws -> CommandTests.Run {
        try CommandTests.run(arguments, in: dir)
    }

    func folder(_ files: [String: String]) throws -> String { try CommandTests.folder(files) }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func rules(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let list = try #require(object["diagnostics"] as? [[String: Any]])
        return list.compactMap { ($0["rule"] ?? $0["ruleId"] ?? $0["ruleID"]) as? String }
    }

    @Test func aNearestConfigExtendsTheRootOneKeyByKey() throws {
        let dir = try folder([
            ".progress-lint.yml": "platform: ios\nrules: {vague-label: error, offer-cancel: off}\n",
            "app/.progress-lint.yml": "extends: ../.progress-lint.yml\nrules: {vague-label: info}\n",
            "app/a.yaml": Self.vague,
        ])
        let r = try run(["app/a.yaml"], in: dir)
        #expect(r.stdout.contains("[vague-label]"))
        #expect(r.stdout.split(separator: "\n").filter { $0.hasSuffix("[vague-label]") }.allSatisfy { $0.contains(" info: ") })
        #expect(!r.stdout.contains("[offer-cancel]"))   // inherited from the root config
        let printed = try run(["--print-config", "app/a.yaml"], in: dir)
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("platform: ios  # from .progress-lint.yml\n"))
        #expect(printed.stdout.contains("  vague-label: info  # from app/.progress-lint.yml\n"))
        #expect(printed.stdout.contains("  offer-cancel: off  # from .progress-lint.yml\n"))
        #expect(printed.stdout.contains("  noticeable: 1s  # default\n"))
    }

    @Test func extendsTakesAListAndListsAreReplacedWhole() throws {
        let dir = try folder([
            "shared/a.yml": "vague-labels: [Loading]\nthresholds: {attention: 30s}\n",
            "shared/b.yml": "thresholds: {noticeable: 2s}\n",
            "cfg.yml": "extends: [shared/a.yml, shared/b.yml]\nvague-labels: [Working]\n",
            "a.yaml": Self.vague,
        ])
        let r = try run(["--config", "cfg.yml", "-f", "json", "a.yaml"], in: dir)
        #expect(try !rules(r.stdout).contains("vague-label"))   // [Working] replaced [Loading]
        let printed = try run(["--config", "cfg.yml", "--print-config", "a.yaml"], in: dir)
        #expect(printed.stdout.contains("  attention: 30s  # from shared/a.yml:2\n"))
        #expect(printed.stdout.contains("  noticeable: 2s  # from shared/b.yml:1\n"))
        #expect(printed.stdout.contains("vague-labels: [\"Working\"]  # from cfg.yml\n"))
    }

    @Test func printConfigOfAnExtendingConfigRoundTrips() throws {
        let dir = try folder([
            ".progress-lint.yml": "platform: android\nthresholds: {attention: 20s}\nrules: {vague-label: error}\nlimits: {max-depth: 40}\n",
            "app/.progress-lint.yml": "extends: ../.progress-lint.yml\nexclude: [old/**]\nrules: {offer-cancel: off}\n",
            "app/a.yaml": Self.vague,
        ])
        let first = try run(["--print-config", "app/a.yaml"], in: dir)
        #expect(first.status == 0)
        try first.stdout.write(toFile: dir + "/app/printed.yml", atomically: true, encoding: .utf8)
        let again = try run(["--config", "app/printed.yml", "--print-config", "app/a.yaml"], in: dir)
        #expect(again.status == 0)
        func settings(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "  #", maxSplits: 1)[0] }
        }
        #expect(settings(again.stdout) == settings(first.stdout))
        #expect(settings(first.stdout).contains("  max-depth: 40"))
    }

    @Test func aCycleOrAMissingExtendedFileIsAConfigErrorNamingTheChain() throws {
        let dir = try folder([
            "a.yml": "extends: b.yml\n", "b.yml": "extends:\n  - a.yml\n",
            "c.yml": "extends: missing.yml\n", "x.yaml": Self.vague,
        ])
        let cycle = try run(["--config", "a.yml", "x.yaml"], in: dir)
        #expect(cycle.status == 2)
        #expect(cycle.stderr.contains("b.yml:2:5: `extends: a.yml` makes a cycle: a.yml → b.yml → a.yml"))
        let missing = try run(["--config", "c.yml", "x.yaml"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("c.yml:1:10: `extends: missing.yml` cannot be read"))
        #expect(missing.stderr.contains("c.yml → missing.yml"))
        #expect(try run(["--config", "c.yml", "--print-config", "x.yaml"], in: dir).status == 2)
    }

    @Test func writingABaselineForSomeFilesKeepsTheOthersEntries() throws {
        let dir = try folder(["specs/a.yaml": Self.vague, "specs/b.yaml": Self.vague])
        #expect(try run(["--write-baseline", "baseline.json", "specs"], in: dir).status == 0)
        let all = try String(contentsOfFile: dir + "/baseline.json", encoding: .utf8)
        #expect(all.contains("\"specs/a.yaml\"") && all.contains("\"specs/b.yaml\""))
        try Self.vague.replacingOccurrences(of: "Loading", with: "Loading your inbox")
            .write(toFile: dir + "/specs/a.yaml", atomically: true, encoding: .utf8)
        let partial = try run(["--write-baseline", "baseline.json", "specs/a.yaml"], in: dir)
        #expect(partial.status == 0)
        #expect(partial.stderr.contains("kept "))
        let after = try String(contentsOfFile: dir + "/baseline.json", encoding: .utf8)
        let bLines = { (text: String) in text.split(separator: "\n").filter { $0.contains("specs/b.yaml") } }
        #expect(bLines(after) == bLines(all))
        #expect(!after.contains("{\"path\": \"specs/a.yaml\", \"rule\": \"vague-label\""))
        #expect(try run(["--baseline", "baseline.json", "specs"], in: dir).status == 0)
    }

    @Test func aBaselineMatchesFromAnotherFolderAndWithAbsolutePaths() throws {
        let dir = try folder(["specs/a.yaml": Self.vague, "ci/.keep": ""])
        #expect(try run(["--write-baseline", "ci/baseline.json", "specs"], in: dir).status == 0)
        let text = try String(contentsOfFile: dir + "/ci/baseline.json", encoding: .utf8)
        #expect(text.contains("\"../specs/a.yaml\""))
        let inside = try run(["--baseline", "../ci/baseline.json", "a.yaml"], in: dir + "/specs")
        #expect(inside.stdout.hasPrefix("no problems"))
        #expect(inside.stderr == "")
        let absolute = try run(["--baseline", dir + "/ci/baseline.json", dir + "/specs/a.yaml"], in: "/")
        #expect(absolute.stdout.hasPrefix("no problems"))
        #expect(absolute.stderr == "")
    }

    @Test func staleEntriesAreCountedWithHowToRefresh() throws {
        let dir = try folder(["specs/a.yaml": Self.vague])
        #expect(try run(["--write-baseline", "baseline.json", "specs"], in: dir).status == 0)
        try Self.vague.replacingOccurrences(of: "Loading", with: "Loading your inbox")
            .write(toFile: dir + "/specs/a.yaml", atomically: true, encoding: .utf8)
        let r = try run(["--baseline", "baseline.json", "./specs"], in: dir)
        #expect(r.stderr.contains("note: baseline entry specs/a.yaml: vague-label at indicators[a].label no longer matches"))
        #expect(r.stderr.contains("note: 1 stale baseline entries; run with --write-baseline baseline.json to drop them"))
    }

    @Test func inputRuleErrorsAreNotBaselinedAndNeverHidden() throws {
        let dir = try folder(["specs/a.yaml": Self.vague, "specs/b.yaml": Self.broken])
        let write = try run(["--write-baseline", "baseline.json", "specs"], in: dir)
        #expect(write.status == 1)
        #expect(write.stderr.contains("1 spec-schema findings cannot be baselined; fix them"))
        #expect(write.stdout.contains("[spec-schema]"))
        let text = try String(contentsOfFile: dir + "/baseline.json", encoding: .utf8)
        #expect(!text.contains("spec-schema"))
        // An old baseline that lists them hides nothing of them.
        let listing = text.replacingOccurrences(of: "\"entries\": [\n",
            with: "\"entries\": [\n    {\"path\": \"specs/b.yaml\", \"rule\": \"spec-schema\", \"yamlPath\": \"indicators[b].style\", \"count\": 1},\n")
        try listing.write(toFile: dir + "/baseline.json", atomically: true, encoding: .utf8)
        let r = try run(["--baseline", "baseline.json", "specs"], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("[spec-schema]"))
    }

    @Test func everyFormatShowsTheSamePathWithOrWithoutALeadingDotSlash() throws {
        let root = IntegrationCommandTests.packageRoot.path
        guard FileManager.default.fileExists(atPath: root + "/Examples/ios/feed.yaml") else { return }
        for format in ["text", "json", "sarif", "github", "junit"] {
            let dotted = try run(["-f", format, "./Examples/ios/feed.yaml"], in: root)
            let plain = try run(["-f", format, "Examples/ios/feed.yaml"], in: root)
            // JUnit's timestamp is the second the report was written: two runs may differ there only.
            func withoutTimestamp(_ text: String) -> String {
                text.replacingOccurrences(of: #"timestamp="[^"]*""#, with: "", options: .regularExpression)
            }
            #expect(withoutTimestamp(dotted.stdout) == withoutTimestamp(plain.stdout), "\(format)")
            #expect(plain.stdout.contains("Examples/ios/feed.yaml"), "\(format)")
            #expect(!dotted.stdout.contains("./Examples"), "\(format)")
        }
        let dir = try folder(["a.yaml": Self.vague])
        #expect(try run([], in: dir).stdout.hasPrefix("a.yaml:"))
        #expect(try run(["."], in: dir).stdout.hasPrefix("a.yaml:"))
    }
}
