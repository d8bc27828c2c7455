import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
@testable import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
import TestSupport
import Testing

/// The dashboard formats: GitLab Code Quality, the JSON report's `screens[]` and the HTML page,
/// from real runs of the linter over specs held in memory and over the project's Examples.
@Suite struct DashboardReportTests {
    static let timedSpec = """
        platform: ios
        screen: Upload photos
        indicators:
          - id: upload
            style: spinner
            presentation: overlay
            duration: 2s..30s
            show-after: 500ms
            label: Loading
            phases:
              - {name: Sending, share: 0.9, duration: 20s}
              - {name: Checking, share: 0.1, duration: 2s}
            becomes:
              - {when: size known, determinate: true, style: bar}
          - id: sync
            style: bar
            determinate: true
        ---
        screen: Settings
        indicators: []
        """

    /// Lints `sources` in memory with every rule on, under `configuration`.
    static func run(_ sources: [(String, String)], configuration: Configuration = Configuration()) -> RunResult {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return runner.run(inMemory: sources.map { ($0.0, Array($0.1.utf8)) }, configuration: configuration)
    }

    /// The project's Examples, linted as the command lints them.
    static func examples() -> RunResult {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return runner.run([Python.packageRoot.appendingPathComponent("Examples").path])
    }

    var context: ReportContext { ReportContext(rules: RuleRegistry.descriptions) }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    // MARK: GitLab Code Quality

    @Test func gitlabEntriesHaveEveryFieldAMappedSeverityARelativePathAndNoBOM() throws {
        let result = Self.examples()
        #expect(!result.diagnostics.isEmpty)
        let text = GitLabReporter(currentFolder: Python.packageRoot.path).render(result, context: context)
        #expect(!text.hasPrefix("\u{FEFF}"))
        #expect(text.utf8.first == UInt8(ascii: "["))
        let entries = try #require(try json(text) as? [[String: Any]])
        #expect(entries.count == result.diagnostics.count)
        for (entry, d) in zip(entries, result.diagnostics) {
            #expect(Set(entry.keys) == ["description", "check_name", "fingerprint", "severity", "location"])
            #expect(entry["description"] as? String == d.message)
            #expect(entry["check_name"] as? String == d.ruleID)
            #expect(entry["severity"] as? String == GitLabReporter.severity(d.severity))
            let location = try #require(entry["location"] as? [String: Any])
            let path = try #require(location["path"] as? String)
            #expect(path.hasPrefix("Examples/"), "\(path)")
            let lines = try #require(location["lines"] as? [String: Any])
            #expect(lines["begin"] as? Int == d.range.start.line)
        }
    }

    @Test func gitlabFingerprintsAreUniqueEvenForRepeatedFindings() throws {
        let run = Self.run([("specs/a.yaml", Self.timedSpec), ("specs/b.yaml", Self.timedSpec)])
        // The same finding twice in one file: GitLab would collapse equal fingerprints.
        let result = run.with(diagnostics: run.diagnostics + run.diagnostics.filter { $0.path == "specs/a.yaml" })
        let entries = try #require(try json(GitLabReporter(currentFolder: "/").render(result, context: context)) as? [[String: Any]])
        let fingerprints = entries.compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == result.diagnostics.count)
        #expect(Set(fingerprints).count == fingerprints.count)
        // The same fingerprints as the JSON report's, so either can be compared with the other.
        let report = try #require(try json(JSONReporter().render(result, context: context)) as? [String: Any])
        let jsonPrints = (report["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String }
        #expect(jsonPrints == fingerprints)
    }

    @Test func gitlabSeveritiesAreMappedAndCodeclimateIsAnAlias() {
        #expect(GitLabReporter.severity(.error) == "major")
        #expect(GitLabReporter.severity(.warning) == "minor")
        #expect(GitLabReporter.severity(.info) == "info")
        #expect(Reporters.named("codeclimate") is GitLabReporter)
        #expect(Reporters.named("gitlab") is GitLabReporter)
        #expect(Reporters.named("html") is HTMLReporter)
    }

    @Test func gitlabPathsAreRelativeToTheCurrentFolder() {
        #expect(GitLabReporter.relativePath("./specs/a.yaml", to: "/work") == "specs/a.yaml")
        #expect(GitLabReporter.relativePath("specs/a.yaml", to: "/work") == "specs/a.yaml")
        #expect(GitLabReporter.relativePath("/work/app/specs/a.yaml", to: "/work/app") == "specs/a.yaml")
        #expect(GitLabReporter.relativePath("/work/other/a.yaml", to: "/work/app") == "../other/a.yaml")
        #expect(GitLabReporter.relativePath("/a.yaml", to: "/work/app") == "../../a.yaml")
        #expect(GitLabReporter.relativePath("/work/app/a.yaml", to: nil) == "/work/app/a.yaml")
    }

    // MARK: JSON screens[]

    @Test func jsonScreensCarryAProfilesDeterminateAfterAndMinDisplay() throws {
        let configuration = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(
            Array("extends: [progress-lint:gnome, progress-lint:acorn]\nthresholds: {min-display: 500ms}\n".utf8),
            path: "c.yml", directory: "/")
        let result = Self.run([("specs/upload.yaml", Self.timedSpec)], configuration: configuration)
        let report = try #require(try json(JSONReporter().render(result, context: context)) as? [String: Any])
        let screens = try #require(report["screens"] as? [[String: Any]])
        let thresholds = try #require(screens.first?["thresholds"] as? [String: Any])
        #expect(thresholds["instantMs"] as? Int == 200)
        #expect(thresholds["noticeableMs"] as? Int == 3000)
        #expect(thresholds["attentionMs"] as? Int == 10000)
        #expect(thresholds["determinateAfterMs"] as? Int == 30000)
        #expect(thresholds["minDisplayMs"] as? Int == 500)
        // The HTML timeline draws `determinate-after` where it differs from `attention`, and only there.
        let html = HTMLReporter().render(result, context: context)
        #expect(html.contains("\"determinate-after 30s\""))
        let plain = HTMLReporter().render(Self.run([("specs/upload.yaml", Self.timedSpec)]), context: context)
        #expect(!plain.contains("\"determinate-after "))
    }

    @Test func jsonScreensCarryEffectiveThresholdsTimingAndFindingCounts() throws {
        var configuration = Configuration()
        configuration.thresholds.instant = Duration(milliseconds: 200)
        configuration.thresholds.attention = Duration.seconds(20)
        let result = Self.run([("specs/upload.yaml", Self.timedSpec)], configuration: configuration)
        let report = try #require(try json(JSONReporter().render(result, context: context)) as? [String: Any])
        let screens = try #require(report["screens"] as? [[String: Any]])
        #expect(screens.map { $0["screen"] as? String } == ["Upload photos", "Settings"])
        let first = screens[0]
        #expect(first["platform"] as? String == "ios")
        let thresholds = try #require(first["thresholds"] as? [String: Any])
        #expect(thresholds["instantMs"] as? Int == 200)
        #expect(thresholds["noticeableMs"] as? Int == 1000)
        #expect(thresholds["attentionMs"] as? Int == 20000)
        #expect(thresholds["showAfterMaxMs"] as? Int == 2000)
        #expect(thresholds["determinateAfterMs"] as? Int == 20000)   // follows attention
        #expect(thresholds["minDisplayMs"] as? Int == 400)
        let indicators = try #require(first["indicators"] as? [[String: Any]])
        #expect(indicators.map { $0["id"] as? String } == ["upload", "sync"])
        let upload = indicators[0]
        #expect(upload["line"] as? Int == 4)
        #expect(upload["style"] as? String == "spinner")
        #expect(upload["determinate"] as? Bool == false)
        #expect(upload["presentation"] as? String == "overlay")
        #expect(upload["location"] as? String == "content")
        #expect(upload["showAfterMs"] as? Int == 500)
        let duration = try #require(upload["duration"] as? [String: Any])
        #expect(duration["minMs"] as? Int == 2000 && duration["maxMs"] as? Int == 30000 && duration["unknown"] as? Bool == false)
        let phases = try #require(upload["phases"] as? [[String: Any]])
        #expect(phases.map { $0["share"] as? Double } == [0.9, 0.1])
        let becomes = try #require(upload["becomes"] as? [[String: Any]])
        #expect(becomes.count == 1 && becomes[0]["when"] as? String == "size known" && becomes[0]["determinate"] as? Bool == true)
        let sync = indicators[1]
        let syncDuration = try #require(sync["duration"] as? [String: Any])
        #expect(syncDuration["unknown"] as? Bool == true && syncDuration["maxMs"] is NSNull)
        // Each indicator's findings are those the diagnostics name it in.
        for (indicator, id) in zip(indicators, ["upload", "sync"]) {
            let findings = try #require(indicator["findings"] as? [String: Int])
            for severity in Severity.allCases {
                let expected = result.diagnostics.filter { $0.indicator == id && $0.severity == severity }.count
                #expect(findings[severity.rawValue] == expected, "\(id) \(severity)")
            }
        }
        #expect(result.diagnostics.contains { $0.indicator == "upload" })
    }

    @Test(Python.needs("jsonschema"))
    func jsonScreensOfTheExamplesMatchTheSchema() throws {
        let result = Self.examples()
        let text = JSONReporter().render(result, context: context)
        let report = try #require(try json(text) as? [String: Any])
        let screens = try #require(report["screens"] as? [[String: Any]])
        #expect(screens.count == result.screens)
        let file = try Python.temporaryFile(text, suffix: ".json")
        let schema = Python.packageRoot.appendingPathComponent("schemas/report.schema.json").path
        let problem = try Python.validateJSON(file, schema: schema)
        #expect(problem == nil, "\(problem ?? "")")
        // A screens[] entry that breaks the schema is caught by it (the check can fail).
        let broken = text.replacingOccurrences(of: "\"instantMs\": 100", with: "\"instantMs\": \"fast\"")
        #expect(broken != text)
        let brokenFile = try Python.temporaryFile(broken, suffix: ".json")
        #expect(try Python.validateJSON(brokenFile, schema: schema) != nil)
    }

    @Test func screenTimingsSpillToDiskAndReadBackInReportOrder() {
        var list = ScreenTimingList()
        func timing(_ n: Int) -> ScreenTiming {
            let indicator = IndicatorTiming(
                id: "i\(n)", line: n, endLine: n + 3, style: "bar", determinate: n % 2 == 0, component: nil,
                presentation: "inline", location: "content", showAfterMs: n % 3 == 0 ? nil : Double(n), durationMinMs: 10,
                durationMaxMs: Double(n * 10), phases: [PhaseTiming(name: "p\(n)", share: 0.5, durationMs: nil)],
                becomes: [BecomesTiming(when: "w", determinate: nil, style: "spinner")])
            return ScreenTiming(path: "f\(n).yaml", screen: "s\(n) ✓", documentIndex: 0, platform: n % 2 == 0 ? "ios" : nil,
                                thresholds: Thresholds(), indicators: [indicator, indicator])
        }
        let count = 3000  // well past the 64 KB kept in memory
        for n in 0..<count { list.append([timing(n)], file: n) }
        #expect(list.screens(at: 0) == [timing(0)])
        #expect(list.screens(at: count - 1) == [timing(count - 1)])
        // Reversed: position p holds file number count-1-p.
        list.reorder(by: (0..<count).map { count - 1 - $0 })
        #expect(list.screens(at: 0) == [timing(count - 1)])
        #expect(list.screens(at: 1234) == [timing(count - 1 - 1234)])
        #expect(list.screens(at: count).isEmpty && list.screens(at: -1).isEmpty)
    }

    // MARK: HTML

    static let hostile = "<script>alert(1)</script> \"quoted\" 'single' & \u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{200B}zw"

    @Test func htmlShowsHostileSpecTextAsTextInEveryContext() throws {
        let name = Self.hostile.replacingOccurrences(of: "\"", with: "\\\"")
        let spec = """
            platform: ios
            screen: "\(name)"
            indicators:
              - id: "\(name)"
                style: spinner
                presentation: overlay
                label: "\(name)"
                phases:
                  - {name: "\(name)", share: 1}
                becomes:
                  - {when: "\(name)", determinate: true}
            """
        let result = Self.run([("specs/<img src=x onerror=alert(1)>\u{202E}.yaml", spec)])
        #expect(!result.diagnostics.isEmpty)
        let html = HTMLReporter().render(result, context: context)
        // Our own script is the only one (with the data block it reads); no element or attribute from the spec's text.
        #expect(html.components(separatedBy: "<script").count == 3)
        #expect(html.components(separatedBy: "<script>").count == 2)
        #expect(html.components(separatedBy: "<script type=\"application/jsonl\" id=\"data\">").count == 2)
        #expect(!html.contains("<img"))
        #expect(!html.contains("alert(1)</script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &#39;single&#39; &amp;"))
        // Bidi and zero-width controls are shown as escapes, never sent raw.
        for scalar in ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200B}"] {
            #expect(!html.contains(scalar), "U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(html.contains("\\u{202E}evil"))
        // Every attribute value is closed where it was opened: no quote from the spec ends one.
        #expect(!html.contains("\"quoted\""))
        #expect(HTMLText.escape("a\"b'c<d>e&f") == "a&quot;b&#39;c&lt;d&gt;e&amp;f")
        // In the data block too: no `<` at all (so no `</script>` or `<!--`), the controls as escapes, and it
        // reads back as the same text the page shows elsewhere.
        let block = try Self.dataBlock(html)
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"))
        for scalar in ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200B}", "\u{2028}", "\u{2029}"] {
            #expect(!block.contains(scalar), "U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        let data = try Self.data(html)
        #expect(data.index.first?[0] as? String == "specs/<img src=x onerror=alert(1)>\\u{202E}.yaml")
        let screen = try #require((data.files.first?[0] as? [[Any]])?.first)
        #expect(screen[0] as? String == "<script>alert(1)</script> \"quoted\" 'single' & \\u{202E}evil\\u{202C} \\u{2066}iso\\u{2069} \\u{200B}zw")
    }

    /// The text of the page's data block.
    static func dataBlock(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<script type=\"application/jsonl\" id=\"data\">")).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return String(html[start..<end])
    }

    /// The page's data, read as its script reads it: one JSON value a line, the files' index first,
    /// then a line per file, then the thresholds.
    static func data(_ html: String) throws -> (index: [[Any]], files: [[Any]], thresholds: [Any]) {
        let lines = try dataBlock(html).split(separator: "\n", omittingEmptySubsequences: false).map {
            try JSONSerialization.jsonObject(with: Data($0.utf8))
        }
        try #require(lines.count >= 2)
        let head = try #require(lines[0] as? [String: Any])
        let last = try #require(lines[lines.count - 1] as? [String: Any])
        return (try #require(head["files"] as? [[Any]]), try lines.dropFirst().dropLast().map { try #require($0 as? [Any]) },
                try #require(last["thresholds"] as? [Any]))
    }

    @Test func htmlDataBlockEscapesWhatCouldEndOrChangeItsScriptElement() throws {
        for (text, written) in [("</script><script>alert(1)</script>", "\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\""),
                                ("<!-- x", "\"\\u003c!-- x\""), ("a & b", "\"a \\u0026 b\""),
                                ("line\u{2028}para\u{2029}", "\"line\\\\u{2028}para\\\\u{2029}\""),
                                ("q\"b\\\n", "\"q\\\"b\\\\\\\\u{A}\""), ("plain", "\"plain\""), ("é ✓", "\"é ✓\"")] {
            #expect(HTMLText.json(text) == written, "\(text)")
            // Whatever the text, what is written is a JSON string that reads back as the text the page shows.
            let back = try JSONSerialization.jsonObject(with: Data(("[" + HTMLText.json(text) + "]").utf8)) as? [String]
            let shown = text.unicodeScalars.map { HTMLText.isHidden($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
            #expect(back == [shown], "\(text)")
        }
    }

    @Test func htmlIsTheSameBytesForTheSameRunAndLoadsNothing() throws {
        let result = Self.examples()
        let first = HTMLReporter().render(result, context: context)
        let second = HTMLReporter().render(Self.examples(), context: context)
        #expect(first == second)
        #expect(first.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(first.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "))
        // No element loads anything: no src, no stylesheet link, no url() but the page's own pattern.
        #expect(!first.contains(" src="))
        #expect(!first.contains("<link"))
        #expect(!first.contains("@import"))
        #expect(first.components(separatedBy: "url(").count == 2 && first.contains("url(#hatch)"))
        // Every section; every finding as HTML; a timeline's positions and a timing table for each indicator,
        // in the data the page's script draws them from (the browser test opens them).
        for id in ["run", "glance", "worst", "slowest", "findings", "files", "rules"] { #expect(first.contains("<h2 id=\"\(id)\">")) }
        #expect(first.components(separatedBy: "<li class=\"finding\"").count - 1 == result.diagnostics.count)
        let data = try Self.data(first)
        #expect(data.index.count == result.files.count && data.files.count == result.files.count)
        #expect(data.index.map { $0[0] as? String } == result.files.map { Optional($0.path) })
        let indicators = data.files.flatMap { ($0[0] as? [[Any]] ?? []).flatMap { $0[3] as? [[Any]] ?? [] } }
        #expect(indicators.count == result.indicators)
        for indicator in indicators {
            #expect(indicator.count == 11 && indicator[2] is String && indicator[5] is String)
            #expect((indicator[9] as? [Any])?.count == 5)
        }
        #expect(data.files.reduce(0) { $0 + ($1[1] as? [Any] ?? []).count } == result.diagnostics.count)
        #expect(!data.thresholds.isEmpty)
        // With scripts off: the whole file table, a row per file, in the <noscript> element (which is only text with scripts on).
        let noscript = try #require(first.range(of: "<noscript><table>"))
        let table = first[noscript.upperBound..<(try #require(first.range(of: "</noscript>", range: noscript.upperBound..<first.endIndex))).lowerBound]
        #expect(table.components(separatedBy: "<tr><td>").count - 1 + table.components(separatedBy: "<tr id=\"file-").count - 1
                == result.files.count)
        // Every link to a file leads somewhere with scripts off: its findings, else its row in the table.
        for match in first.matches(of: /href="#file-(\d+)"/) {
            let id = "id=\"file-\(match.output.1)\""
            #expect(first.components(separatedBy: id).count - 1 == 1, "\(id)")
        }
    }

    @Test func htmlPolicyAllowsItsOwnStyleAndScriptByHash() throws {
        let html = HTMLReporter().render(Self.run([("a.yaml", Self.timedSpec)]), context: context)
        func between(_ open: String, _ close: String) throws -> String {
            let start = try #require(html.range(of: open)).upperBound
            let end = try #require(html.range(of: close, range: start..<html.endIndex)).lowerBound
            return String(html[start..<end])
        }
        let style = try between("<style>", "</style>")
        let script = try between("<script>", "</script>")
        let policy = try between("Content-Security-Policy\" content=\"", "\">")
        // The hashes are computed here with python's hashlib when it is there, else with known vectors.
        #expect(policy.contains("style-src 'sha256-\(try Self.sha256Base64(style))'"))
        #expect(policy.contains("script-src 'sha256-\(try Self.sha256Base64(script))'"))
        #expect(policy.hasPrefix("default-src 'none';"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("http"))
    }

    static func sha256Base64(_ text: String) throws -> String {
        guard OptionalTools.python3 != nil else {
            // Without python3: the reporter's own digest, once it gives the published vectors (FIPS 180-2).
            try #require(SHA256.base64(SHA256.digest(Array("abc".utf8))) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
            try #require(SHA256.base64(SHA256.digest([])) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
            return SHA256.base64(SHA256.digest(Array(text.utf8)))
        }
        let file = try Python.temporaryFile(text, suffix: ".txt")
        let (status, output) = try Python.run(
            "import base64, hashlib, sys; print(base64.b64encode(hashlib.sha256(open(sys.argv[1], 'rb').read()).digest()).decode())",
            [file])
        try #require(status == 0, "\(output)")
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func paletteMeetsWCAGContrastAndIsTheOnlySourceOfColour() throws {
        for pair in HTMLPalette.textPairs {
            let ratio = try #require(HTMLPalette.contrast(pair.foreground, pair.background))
            #expect(ratio >= 4.5, "\(pair.name): \(pair.foreground) on \(pair.background) is \(ratio):1")
        }
        for pair in HTMLPalette.markPairs {
            let ratio = try #require(HTMLPalette.contrast(pair.foreground, pair.background))
            #expect(ratio >= 3, "\(pair.name): \(pair.foreground) on \(pair.background) is \(ratio):1")
        }
        // The computation itself: black on white is 21:1, a colour on itself 1:1, and #777 on white just under 4.5.
        #expect(abs((HTMLPalette.contrast("#000000", "#ffffff") ?? 0) - 21) < 0.001)
        #expect(HTMLPalette.contrast("#b3261e", "#b3261e") == 1)
        #expect((HTMLPalette.contrast("#777777", "#ffffff") ?? 5) < 4.5)
        // Every colour the page writes is in the palette the pairs above check.
        let html = HTMLReporter().render(Self.examples(), context: context)
        let colours = Set(html.matches(of: /#[0-9a-fA-F]{6}\b/).map { String($0.output).lowercased() })
        #expect(!colours.isEmpty)
        #expect(colours.isSubset(of: Set(HTMLPalette.all)), "\(colours.subtracting(HTMLPalette.all))")
    }

    @Test func htmlCompareMarksNewFindingsAndListsFixedOnes() throws {
        let result = Self.run([("specs/upload.yaml", Self.timedSpec)])
        let report = try #require(try json(JSONReporter().render(result, context: context)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count >= 2)
        // The earlier run had the first finding and one that is gone since.
        var earlier = "{\"version\": 1, \"diagnostics\": ["
        earlier += "{\"fingerprint\": \"\(diagnostics[0]["fingerprint"] as! String)\", \"rule\": \"x\", \"severity\": \"error\", "
            + "\"message\": \"kept\", \"path\": \"specs/upload.yaml\", \"line\": 1},"
        earlier += "{\"fingerprint\": \"gone\", \"rule\": \"vague-label\", \"severity\": \"warning\", "
            + "\"message\": \"<b>was fixed</b>\", \"path\": \"specs/old.yaml\", \"line\": 9}]}"
        var context = self.context
        context.previous = try PreviousReport.parse(Array(earlier.utf8), path: "earlier.json")
        #expect(context.previous?.findings.count == 2)
        let html = HTMLReporter().render(result, context: context)
        #expect(html.components(separatedBy: "<span class=\"badge b-new\">new</span>").count - 1 == 1 + diagnostics.count - 1)
        #expect(html.contains("Fixed since the earlier report"))
        #expect(html.contains("specs/old.yaml:9"))
        #expect(html.contains("&lt;b&gt;was fixed&lt;/b&gt;"))
        // Without --compare, nothing is marked.
        #expect(!HTMLReporter().render(result, context: self.context).contains("b-new\">new</span> <span"))
    }

    @Test func htmlOverviewRanksScreensByFindingsAndIndicatorsAgainstTheirAttentionThreshold() throws {
        let slow = """
            platform: android
            screen: Export video
            indicators:
              - id: export
                style: bar
                determinate: true
                duration: 1m..5m
                label: Exporting video
            """
        let result = Self.run([("specs/export.yaml", slow), ("specs/upload.yaml", Self.timedSpec)])
        let html = HTMLReporter().render(result, context: context)
        func section(_ id: String) throws -> String {
            let start = try #require(html.range(of: "<h2 id=\"\(id)\">")).upperBound
            return String(html[start..<(try #require(html.range(of: "</section>", range: start..<html.endIndex))).lowerBound])
        }
        // The screens with findings, most first, each a link that opens its file's details at that screen.
        let worst = try section("worst")
        let totals = worst.components(separatedBy: "<tr><td>").dropFirst().map { row in
            row.matches(of: /<td class="n">(\d+)<\/td>/).compactMap { Int($0.output.1) }.reduce(0, +)
        }
        #expect(!totals.isEmpty && totals.allSatisfy { $0 > 0 })
        #expect(totals == totals.sorted(by: >))
        #expect(worst.contains("<bdi>Upload photos</bdi>"))
        #expect(worst.contains("data-p=\"1\" data-s=\"0\""))
        // 5m against the 10s attention threshold is 30 times it; upload's 30s is 3 times; sync's is unknown.
        let slowest = try section("slowest")
        let first = try #require(slowest.range(of: "<bdi>export</bdi>")), second = try #require(slowest.range(of: "<bdi>upload</bdi>"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(slowest.contains("<td class=\"n\">5m</td><td class=\"n\">10s</td><td class=\"n\">30×</td>"))
        #expect(slowest.contains("<td class=\"n\">3×</td>"))
        #expect(slowest.contains("1 indicator has an unknown duration."))
    }

    @Test func overviewRankingKeepsTheGreatestAndTheFirstSeenOfEqualOnes() {
        var kept: [(Int, Int)] = []
        for (n, value) in [5, 1, 9, 5, 9, 3, 7].enumerated() { HTMLReporter.keep((n, value), in: &kept) { (Double($0.1), 0, 0) } }
        #expect(kept.map(\.0) == [2, 4, 6, 0, 3, 5, 1])
        var many: [Int] = []
        for n in 0..<100 { HTMLReporter.keep(n % 50, in: &many) { (Double($0), 0, 0) } }
        #expect(many.count == HTMLReporter.ranked && many.first == 49 && many.last == 49 - HTMLReporter.ranked / 2 + 1)
    }

    @Test func compareRejectsAFileThatIsNotAJSONReport() {
        #expect(throws: PreviousReport.ReadError.self) { try PreviousReport.parse(Array("[1, 2]".utf8), path: "x.json") }
        #expect(throws: PreviousReport.ReadError.self) { try PreviousReport.parse(Array("{\"a\": [".utf8), path: "x.json") }
    }

    @Test func timelineMarkersNeverOverlapAndStayWithinTheChart() throws {
        let indicator = IndicatorTiming(
            id: "x", line: 1, endLine: 9, style: "spinner", determinate: false, component: nil, presentation: "inline",
            location: "content", showAfterMs: 3_000_000, durationMinMs: nil, durationMaxMs: nil, phases: [], becomes: [])
        // Twelve findings, some anchored near the axis's end (show-after 50m), some not anchored.
        let markers = (1...12).map { n in
            HTMLTimeline.Marker(number: n, severity: n % 3 == 0 ? .error : .info, rule: "r\(n)",
                                yamlPath: n % 2 == 0 ? "indicators[x].show-after" : nil, platform: nil)
        }
        let placed = HTMLTimeline.place(markers, indicator)
        #expect(placed.map(\.marker.number) == Array(1...12))
        #expect(placed.map(\.line).max()! >= 1)
        for (i, a) in placed.enumerated() {
            #expect(a.x >= HTMLTimeline.left && a.x + HTMLTimeline.markerWidth <= HTMLTimeline.width, "\(a.marker.number)")
            for b in placed[(i + 1)...] where b.line == a.line {
                #expect(abs(b.x - a.x) >= HTMLTimeline.markerWidth, "\(a.marker.number) and \(b.marker.number)")
            }
        }
        // What the page's script draws: the twelve markers where placed, the work unknown (open from
        // show-after), the visible span indeterminate throughout.
        let geometry = try #require(try JSONSerialization.jsonObject(with: Data(HTMLTimeline.geometry(indicator, markers: markers).utf8)) as? [Any])
        let drawn = try #require(geometry[4] as? [[Any]])
        #expect(drawn.map { $0[2] as? Int } == Array(1...12))
        #expect(zip(drawn, placed).allSatisfy { abs(($0[0] as? Double ?? -1) - $1.x) < 0.051 && $0[1] as? Int == $1.line })
        #expect((geometry[0] as? [Double])?.count == 1)
        let visible = try #require(geometry[1] as? [[Double]])
        #expect(!visible.isEmpty && visible.allSatisfy { $0[2] == 0 })
    }

    @Test func timelinePlacesTimesOnALogAxisFromTenMillisecondsToAnHour() {
        let start = HTMLTimeline.x(10), end = HTMLTimeline.x(3_600_000)
        #expect(start == HTMLTimeline.left && abs(end - (HTMLTimeline.left + HTMLTimeline.plot)) < 1e-9)
        // A decade is the same width anywhere on the axis.
        #expect(abs((HTMLTimeline.x(1000) - HTMLTimeline.x(100)) - (HTMLTimeline.x(100_000) - HTMLTimeline.x(10_000))) < 1e-9)
        // Outside the axis, times sit at its ends; no input traps.
        #expect(HTMLTimeline.x(0) == start && HTMLTimeline.x(-5) == start && HTMLTimeline.x(.infinity) == end)
        #expect(HTMLTimeline.x(.nan) == end)
    }
}
