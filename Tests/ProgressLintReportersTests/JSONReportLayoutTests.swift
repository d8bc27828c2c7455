import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintSupport
import ProgressLintReporters
import ProgressLintRules
import ProgressLintWorkspace
import Testing

/// The JSON report's large parts are written by pointer (``ReportBuffer``), not member by member
/// through ``JSONWriter``: the whole report is laid out as ``JSONWriter`` lays out its tokens
/// (indentation, commas, empty containers on one line), whatever it holds.
@Suite struct JSONReportLayoutTests {
    /// `text`'s tokens laid out again as ``JSONWriter`` lays them out (strings and numbers as written).
    static func relaid(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var open: [Int] = []  // members so far of each open container
        var openers: [UInt8] = []
        var afterKey = false
        func beforeValue() {
            if afterKey {
                afterKey = false
                return
            }
            guard !open.isEmpty else { return }
            if open[open.count - 1] == 0 { out.append(openers[openers.count - 1]) } else { out.append(0x2C) }
            open[open.count - 1] += 1
            out.append(0x0A)
            out += repeatElement(0x20, count: 2 * open.count)
        }
        var i = 0
        func skipSpace() { while i < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 } }
        while true {
            skipSpace()
            guard i < bytes.count else { break }
            let byte = bytes[i]
            switch byte {
            case 0x5B, 0x7B:
                beforeValue()
                open.append(0)
                openers.append(byte)
                i += 1
            case 0x5D, 0x7D:
                let members = open.removeLast()
                let opener = openers.removeLast()
                if members == 0 {
                    out += [opener, byte]
                } else {
                    out.append(0x0A)
                    out += repeatElement(0x20, count: 2 * open.count)
                    out.append(byte)
                }
                i += 1
            case 0x22:
                var j = i + 1
                while bytes[j] != 0x22 { j += bytes[j] == 0x5C ? 2 : 1 }
                let token = bytes[i...j]
                i = j + 1
                skipSpace()
                beforeValue()
                out += token
                if i < bytes.count && bytes[i] == 0x3A {
                    out += Array(": ".utf8)
                    afterKey = true
                    i += 1
                }
            default:
                var j = i
                while j < bytes.count && ![0x2C, 0x5D, 0x7D, 0x20, 0x0A].contains(bytes[j]) { j += 1 }
                beforeValue()
                out += bytes[i..<j]
                i = j
            }
            skipSpace()
            if i < bytes.count && bytes[i] == 0x2C { i += 1 }
        }
        return String(decoding: out, as: UTF8.self) + "\n"
    }

    static let specs: [(String, String)] = [
        ("specs/upload.yaml", FixReportTests.spec),
        ("specs/hostile \"##[x]\".yaml", """
            platform: ios
            screen: "Ünïcode ✓ \\"q\\" ##[cmd] \\u2028 tab\\t"
            indicators:
              - id: "a\\\\b"
                style: spinner
                presentation: overlay
                duration: 2s..30s
                label: Loading
                phases:
                  - {name: "Sénding", share: 0.25, duration: 1.5s}
                  - {name: Checking, share: 0.75}
                becomes:
                  - {when: size known, determinate: true, style: bar}
            ---
            screen: Empty
            indicators: []
            """),
        ("specs/empty.yaml", ""),
        ("specs/broken.yaml", "screen: [unclosed\n"),
    ]

    func result() -> RunResult {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return runner.run(inMemory: Self.specs.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
    }

    @Test(arguments: [false, true])
    func aReportWithFixesDocsLinksHostileTextAndEmptyPartsIsLaidOutAsJSONWriterLaysItOut(_ quiet: Bool) throws {
        var context = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet, columnUnit: .utf16)
        context.docsURL = "https://example.com/rules/{rule}.md"
        let result = result()
        let report = JSONReporter().render(result, context: context)
        #expect(report == Self.relaid(report))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(!diagnostics.isEmpty)
        #expect(quiet || diagnostics.contains { $0["fix"] is [String: Any] })
        #expect(diagnostics.allSatisfy { ($0["docs"] as? String)?.hasPrefix("https://example.com/rules/") == true })
        #expect((object["files"] as? [Any])?.count == Self.specs.count)
        #expect(report.contains("\"screens\": []") && report.contains("\"indicators\": []"))
        #expect(report.contains("#\\u005b") && report.contains("\\u2028"))
    }

    @Test func aRunOfNoFilesHasEmptyArraysOnOneLine() {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: [], configuration: Configuration())
        let report = JSONReporter().render(result, context: ReportContext(rules: RuleRegistry.descriptions))
        #expect(report == Self.relaid(report))
        for part in ["files", "diagnostics", "screens", "byScreen"] { #expect(report.contains("\"\(part)\": []"), "\(part)") }
    }

    @Test func theLayoutCheckFindsAMisplacedComma() {
        let laidOut = "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n"
        #expect(Self.relaid(laidOut) == laidOut)
        #expect(Self.relaid("{\"a\": [1 ,2], \"b\": {}}") == laidOut)
        #expect(Self.relaid("{\n  \"a\": [\n    1,\n  2\n  ],\n  \"b\": {}\n}\n") != "{\n  \"a\": [\n    1,\n  2\n  ],\n  \"b\": {}\n}\n")
    }
}
