import Foundation
import Testing

/// Inputs whose cost used to grow past the machine: many documents, long scalars through
/// aliases, a suppression comment per line, a diagnostic per line, a byte order mark. Each runs
/// the built binary beside a companion spec, which must still be reported.
@Suite struct MemoryAndScaleTests {
    /// Lints `name` beside the companion, with an optional `.progress-lint.yml`; paths in the
    /// output are made relative to the folder.
    func lint(_ name: String, _ bytes: [UInt8], config: String? = nil, arguments: [String] = []) throws -> Hostile.Run {
        let dir = try Hostile.folder(with: name, bytes)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if let config { try Hostile.write(config, to: dir + "/.progress-lint.yml") }
        var run = try Hostile.run(arguments + [dir])
        run.stdout = run.stdout.replacingOccurrences(of: dir + "/", with: "")
        #expect(run.exited, "\(name): timed out or killed")
        let companion = arguments.isEmpty ? Hostile.companionDiagnostic : "companion.yaml"
        #expect(run.stdout.contains(companion), "\(name): companion not linted")
        #expect(run.stderr.isEmpty, "\(name): \(run.stderr)")
        return run
    }

    func lines(of run: Hostile.Run, in name: String) -> [Substring] {
        run.stdout.split(separator: "\n").filter { $0.hasPrefix(name + ":") }
    }

    @Test func manyEmptyDocumentsCostNothingEach() throws {
        // Each `---` used to reserve room for nodes from the whole file's size: a million took 8 GB.
        let run = try lint("empty.yaml", Hostile.repeated("---\n", 200_000))
        #expect(run.status == 1)
        #expect(lines(of: run, in: "empty.yaml").isEmpty, "\(run.stdout.prefix(2000))")
    }

    @Test func manySmallScreensAreEachLinted() throws {
        let count = 20_000
        // Screens of one name and platform would each be a duplicate-id: each has its own name.
        let screens = (0..<count).map { "screen: S\($0)\nindicators: []\n---\n" }.joined()
        let run = try lint("many.yaml", Array((screens + "screen: T\nindicators: [{id: a}]\n").utf8))
        #expect(run.status == 1)
        // The last document is linted: its indicator has no style.
        let last = lines(of: run, in: "many.yaml")
        #expect(last.count >= 1)
        #expect(last.contains { $0.hasPrefix("many.yaml:\(3 * count + 2):14: error: missing required key `style`") },
                "\(last)")
        #expect(run.stdout.contains("in 2 files, \(count + 2) screens"), "\(run.stdout.suffix(300))")
    }

    @Test func aSyntaxErrorPartWayKeepsTheDocumentsBeforeIt() throws {
        let text = "screen: A\nindicators: [{id: a, style: spinner, presentation: overlay, label: Saving}]\n"
            + "---\nscreen: B\nindicators: [\n---\nscreen: C\nindicators: [{id: c, style: spinner, "
            + "presentation: overlay, label: Saving}]\n"
        let run = try lint("partial.yaml", Array(text.utf8))
        #expect(run.status == 1)
        let found = lines(of: run, in: "partial.yaml")
        #expect(found.contains { $0.hasPrefix("partial.yaml:2:14: error: indicator 'a' blocks the screen") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("partial.yaml:6:1: error: ") && $0.hasSuffix("[yaml-syntax]") }, "\(found)")
        // Nothing after the error is linted.
        #expect(!found.contains { $0.contains("indicator 'c'") }, "\(found)")
        #expect(found.last?.hasSuffix("[yaml-syntax]") == true)
    }

    @Test func anAliasBudgetErrorPartWayKeepsTheDocumentsBeforeIt() throws {
        let text = "screen: A\nindicators: [{id: a, style: spinner, presentation: overlay, label: Saving}]\n---\n"
            + Hostile.billionLaughs
        let run = try lint("bomb.yaml", Array(text.utf8))
        let found = lines(of: run, in: "bomb.yaml")
        #expect(found.contains { $0.hasPrefix("bomb.yaml:2:14: error: indicator 'a' blocks the screen") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("bomb.yaml:8:8: error: aliases in this document reach more than 10000 nodes") })
    }

    @Test func aLongScalarThroughAliasesStopsAtTheByteBudget() throws {
        // 100 KB reached 2,000 times is few nodes but 200 MB of text: stopped past 10 MB, at the 105th alias.
        let id = String(repeating: "i", count: 100_000)
        let aliases = Array(repeating: "{id: *x, style: bar}", count: 2_000).joined(separator: ", ")
        let text = "screen: S\nanchor: &x \(id)\nindicators: [\(aliases)]\n"
        let run = try lint("long.yaml", Array(text.utf8))
        #expect(run.status == 1)
        let found = lines(of: run, in: "long.yaml")
        #expect(found == ["long.yaml:3:\(19 + 22 * 104): error: aliases in this document reach more than 10MB "
                          + "of text (limits.max-file-size); is this an alias bomb? [spec-schema]"], "\(found.map { $0.prefix(300) })")
        #expect(run.stdout.utf8.count < 10_000)
    }

    @Test func messagesQuoteAtMostSixtyCharactersOfASpecValue() throws {
        let long = String(repeating: "y", count: 5_000)
        let text = "screen: S\nindicators:\n  - {id: \(long), style: \(long)}\n"
        let run = try lint("quote.yaml", Array(text.utf8), arguments: ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let mine = diagnostics.filter { ($0["path"] as? String)?.hasSuffix("quote.yaml") == true }
        #expect(!mine.isEmpty)
        let clipped = String(repeating: "y", count: 60) + "…"
        for diagnostic in mine {
            let message = try #require(diagnostic["message"] as? String)
            #expect(!message.contains(String(repeating: "y", count: 61)), "\(message.prefix(200))")
            if let value = diagnostic["value"] as? String { #expect(value == clipped) }
        }
        #expect(mine.contains { ($0["message"] as? String)?.contains(clipped) == true })
    }

    @Test func aSuppressionCommentOnEveryLineIsLinear() throws {
        // 20,000 such comments took 26 s: each diagnostic was compared with every comment.
        let count = 10_000
        let unit = "  - {id: i, style: bar, determinate: true, label: Loading} # progress-lint-disable-line vague-label\n"
        let bytes = Array("screen: S\nindicators:\n".utf8) + Hostile.repeated(unit, count)
        let run = try lint("quiet.yaml", bytes, config: "limits:\n  max-diagnostics-per-file: 100000\n")
        let found = lines(of: run, in: "quiet.yaml")
        #expect(!found.contains { $0.contains("[vague-label]") || $0.contains("[unused-suppression]") },
                "\(found.prefix(5))")
        #expect(run.stdout.contains("\(count + 1) indicators"), "\(run.stdout.suffix(300))")
    }

    @Test func aCommentNamingAUsedAndAnUnusedRuleReportsOnlyTheUnusedOne() throws {
        let text = "screen: S\nindicators:\n  - {id: a, style: spinner, label: Loading} "
            + "# progress-lint-disable-line vague-label, missing-label\n"
        let run = try lint("mixed.yaml", Array(text.utf8))
        let found = lines(of: run, in: "mixed.yaml")
        #expect(!found.contains { $0.contains("[vague-label]") })
        #expect(found.contains("mixed.yaml:3:45: warning: [*] `# progress-lint-disable-line` does not suppress any "
                               + "`missing-label` diagnostic; remove `missing-label` from it [unused-suppression]"),
                "\(found)")
        #expect(found.filter { $0.contains("[unused-suppression]") }.count == 1)
    }

    @Test func aByteOrderMarkIsNotContent() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let clean = try lint("bom.yaml", bom + Array("screen: S\nindicators: []\n".utf8))
        #expect(lines(of: clean, in: "bom.yaml").isEmpty, "\(clean.stdout)")
        // Positions on line 1 do not count the mark.
        let wrong = try lint("bom.yaml", bom + Array("screen: [x]\nindicators: []\n".utf8))
        let found = lines(of: wrong, in: "bom.yaml")
        #expect(found.first?.hasPrefix("bom.yaml:1:9: error: ") == true, "\(found)")
        // A suppression comment right after the mark works like anywhere else.
        let suppressed = try lint("bom.yaml", bom + Array(("# progress-lint-disable-file vague-label\nscreen: S\n"
            + "indicators:\n  - {id: a, style: bar, determinate: true, label: Loading}\n").utf8))
        let rest = lines(of: suppressed, in: "bom.yaml")
        #expect(!rest.contains { $0.contains("[vague-label]") || $0.contains("[unused-suppression]") }, "\(rest)")
    }

    @Test func diagnosticsPastTheLimitAreCountedInOne() throws {
        // 50,000 duplicate keys: the first 1,000 are reported, then one says how many more.
        let bytes = Array("screen: S\nindicators: []\n".utf8) + Hostile.repeated("k: 1\n", 50_000)
        let run = try lint("dups.yaml", bytes)
        #expect(run.status == 1)
        let found = lines(of: run, in: "dups.yaml")
        #expect(found.count == 1_001)
        // Line 3's `k` is an unknown key, lines 4… repeat it: one diagnostic a line, the first 1,000 shown.
        #expect(found[0].hasPrefix("dups.yaml:3:1: error: unknown key `k` in the screen"))
        #expect(found[999].hasPrefix("dups.yaml:1002:1: error: duplicate key `k`"))
        #expect(found[1000] == "dups.yaml:1003:1: error: 49000 more diagnostics in this file not shown "
                + "(limits.max-diagnostics-per-file is 1000); fix the ones shown, or raise the limit [spec-schema]",
                "\(found.suffix(2))")
        let lower = try lint("dups.yaml", bytes, config: "limits:\n  max-diagnostics-per-file: 10\n")
        let shown = lines(of: lower, in: "dups.yaml")
        #expect(shown.count == 11)
        #expect(shown.last?.hasPrefix("dups.yaml:13:1: error: 49990 more diagnostics in this file not shown "
                                      + "(limits.max-diagnostics-per-file is 10)") == true, "\(shown)")
    }

    @Test func denseInputsAreLintedWithinTheDefaultLimits() throws {
        // As many nodes as the bytes hold, each shape its own way: at 10 MB they took up to 1 GB
        // and 12 s (release) when each node cost 128 bytes and every omitted diagnostic a hash
        // entry (scripts/measure-limits.sh measures them). 2 MB here: the debug binary is 5 times slower.
        let size = 2 * 1024 * 1024
        let screen = "screen: S\nindicators: []\n"
        var files: [(String, [UInt8])] = []
        let flowHead = screen + "x: ["
        files.append(("flow.yaml", Array(flowHead.utf8) + Hostile.repeated("1,", (size - flowHead.utf8.count - 3) / 2,
                                                                           then: "1]\n")))
        files.append(("items.yaml", Array("screen: S\nindicators:\n".utf8) + Hostile.repeated("- 1\n", size / 4 - 6)))
        var keys = Array(screen.utf8)
        var n = 0
        while true {
            let line = Array("\(String(n, radix: 16)): 1\n".utf8)
            if keys.count + line.count > size { break }
            keys += line
            n += 1
        }
        files.append(("keys.yaml", keys))
        let mapHead = screen + "x: {"
        files.append(("dups.yaml", Array(mapHead.utf8) + Hostile.repeated("k: 1, ", (size - mapHead.utf8.count - 8) / 6,
                                                                          then: "k: 1}\n")))
        let dashes = String(repeating: "- ", count: 999) + "x\n"
        files.append(("dashes.yaml", Hostile.repeated(dashes, size / dashes.utf8.count)))
        let dir = try Hostile.folder(with: files[0].0, files[0].1)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, bytes) in files.dropFirst() {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes)))
        }
        // Named: `dashes.yaml` (a bare list) is not shaped like a spec: a folder walk would skip it,
        // named it gets one finding at 1:1 (revision 1.3).
        var run = try Hostile.run([dir + "/companion.yaml"] + files.map { dir + "/" + $0.0 })
        run.stdout = run.stdout.replacingOccurrences(of: dir + "/", with: "")
        #expect(run.exited, "timed out or killed")
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains(Hostile.companionDiagnostic), "companion not linted")
        let unknownX = "3:1: error: unknown key `x` in the screen; expected one of `version`, `platform`, `screen`, "
            + "`indicators` [spec-schema]"
        #expect(lines(of: run, in: "flow.yaml").map(String.init) == ["flow.yaml:" + unknownX])
        #expect(lines(of: run, in: "dashes.yaml").map(String.init) == [
            "dashes.yaml:1:1: error: the file does not look like a screen spec (no `screen` or `indicators` key at its top level); leave files like it out with `exclude` in `.progress-lint.yml`, or pass `--force-exclude` to skip them when they are named [spec-schema]"])
        let more = " more diagnostics in this file not shown (limits.max-diagnostics-per-file is 1000); "
            + "fix the ones shown, or raise the limit [spec-schema]"
        let items = lines(of: run, in: "items.yaml")
        #expect(items.count == 1_001)
        #expect(items.first.map(String.init) == "items.yaml:3:3: error: each item of `indicators` must be a mapping with at least "
                + "`id` and `style`, found 1 [spec-schema]")
        #expect(items.last.map(String.init) == "items.yaml:1003:3: error: \(size / 4 - 6 - 1_000)" + more, "\(items.suffix(1))")
        let keyLines = lines(of: run, in: "keys.yaml")
        #expect(keyLines.count == 1_001)
        #expect(keyLines.first?.hasPrefix("keys.yaml:3:1: error: unknown key `0` in the screen") == true)
        #expect(keyLines.last.map(String.init) == "keys.yaml:1003:1: error: \(n - 1_000)" + more, "\(keyLines.suffix(1))")
        let dupLines = lines(of: run, in: "dups.yaml")
        #expect(dupLines.count == 1_001)
        #expect(dupLines.first.map(String.init) == "dups.yaml:" + unknownX)
        #expect(dupLines.dropFirst().first.map(String.init) == "dups.yaml:3:11: error: duplicate key `k`; it is already set on line 3 of this "
                + "mapping; remove one [spec-schema]")
        let dupCount = (size - mapHead.utf8.count - 8) / 6 + 1
        #expect(dupLines.last.map(String.init) == "dups.yaml:3:6005: error: \(dupCount - 1_000)" + more, "\(dupLines.suffix(1))")
    }

    @Test func deepFlowNestingAllThroughAFileIsOneDiagnosticNotMinutesOfParsing() throws {
        // libyaml re-checks every open flow level at each token: 10 MB of 999-deep `[[[…]]]` kept it
        // busy for over a minute. Past a bound on depth × length the file is one yaml-syntax finding.
        let depth = 999
        let rows = (0..<1_100).map { "k\($0): " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n" }
        let run = try lint("deep.yaml", Array(("screen: S\nindicators: []\n" + rows.joined()).utf8))
        #expect(run.exited, "timed out or killed")
        #expect(run.status == 1)
        #expect(run.stdout.contains(Hostile.companionDiagnostic), "companion not linted")
        let found = lines(of: run, in: "deep.yaml")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains(": error: flow collections (`[…]`, `{…}`) nest ") == true, "\(found)")
        #expect(found.first?.hasSuffix("write them in block style or nest them less [yaml-syntax]") == true)
    }

    @Test func shallowFlowCollectionsOfAWholeFileParseToTheEnd() throws {
        // Ten levels deep on every line of a 2 MB file: far inside the bound, every document is read.
        let row = "  - {id: a, style: bar, phases: [{name: x, share: 1, duration: 1s}], "
            + "accessibility: {announce: {start: [a, [b, [c, [d, [e, [f]]]]]]}}}\n"
        let body = String(repeating: row, count: 2 * 1024 * 1024 / row.utf8.count)
        let run = try lint("shallow.yaml", Array(("screen: S\nindicators:\n" + body + "---\nscreen: T\nindicators: []\n").utf8))
        #expect(run.exited, "timed out or killed")
        #expect(!run.stdout.contains("flow collections"), "\(run.stdout.suffix(500))")
        // The last document, past all the flow collections, is read: the companion's screen and both of these.
        #expect(run.stdout.contains("in 2 files, 3 screens"), "\(run.stdout.suffix(300))")
    }

    @Test func printConfigShowsTheDiagnosticsLimit() throws {
        let dir = try Hostile.folder(with: "s.yaml", Array("screen: S\nindicators: []\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write("limits:\n  max-diagnostics-per-file: 50\n", to: dir + "/.progress-lint.yml")
        let run = try Hostile.run(["--print-config", dir + "/s.yaml"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("  max-diagnostics-per-file: 50  # from "), "\(run.stdout)")
    }
}
