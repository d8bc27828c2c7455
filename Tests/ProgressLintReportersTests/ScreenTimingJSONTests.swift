import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintSupport
@testable import ProgressLintReporters
import ProgressLintRules
import ProgressLintWorkspace
import Testing

/// The JSON report's `screens[]`: each screen's thresholds and indicators' timing, with the
/// findings counted against the indicator they are about.
@Suite struct ScreenTimingJSONTests {
    /// The JSON report of `result`, and its `screens` read back.
    static func screens(_ result: RunResult) throws -> (text: String, screens: [[String: Any]]) {
        var out = ReportStream()
        JSONReporter().write(result, context: ReportContext(rules: RuleRegistry.descriptions), to: &out)
        let text = out.text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (text, try #require(object["screens"] as? [[String: Any]]))
    }

    static let specs: [(String, String)] = [
        ("a.yaml", """
            platform: ios
            screen: "Upload ✓ \\"quoted\\" ##[x] \\u2028 \\t tab"
            indicators:
              - id: upload
                style: spinner
                presentation: overlay
                duration: 2s..30s
                show-after: 500ms
                label: Loading
                phases:
                  - {name: "Sénding", share: 0.9, duration: 1.5s}
                  - {name: Checking, share: 0.1}
                becomes:
                  - {when: size known, determinate: true, style: bar}
                  - {when: never}
              - id: upload
                style: bar
                label: Please wait
              - style: spinner
                label: Working
              - id: "Cafe\\u0301"
                style: spinner
                label: Processing
            ---
            screen: Settings
            indicators: []
            ---
            indicators:
              - id: x
                style: bar
                determinate: true
            """),
        ("b.yaml", "screen: Empty\nindicators: []\n"),
        ("c.yaml", "screen: Clean\nplatform: android\nindicators:\n  - id: ok\n    style: bar\n    determinate: true\n    label: Saving photos\n"),
    ]

    @Test func everyScreenIsWrittenWithItsIndicatorsTimingAndTheFindingsAboutThem() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: Self.specs.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
        #expect(result.screens >= 5)
        #expect(!result.diagnostics.isEmpty)
        let (text, screens) = try Self.screens(result)
        let report = result.report()
        #expect(screens.count == (0..<result.files.count).reduce(0) { $0 + report.screens(at: $1).count })
        let first = try #require(screens.first)
        #expect(first["path"] as? String == "a.yaml")
        let indicators = try #require(first["indicators"] as? [[String: Any]])
        #expect(indicators.count == 4)
        let upload = indicators[0]
        #expect(upload["showAfterMs"] as? Int == 500)
        let duration = try #require(upload["duration"] as? [String: Any])
        #expect(duration["minMs"] as? Int == 2000 && duration["maxMs"] as? Int == 30000)
        let phases = try #require(upload["phases"] as? [[String: Any]])
        #expect(phases.first?["name"] as? String == "Sénding" && phases.first?["share"] as? Double == 0.9)
        // Some finding is counted against an indicator, and texts are escaped as everywhere in the report.
        #expect(text.contains("\"error\": 1") || text.contains("\"warning\": 1") || text.contains("\"info\": 1"))
        #expect(text.contains("\\u2028") && text.contains("#\\u005b"))
    }

    @Test func aRunWithoutScreensWritesAnEmptyArray() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: [], configuration: Configuration())
        let (text, screens) = try Self.screens(result)
        #expect(screens.isEmpty)
        #expect(text.contains("\"screens\": []"))
    }

    @Test func aFileWhoseStoredTimingsRunShortLosesTheScreensAReadBackLoses() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        var result = runner.run(inMemory: Self.specs.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
        let whole = (0..<result.files.count).map { ScreenTimingList.encode(result.timings.screens(at: $0)) }
        let all = try Self.screens(result).screens.count
        var timings = ScreenTimingList()
        for (position, bytes) in whole.enumerated() {
            let kept = position == 0 ? bytes.count / 2 : bytes.count
            bytes.withUnsafeBytes { timings.appendEncoded(UnsafeRawBufferPointer(rebasing: $0[0..<kept]), file: position) }
        }
        result.timings = timings
        let cut = try Self.screens(result).screens
        #expect(cut.count < all)
        #expect(cut.count == (0..<result.files.count).reduce(0) { $0 + timings.screens(at: $1).count })
    }
}
