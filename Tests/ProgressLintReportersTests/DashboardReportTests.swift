import Foundation
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
@testable import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
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
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader())
        return runner.run(inMemory: sources.map { ($0.0, Array($0.1.utf8)) }, configuration: configuration)
    }

    /// The project's Examples, linted as the command lints them.
    static func examples() -> RunResult {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader())
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
        let configuration = try RuleRegistry.makeConfigurationLoader().load(
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
        #expect(html.contains(">determinate-after 30s</text>"))
        let plain = HTMLReporter().render(Self.run([("specs/upload.yaml", Self.timedSpec)]), context: context)
        #expect(!plain.contains(">determinate-after "))
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

    @Test(.enabled(if: Python.has("jsonschema")))
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
        // Our own script is the only one; no element or attribute from the spec's text.
        #expect(html.components(separatedBy: "<script").count == 2)
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
        // Every section, and a timeline with its table for each indicator.
        for id in ["run", "glance", "screens", "rules", "files"] { #expect(first.contains("<h2 id=\"\(id)\">")) }
        #expect(first.components(separatedBy: "<svg class=\"tl\"").count - 1 == result.indicators)
        #expect(first.components(separatedBy: "<table class=\"timing\">").count - 1 == result.indicators)
        #expect(first.components(separatedBy: "<li class=\"finding\"").count - 1 == result.diagnostics.count)
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

    @Test func compareRejectsAFileThatIsNotAJSONReport() {
        #expect(throws: PreviousReport.ReadError.self) { try PreviousReport.parse(Array("[1, 2]".utf8), path: "x.json") }
        #expect(throws: PreviousReport.ReadError.self) { try PreviousReport.parse(Array("{\"a\": [".utf8), path: "x.json") }
    }

    @Test func timelineMarkersNeverOverlapAndStayWithinTheChart() {
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
        let svg = HTMLTimeline.svg(indicator, thresholds: Thresholds(), markers: markers, id: "c", title: "t")
        #expect(svg.components(separatedBy: "<a href=\"#f").count - 1 == 12)
        #expect(svg.contains("unknown ?") && svg.contains("class=\"vi\""))
        #expect(!svg.contains("class=\"vd\""))
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
