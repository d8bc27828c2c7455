import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import Testing
import TestSupport

/// Fixes in the reports: `[*]` and the fixable count in text, `fix` in JSON, `fixes` in SARIF.
@Suite struct FixReportTests {
    /// A YAML 1.1 boolean (safe fix), a misspelt key (unsafe rename) and an unused suppression (safe).
    static let spec = """
        platform: ios
        screen: Upload photos
        indicators:
          # progress-lint-disable-next-line vague-label
          - id: upload
            style: bar
            determinate: yes
            locaton: toolbar
            label: Uploading photos
        """

    func run(_ text: String = FixReportTests.spec) -> RunResult {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return runner.run(inMemory: [("specs/upload.yaml", Array(text.utf8))], configuration: Configuration())
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func textMarksFindingsThatFixWouldFixAndCountsThoseUnsafeFixesWouldAdd() {
        let context = ReportContext(rules: RuleRegistry.descriptions)
        let text = TextReporter(frames: false).render(run(), context: context)
        #expect(text.contains("specs/upload.yaml:7:18: error: [*] `determinate: yes` is a YAML 1.1 boolean"), "\(text)")
        #expect(text.contains("specs/upload.yaml:8:5: error: unknown key `locaton`"), "\(text)")
        #expect(text.hasSuffix("; [*] 2 fixable with --fix (1 more with --unsafe-fixes)\n"), "\(text)")
        var unsafe = context
        unsafe.unsafeFixes = true
        let withUnsafe = TextReporter(frames: false).render(run(), context: unsafe)
        #expect(withUnsafe.contains("specs/upload.yaml:8:5: error: [*] unknown key `locaton`"), "\(withUnsafe)")
        #expect(withUnsafe.hasSuffix("; [*] 3 fixable with --fix --unsafe-fixes\n"), "\(withUnsafe)")
    }

    @Test func jsonCarriesEachFixWithByteOffsetsLinesAndColumns() throws {
        let object = try json(JSONReporter().render(run(), context: ReportContext(rules: RuleRegistry.descriptions)))
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let boolean = try #require(diagnostics.first { ($0["message"] as? String)?.contains("YAML 1.1") == true })
        let fix = try #require(boolean["fix"] as? [String: Any])
        #expect(fix["applicability"] as? String == "safe")
        #expect(fix["message"] as? String == "write `true`")
        let edit = try #require((fix["edits"] as? [[String: Any]])?.first)
        let start = try #require(edit["start"] as? [String: Any])
        let end = try #require(edit["end"] as? [String: Any])
        let offset = try #require(start["offset"] as? Int)
        #expect(Array(Self.spec.utf8)[offset..<(end["offset"] as? Int ?? 0)] == Array("yes".utf8)[...])
        #expect(start["line"] as? Int == 7 && start["column"] as? Int == 18)
        #expect(edit["content"] as? String == "true")
        let rename = try #require(diagnostics.first { ($0["message"] as? String)?.contains("locaton") == true })
        #expect((rename["fix"] as? [String: Any])?["applicability"] as? String == "unsafe")
        let plain = try #require(diagnostics.first { $0["rule"] as? String == "missing-stall-handling" })
        #expect(plain["fix"] is NSNull)
    }

    @Test(Python.needs("jsonschema"))
    func jsonWithFixesMatchesItsSchema() throws {
        let file = try Python.temporaryFile(JSONReporter().render(run(), context: ReportContext(rules: RuleRegistry.descriptions)),
                                            suffix: ".json")
        let schema = Python.packageRoot.appendingPathComponent("schemas/report.schema.json").path
        let problem = try Python.validateJSON(file, schema: schema)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func sarifCarriesFixesAsArtifactChangesWithByteRegions() throws {
        let object = try json(SARIFReporter().render(run(), context: ReportContext(rules: RuleRegistry.descriptions)))
        let results = try #require(((object["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let fixed = results.filter { $0["fixes"] != nil }
        #expect(fixed.count == 3)
        let fix = try #require((fixed.first?["fixes"] as? [[String: Any]])?.first)
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "specs/upload.yaml")
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        let region = try #require(replacement["deletedRegion"] as? [String: Any])
        #expect(region["byteOffset"] is Int && region["byteLength"] is Int)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] is String)
    }

    @Test(Python.needs(shared: "sarif-schema-2.1.0.json", "jsonschema"))
    func sarifWithFixesIsValidAgainstTheOASISSchema() throws {
        let file = try Python.temporaryFile(SARIFReporter().render(run(), context: ReportContext(rules: RuleRegistry.descriptions)),
                                            suffix: ".sarif")
        let schema = Python.sharedSchemas.appendingPathComponent("sarif-schema-2.1.0.json").path
        let problem = try Python.validateJSON(file, schema: schema)
        #expect(problem == nil, "\(problem ?? "")")
    }
}
