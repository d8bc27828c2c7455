import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintSupport
@testable import ProgressLintReporters
import ProgressLintRules
import ProgressLintWorkspace
import Testing

/// The JSON report's `screens[]`, written from the stored bytes, is the text ``JSONWriter`` writes
/// for the same ``ScreenTiming`` values member by member (as the report wrote it before).
@Suite struct ScreenTimingJSONTests {
    /// `screens[]` written member by member from decoded ``ScreenTiming``s: the reference.
    static func reference(_ result: RunResult, report: RunReport, into json: inout JSONWriter) {
        json.beginArray()
        for file in report.byFile {
            guard let position = file.position else { continue }
            let screens = result.timings.screens(at: position)
            for (s, screen) in screens.enumerated() {
                var counts = [ScreenTimingJSON.Counts](repeating: .init(), count: screen.indicators.count)
                for d in file.diagnostics {
                    guard screens.firstIndex(where: { $0.holds(d) }) == s, let i = screen.indicatorIndex(of: d) else { continue }
                    counts[i].add(d.severity)
                }
                write(screen, counts: counts, into: &json)
            }
        }
        json.end()
    }

    static func write(_ screen: ScreenTiming, counts: [ScreenTimingJSON.Counts], into json: inout JSONWriter) {
        func number(_ value: Double?) {
            guard let value else { return json.null() }
            if value == value.rounded(), abs(value) < 1e15 { json.int(Int(value)) } else { json.double(value) }
        }
        json.beginObject()
        json.key("path"); json.string(screen.path)
        json.key("screen"); json.string(screen.screen)
        json.key("platform"); json.string(screen.platform)
        json.key("thresholds")
        json.beginObject()
        let t = screen.thresholds
        for (key, value) in [("instantMs", t.instant), ("noticeableMs", t.noticeable), ("attentionMs", t.attention),
                             ("showAfterMaxMs", t.showAfterMax), ("updatesEveryMaxMs", t.updatesEveryMax),
                             ("determinateAfterMs", t.determinateAfter), ("minDisplayMs", t.minDisplay)] {
            json.key(key); number(value.milliseconds)
        }
        json.end()
        json.key("indicators")
        json.beginArray()
        for (i, indicator) in screen.indicators.enumerated() {
            json.beginObject()
            json.key("id"); json.string(indicator.id)
            json.key("line"); json.int(indicator.line)
            json.key("style"); json.string(indicator.style)
            json.key("determinate"); json.bool(indicator.determinate)
            json.key("component"); json.string(indicator.component)
            json.key("presentation"); json.string(indicator.presentation)
            json.key("location"); json.string(indicator.location)
            json.key("showAfterMs"); number(indicator.showAfterMs)
            json.key("duration")
            json.beginObject()
            json.key("minMs"); number(indicator.durationMinMs)
            json.key("maxMs"); number(indicator.durationMaxMs)
            json.key("unknown"); json.bool(indicator.durationUnknown)
            json.end()
            json.key("phases")
            json.beginArray()
            for phase in indicator.phases {
                json.beginObject()
                json.key("name"); json.string(phase.name)
                json.key("share"); number(phase.share)
                json.key("durationMs"); number(phase.durationMs)
                json.end()
            }
            json.end()
            json.key("becomes")
            json.beginArray()
            for state in indicator.becomes {
                json.beginObject()
                json.key("when"); json.string(state.when)
                json.key("determinate")
                if let d = state.determinate { json.bool(d) } else { json.null() }
                json.key("style"); json.string(state.style)
                json.end()
            }
            json.end()
            json.key("findings")
            json.beginObject()
            json.key("error"); json.int(counts[i].error)
            json.key("warning"); json.int(counts[i].warning)
            json.key("info"); json.int(counts[i].info)
            json.end()
            json.end()
        }
        json.end()
        json.end()
    }

    /// Both writers' text for `result`, with `screens` at nesting `depth` (1: a report's member).
    static func texts(_ result: RunResult, depth: Int) -> (fast: String, reference: String) {
        let report = ReportContext(rules: RuleRegistry.descriptions).report(result)
        func text(_ body: (inout JSONWriter) -> Void) -> String {
            var json = JSONWriter()
            for _ in 1..<depth { json.beginArray() }
            json.beginObject()
            json.key(literal: "before")
            json.int(1)
            json.key(literal: "screens")
            body(&json)
            json.key(literal: "after")
            json.int(2)
            json.end()
            for _ in 1..<depth { json.end() }
            return json.out.text
        }
        return (text { ScreenTimingJSON.write(result, report: report, into: &$0) },
                text { reference(result, report: report, into: &$0) })
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

    @Test func screensWrittenFromStoredBytesAreTheTextJSONWriterWritesAtAnyDepth() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: Self.specs.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
        #expect(result.screens >= 5)
        #expect(!result.diagnostics.isEmpty)
        for depth in 1...3 {
            let (fast, reference) = Self.texts(result, depth: depth)
            #expect(fast == reference, "depth \(depth)")
            #expect(fast.contains("\"error\": 1") || fast.contains("\"warning\": 1") || fast.contains("\"info\": 1"))
        }
        // Some finding is counted against an indicator, and the text is JSON.
        let (fast, _) = Self.texts(result, depth: 1)
        #expect(try JSONSerialization.jsonObject(with: Data(fast.utf8)) is [String: Any])
        #expect(fast.contains("\\u2028") && fast.contains("#\\u005b"))
    }

    @Test func aRunWithoutScreensWritesAnEmptyArrayAsJSONWriterDoes() {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: [], configuration: Configuration())
        let (fast, reference) = Self.texts(result, depth: 1)
        #expect(fast == reference)
        #expect(fast.contains("\"screens\": []"))
    }

    @Test func aFileWhoseStoredTimingsRunShortLosesTheScreensAReadBackLosesAtEveryCut() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        var result = runner.run(inMemory: Self.specs.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
        let whole = (0..<result.files.count).map { ScreenTimingList.encode(result.timings.screens(at: $0)) }
        #expect(whole[0].count > 100)
        let screens = result.timings.screens(at: 0).count
        var cuts = 0
        for length in 1..<whole[0].count {
            var timings = ScreenTimingList()
            for (position, bytes) in whole.enumerated() {
                let kept = position == 0 ? length : bytes.count
                bytes.withUnsafeBytes { timings.appendEncoded(UnsafeRawBufferPointer(rebasing: $0[0..<kept]), file: position) }
            }
            if timings.screens(at: 0).count < screens { cuts += 1 }
            result.timings = timings
            let (fast, reference) = Self.texts(result, depth: 2)
            #expect(fast == reference, "\(length) of \(whole[0].count) bytes")
        }
        #expect(screens >= 2 && cuts > 0)
    }
}
