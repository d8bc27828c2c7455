import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import TestSupport

/// SARIF, GitHub annotations, JUnit XML and the dashboard JSON, from real runs of the parser and
/// decoder (files, screens, inventory, input findings) with fixed rule findings: these tests check
/// the formats, not what the rules find today.
@Suite struct IntegrationFormatTests {
    static let spec = """
        platform: ios
        screen: Upload photos
        indicators:
          - id: upload
            style: spinner
            presentation: overlay
            label: Loading
          - id: sync
            style: bar
            determinate: true
            cancel: true
            reduce-motion: {replace-with: Syncing}
            accessibility: {announce: {completion: Sync complete}}
        ---
        screen: Settings
        indicators: []
        """

    /// Fixed findings on ``spec`` in the file `path`, `shift` lines further down (the platform, as
    /// the report shows it, is `platform`).
    static func findings(in path: String, shift: Int = 0, platform: String? = "ios") -> [Diagnostic] {
        func at(_ line: Int, _ column: Int, _ endColumn: Int) -> SourceRange {
            SourceRange(start: SourcePosition(line: line + shift, column: column),
                        end: SourcePosition(line: line + shift, column: endColumn))
        }
        return [
            Diagnostic(ruleID: "obstructive-needs-exit", severity: .error,
                       message: "indicator 'upload' blocks the screen (presentation: overlay) for an unknown time with "
                           + "no way out; add `cancel` (stop the work) or `close` (let it go on in the background)",
                       path: path, range: at(4, 5, 15), screen: "Upload photos", indicator: "upload",
                       yamlPath: "indicators[upload]", documentIndex: 0, platform: platform),
            Diagnostic(ruleID: "vague-label", severity: .warning,
                       message: "indicator 'upload' has a vague label \"Loading\"; say what is happening, "
                           + "e.g. \"Uploading 12 photos\"",
                       path: path, range: at(7, 12, 19), screen: "Upload photos", indicator: "upload",
                       yamlPath: "indicators[upload].label", documentIndex: 0, value: "Loading", platform: platform),
            Diagnostic(ruleID: "missing-label", severity: .info,
                       message: "indicator 'sync' may run for an unknown time but has no `label`; add one that says "
                           + "what is happening",
                       path: path, range: at(8, 5, 13), screen: "Upload photos", indicator: "sync",
                       yamlPath: "indicators[sync]", documentIndex: 0, platform: platform),
        ]
    }

    /// Parses and decodes `sources` with no rule on, then adds ``findings(in:shift:platform:)`` for
    /// each file that is ``spec`` (with `platform: ios` or without it, or followed by more documents).
    func run(_ sources: [(String, String)], platform: Platform? = nil) -> RunResult {
        var configuration = Configuration()
        configuration.platform = platform
        let linter = Linter(rules: [], descriptions: RuleRegistry.descriptions)
        let runner = LintRunner(linter: linter, loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: sources.map { ($0.0, Array($0.1.utf8)) }, configuration: configuration)
        let withoutPlatform = Self.spec.replacingOccurrences(of: "platform: ios\n", with: "")
        var diagnostics = result.diagnostics
        for (path, text) in sources {
            if text.hasPrefix(Self.spec) {
                diagnostics += Self.findings(in: path)
            } else if text == withoutPlatform {
                diagnostics += Self.findings(in: path, shift: -1, platform: platform?.rawValue)
            }
        }
        return result.with(diagnostics: diagnostics)
    }

    var context: ReportContext { ReportContext(rules: RuleRegistry.descriptions) }

    // MARK: SARIF

    @Test(Python.needs(shared: "sarif-schema-2.1.0.json", "jsonschema"))
    func sarifIsValidAgainstTheOASISSchema() throws {
        let run = run([("specs/upload.yaml", Self.spec), ("specs/broken.yaml", "screen: [\n")])
        var diagnostics = run.diagnostics
        diagnostics[0].message = "control \u{1B}[31m and \"quotes\" and\nnewline"
        let result = run.with(diagnostics: diagnostics)
        let file = try Python.temporaryFile(SARIFReporter().render(result, context: context), suffix: ".sarif")
        let schema = Python.sharedSchemas.appendingPathComponent("sarif-schema-2.1.0.json").path
        let problem = try Python.validateJSON(file, schema: schema)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func sarifListsEveryRuleAndPointsResultsAtThem() throws {
        let result = run([("./specs/upload.yaml", Self.spec)])
        let object = try json(SARIFReporter().render(result, context: context))
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleRegistry.descriptions.map(\.id))
        for rule in rules {
            for key in ["name", "shortDescription", "fullDescription", "help", "defaultConfiguration"] {
                #expect(rule[key] != nil, "rule \(rule["id"] ?? "") lacks \(key)")
            }
            // With no `docs-url` configured there is no address to give.
            #expect(rule["helpUri"] == nil)
            let help = try #require(rule["help"] as? [String: Any])
            #expect((help["text"] as? String)?.contains("progress-lint explain \(rule["id"] as? String ?? "")") == true)
            #expect(help["markdown"] is String)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == result.diagnostics.count)
        for r in results {
            let index = try #require(r["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == r["ruleId"] as? String)
            let location = try #require((r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "specs/upload.yaml")
            let region = try #require(location["region"] as? [String: Int])
            #expect(Set(region.keys) == ["startLine", "startColumn", "endLine", "endColumn"])
            #expect(["error", "warning", "note"].contains(r["level"] as? String ?? ""))
        }
    }

    @Test func sarifURIsUseForwardSlashesAndPercentEncoding() {
        #expect(SARIFReporter.uri("./specs/a b.yaml") == "specs/a%20b.yaml")
        // On POSIX a backslash is part of a file name, not a separator: `a\b.yaml` is not `a/b.yaml`.
        #expect(SARIFReporter.uri("specs\\win.yaml") == "specs%5Cwin.yaml")
        #expect(SARIFReporter.uri("100% #1?.yaml") == "100%25%20%231%3F.yaml")
        #expect(SARIFReporter.uri("/abs/é.yaml") == "file:///abs/%C3%A9.yaml")
        // Every ASCII byte: kept exactly when it is a letter, a digit or one of `-._~/!$&'()*+,;=@`.
        for byte in UInt8(0)..<0x80 {
            let c = Character(Unicode.Scalar(byte))
            let kept = c.isLetter || c.isNumber || "-._~/!$&'()*+,;=@".contains(c)
            let expected = kept ? String(c) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            #expect(SARIFReporter.uri("x" + String(c)) == "x" + expected, "byte \(byte)")
        }
    }

    @Test func fingerprintsSurviveMovedLinesButNotChangedValues() throws {
        let before = Self.findings(in: "a.yaml")
        let moved = Self.findings(in: "a.yaml", shift: 3)
        #expect(before.map(\.range.start.line) != moved.map(\.range.start.line))
        #expect(Fingerprint.of(before) == Fingerprint.of(moved))
        var changed = before
        changed[1].value = "Working"
        changed[1].message = changed[1].message.replacingOccurrences(of: "Loading", with: "Working")
        #expect(Fingerprint.of(before)[1] != Fingerprint.of(changed)[1])
        #expect(Fingerprint.of(before)[0] == Fingerprint.of(changed)[0])
    }

    // MARK: GitHub

    @Test func githubAnnotationsAreWorkflowCommandsWithEscapedPropertiesAndData() {
        let result = run([("specs/a,b:c.yaml", Self.spec)]).with(diagnostics: [Diagnostic(
            ruleID: "vague-label", severity: .info, message: "100% done\r\nnext line \u{1B}[2J", path: "specs/a,b:c.yaml",
            range: SourceRange(start: SourcePosition(line: 3, column: 5), end: SourcePosition(line: 3, column: 12)))])
        let text = GitHubReporter().render(result, context: context)
        #expect(text.hasPrefix("::notice file=specs/a%2Cb%3Ac.yaml,line=3,col=5,endLine=3,endColumn=12,title="))
        #expect(text.hasSuffix("::100%25 done%0D%0Anext line \\u{1B}[2J\n"))
        #expect(!text.contains("\u{1B}"))
        #expect(text.filter { $0 == "\n" }.count == 1)
    }

    @Test func githubUsesErrorWarningAndNoticeBySeverity() {
        let text = GitHubReporter().render(run([("a.yaml", Self.spec)]), context: context)
        #expect(text.contains("::error file=a.yaml,line=4,"))
        #expect(text.contains("::warning file=a.yaml,line=7,"))
        #expect(text.contains("::notice file=a.yaml,line=8,"))
    }

    // MARK: JUnit

    @Test(Python.needs(shared: "junit.xsd", "xmlschema"))
    func junitIsValidAgainstTheSchema() throws {
        let run = run([("specs/upload.yaml", Self.spec), ("specs/empty.yaml", ""), ("specs/broken.yaml", "screen: [\n")])
        var diagnostics = run.diagnostics
        diagnostics[0].message = "nul \u{0} bell \u{7} esc \u{1B} <tag> & \"q\" 'a' \u{FFFE}"
        let result = run.with(diagnostics: diagnostics)
        let xml = JUnitReporter().render(result, context: context)
        let file = try Python.temporaryFile(xml, suffix: ".xml")
        let schema = Python.sharedSchemas.appendingPathComponent("junit.xsd").path
        let (status, output) = try Python.run(
            "import sys, xmlschema; xmlschema.XMLSchema(sys.argv[2]).validate(sys.argv[1])", [file, schema])
        #expect(status == 0, "\(output)")
    }

    @Test func junitHasASuitePerFileAndACasePerScreen() {
        let result = run([("specs/upload.yaml", Self.spec), ("specs/empty.yaml", "# nothing yet\n")])
        let xml = JUnitReporter().render(result, context: context)
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == 2)
        #expect(xml.contains("<testsuite name=\"specs/empty.yaml\""))
        #expect(xml.contains("tests=\"0\""))
        #expect(xml.contains("<testcase name=\"Upload photos\" classname=\"specs/upload.yaml\" time=\"0\">"))
        #expect(xml.contains("<testcase name=\"Settings\" classname=\"specs/upload.yaml\" time=\"0\"/>"))
        #expect(xml.contains("<failure message=\""))
    }

    @Test func xmlEscapingRemovesCharactersXMLForbids() {
        #expect(XMLText.content("a < b & \u{0}\u{1B}") == "a &lt; b &amp; \\u{0}\\u{1B}")
        #expect(XMLText.attribute("\"x\"\n'y'") == "&quot;x&quot;&#10;&apos;y&apos;")
    }

    @Test func xmlEscapingAgreesWithAPlainReferenceOnEveryASCIIByteAndSomeOtherText() {
        // The escaping written plainly, a `String` appended to a scalar at a time: the reference.
        func reference(_ text: String, attribute: Bool) -> String {
            var out = ""
            var hashes = 0
            for scalar in text.unicodeScalars {
                defer { hashes = scalar == "#" ? hashes + 1 : 0 }
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"" where attribute: out += "&quot;"
                case "'" where attribute: out += "&apos;"
                case "\n": out += "&#10;"
                case "[" where hashes >= 2: out += "&#91;"
                case "\r": out += "&#13;"
                case "\t" where attribute: out += "&#9;"
                default:
                    if XMLText.isAllowed(scalar) {
                        out.unicodeScalars.append(scalar)
                    } else {
                        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    }
                }
            }
            return out
        }
        // Every ASCII byte, in runs that put `#`, `[`, quotes and controls next to each other.
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array(0..<0x80) + Array(repeating: UInt8(ascii: "#"), count: 40)
            + Array(repeating: UInt8(ascii: "["), count: 20) + Array(repeating: UInt8(ascii: "a"), count: 60)
        var samples = ["", "plain text", "##[error]", "#[x", "##", "a\tb", "it's \"x\" & <y>\r\n", "\u{7F}\u{0}",
                       "été & <x>", "a\u{202E}b\u{85}#\u{FFFE}#[", "\u{1F600}\n\u{200B}"]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            samples.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
        }
        // Characters of two, three and four bytes among them: C1 controls, bidirectional and
        // zero-width ones, U+FFFE, letters and an emoji.
        let others: [Unicode.Scalar] = ["\u{85}", "\u{9F}", "\u{A0}", "é", "\u{200B}", "\u{202E}", "\u{2066}", "\u{2028}",
                                        "\u{FEFF}", "\u{FFFE}", "\u{FFFD}", "上", "\u{1F600}", "\u{10FFFF}", "#", "[", "a", "&"]
        for _ in 0..<500 {
            let length = Int.random(in: 0...12, using: &generator)
            samples.append(String(String.UnicodeScalarView((0..<length).map { _ in others.randomElement(using: &generator)! })))
        }
        for text in samples {
            #expect(XMLText.content(text) == reference(text, attribute: false), "\(Array(text.utf8))")
            #expect(XMLText.attribute(text) == reference(text, attribute: true), "\(Array(text.utf8))")
        }
        #expect(XMLText.attribute("été ##[x] \u{202E}") == "été ##&#91;x] \\u{202E}")
    }

    // MARK: JSON for dashboards

    @Test(Python.needs("jsonschema"))
    func jsonReportMatchesItsSchema() throws {
        let result = run([("specs/upload.yaml", Self.spec), ("specs/broken.yaml", "screen: [\n"),
                          ("specs/none.yaml", "")])
        let file = try Python.temporaryFile(JSONReporter().render(result, context: context), suffix: ".json")
        let schema = Python.packageRoot.appendingPathComponent("schemas/report.schema.json").path
        let problem = try Python.validateJSON(file, schema: schema)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func jsonCountsByRulePlatformAndScreenAndKeepsAnInventory() throws {
        let result = run([("specs/upload.yaml", Self.spec), ("specs/other.yaml", Self.spec.replacingOccurrences(
            of: "platform: ios\n", with: ""))])
        let object = try json(JSONReporter().render(result, context: context))
        #expect(object["version"] as? Int == 1)
        let summary = try #require(object["summary"] as? [String: Any])
        let byRule = try #require(summary["byRule"] as? [String: Int])
        #expect(byRule["vague-label"] == 2)
        let byPlatform = try #require(summary["byPlatform"] as? [String: Int])
        let platforms: [String] = byPlatform.keys.sorted()
        #expect(platforms == ["ios", "none"])
        let byScreen = try #require(summary["byScreen"] as? [[String: Any]])
        #expect(byScreen.first?["screen"] as? String == "Upload photos")
        let severity = try #require(summary["bySeverity"] as? [String: Int])
        let errors: Int? = summary["errors"] as? Int
        #expect(severity["error"] == errors)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first)
        // No address is configured, so none is given: the tool has no public home to point at.
        #expect(first["docs"] == nil)
        #expect(first["fingerprint"] is String)
        let inventory = try #require(object["inventory"] as? [String: Any])
        #expect(inventory["indicators"] as? Int == 4)
        let styles: [String: Int] = inventory["byStyle"] as? [String: Int] ?? [:]
        #expect(styles == ["bar": 2, "spinner": 2])
        let shares = try #require(inventory["shares"] as? [String: Any])
        #expect(shares["determinate"] as? Double == 0.5)
        #expect(shares["cancel"] as? Double == 0.5)
        #expect(shares["completionAnnouncement"] as? Double == 0.5)
        let files = try #require(object["files"] as? [[String: Any]])
        let paths: [String] = files.compactMap { $0["path"] as? String }
        #expect(paths == ["specs/other.yaml", "specs/upload.yaml"])
        let screens: [String] = files.first?["screens"] as? [String] ?? []
        #expect(screens == ["Upload photos", "Settings"])
    }

    // MARK: a run that failed

    /// A run with findings, a configuration error and a path that could not be read.
    func failedRun() -> RunResult {
        var result = run([("specs/upload.yaml", Self.spec), ("specs/dup.yaml", Self.spec + "\n---\nscreen: Settings\n"
            + "indicators:\n  - {id: s, style: spinner, presentation: overlay, label: Saving}\n")])
        result.configurationErrors = [ConfigurationError(
            path: "specs/.progress-lint.yml", position: SourcePosition(line: 2, column: 3), message: "unknown key 'rulez'")]
        result.problems = [RunProblem(path: "specs/gone.yaml", message: "no such file or folder"),
                           RunProblem(path: "specs/<&>\u{1B}.yaml", message: "cannot read: \"denied\" <now>")]
        return result
    }

    @Test(Python.needs(shared: "sarif-schema-2.1.0.json", "jsonschema"))
    func sarifOfAFailedRunIsValidAndNamesEachProblem() throws {
        let text = SARIFReporter().render(failedRun(), context: context)
        let file = try Python.temporaryFile(text, suffix: ".sarif")
        let problem = try Python.validateJSON(file, schema: Python.sharedSchemas.appendingPathComponent("sarif-schema-2.1.0.json").path)
        #expect(problem == nil, "\(problem ?? "")")
        let run = try #require((try json(text)["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 3)
        #expect(notifications.allSatisfy { $0["level"] as? String == "error" })
        let region = (notifications[0]["locations"] as? [[String: Any]])?.first
            .flatMap { $0["physicalLocation"] as? [String: Any] }?["region"] as? [String: Int]
        #expect(region == ["startLine": 2, "startColumn": 3])
    }

    @Test(Python.needs(shared: "junit.xsd", "xmlschema"))
    func junitOfAFailedRunIsValidWithAnErrorCasePerProblem() throws {
        let xml = JUnitReporter().render(failedRun(), context: context)
        let file = try Python.temporaryFile(xml, suffix: ".xml")
        let schema = Python.sharedSchemas.appendingPathComponent("junit.xsd").path
        let (status, output) = try Python.run("""
            import sys, xmlschema
            xmlschema.XMLSchema(sys.argv[2]).validate(sys.argv[1])
            import xml.etree.ElementTree as ET
            for suite in ET.parse(sys.argv[1]).getroot():
                cases = suite.findall('testcase')
                assert int(suite.get('tests')) == len(cases), suite.get('name')
                assert int(suite.get('errors')) == sum(1 for c in cases if c.find('error') is not None), suite.get('name')
                assert int(suite.get('failures')) == sum(1 for c in cases if c.find('failure') is not None), suite.get('name')
            first = ET.parse(sys.argv[1]).getroot()[0]
            assert first.get('name') == 'progress-lint' and first.get('errors') == '3', first.attrib
            """, [file, schema])
        #expect(status == 0, "\(output)")
        #expect(xml.contains("<testcase name=\"Settings (document 2)\" classname=\"specs/dup.yaml\""))
        #expect(xml.contains("<testcase name=\"Settings (document 3)\" classname=\"specs/dup.yaml\""))
    }

    @Test(Python.needs("jsonschema"))
    func jsonReportOfAFailedRunMatchesItsSchemaAndListsTheErrors() throws {
        let text = JSONReporter().render(failedRun(), context: context)
        let file = try Python.temporaryFile(text, suffix: ".json")
        let schema = Python.packageRoot.appendingPathComponent("schemas/report.schema.json").path
        let problem = try Python.validateJSON(file, schema: schema)
        #expect(problem == nil, "\(problem ?? "")")
        let object = try json(text)
        #expect(object["ok"] as? Bool == false)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.count == 3)
        #expect(errors[0]["path"] as? String == "specs/.progress-lint.yml")
        #expect(errors[0]["line"] as? Int == 2)
        #expect(errors[0]["column"] as? Int == 3)
        #expect(errors[1]["path"] as? String == "specs/gone.yaml")
        #expect(errors[1]["line"] == nil)
    }

    @Test func theTextSummaryOfAFailedRunNeverSaysNoProblems() {
        let result = failedRun().with(diagnostics: [])
        let text = TextReporter().render(result, context: context)
        #expect(!text.contains("no problems"))
        #expect(text.hasSuffix("0 problems in 2 files, 5 screens, 5 indicators; 2 paths could not be linted, "
                               + "1 configuration error (the run failed; see the errors on standard error)\n"))
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

extension RunResult {
    /// This run with `diagnostics` as its findings (put in report order), the rest kept.
    func with(diagnostics: [Diagnostic]) -> RunResult {
        var made = RunResult(files: Array(files), diagnostics: diagnostics)
        made.problems = problems
        made.configurationErrors = configurationErrors
        made.unmatched = unmatched
        made.skipped = skipped
        made.docsURL = docsURL
        made.inventory = inventory
        made.timings = timings
        return made
    }
}
