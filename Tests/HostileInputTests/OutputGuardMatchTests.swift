import Foundation
import ProgressLintRules
@testable import ProgressLintReporters
@testable import ProgressLintRun
import Testing
@testable import progress_lint

/// The output guard tells an earlier report by its first bytes: tested on bytes first, and as
/// characters only when a match borders non-ASCII text, with the same answers as testing characters.
@Suite struct OutputGuardMatchTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aMatchBetweenASCIIBytesIsSettledOnBytes() {
        #expect(ReportPrefix.asciiMatch(bytes("{\"tool\":1}"), "\"tool\"", prefixOnly: false) == true)
        #expect(ReportPrefix.asciiMatch(bytes("é{\"tool\":1}"), "\"tool\"", prefixOnly: false) == true)
        #expect(ReportPrefix.asciiMatch(bytes("{x"), "{", prefixOnly: true) == true)
        #expect(ReportPrefix.asciiMatch(bytes("sarif"), "sarif", prefixOnly: false) == true)
    }

    @Test func noOccurrenceOfTheBytesIsNoMatch() {
        #expect(ReportPrefix.asciiMatch(bytes("{\"tol\":1}"), "\"tool\"", prefixOnly: false) == false)
        #expect(ReportPrefix.asciiMatch(bytes("x{"), "{", prefixOnly: true) == false)
        #expect(ReportPrefix.asciiMatch(bytes("sar"), "sarif", prefixOnly: false) == false)
        #expect(ReportPrefix.asciiMatch([], "{", prefixOnly: true) == false)
    }

    @Test func aMatchBorderingNonASCIIBytesIsLeftToTheCharacters() {
        // `f` and a combining acute accent are one character, not `f`.
        #expect(ReportPrefix.asciiMatch(bytes("sarif\u{301}"), "sarif", prefixOnly: false) == nil)
        #expect(ReportPrefix.asciiMatch(bytes("{\u{301}"), "{", prefixOnly: true) == nil)
        // A later match between ASCII bytes settles it.
        #expect(ReportPrefix.asciiMatch(bytes("sarif\u{301}:sarif"), "sarif", prefixOnly: false) == true)
    }

    @Test func reportsAreRecognisedAsCharactersWouldRecogniseThem() {
        let json = "{\n  \"version\" : 1,\n  \"tool\" : {\n    \"name\" : \"progress-lint\""
        #expect(OutputGuard.looksLike("json", bytes(json)))
        #expect(!OutputGuard.looksLike("json", bytes(json.replacingOccurrences(of: "progress-lint\"", with: "progress-lint\u{301}\""))))
        #expect(OutputGuard.looksLike("sarif", bytes("{ \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\"")))
        #expect(!OutputGuard.looksLike("sarif", bytes("{\u{301} \"sarif\"")))
        #expect(!OutputGuard.looksLike("sarif", bytes("{ \"sarif\u{301}\"")))
        #expect(OutputGuard.looksLike("junit", bytes("<?xml version=\"1.0\"?>")))
        #expect(OutputGuard.looksLike("junit", bytes("  <testsuites>")))
        #expect(!OutputGuard.looksLike("junit", bytes("<?xm")))
        #expect(OutputGuard.looksLike(nil, bytes("{\"version\": 1, \"entries\": [")))
        #expect(!OutputGuard.looksLike(nil, bytes("{\"version\": 1, \"entries\": {")))
        #expect(OutputGuard.looksLike("json", bytes(" \n\t")))
    }

    @Test func everyReporterRecognisesItsOwnReportAndNoSpec() {
        let spec = bytes("screen: Library\nindicators:\n  - id: sync\n    style: spinner\n")
        let context = ReportContext(rules: RuleRegistry.descriptions)
        for reporter in Reporters.all {
            let report = bytes(reporter.init().render(RunResult(), context: context))
            let (own, aSpec) = (reporter.recognises(ReportPrefix(report)), reporter.recognises(ReportPrefix(spec)))
            #expect(own, "\(reporter.name)")
            #expect(OutputGuard.looksLike(reporter.name, report), "\(reporter.name)")
            #expect(!aSpec, "\(reporter.name)")
        }
        // Formats with a header of their own do not take one another's reports.
        let json = bytes(JSONReporter().render(RunResult(), context: context))
        #expect(!SARIFReporter.recognises(ReportPrefix(bytes("<?xml version=\"1.0\"?>"))))
        #expect(!JUnitReporter.recognises(ReportPrefix(json)))
        #expect(!HTMLReporter.recognises(ReportPrefix(json)))
        #expect(!GitLabReporter.recognises(ReportPrefix(json)))
    }
}
