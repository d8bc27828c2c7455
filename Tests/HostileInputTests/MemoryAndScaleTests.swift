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

    @Test func printConfigShowsTheDiagnosticsLimit() throws {
        let dir = try Hostile.folder(with: "s.yaml", Array("screen: S\nindicators: []\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write("limits:\n  max-diagnostics-per-file: 50\n", to: dir + "/.progress-lint.yml")
        let run = try Hostile.run(["--print-config", dir + "/s.yaml"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("  max-diagnostics-per-file: 50  # from "), "\(run.stdout)")
    }
}
