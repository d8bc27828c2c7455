import Testing
@testable import ProgressLintReporters
import ProgressLintSupport
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML

/// The reports' byte-level shortcuts write what the general code writes.
@Suite struct ReportWriterFastPathTests {
    @Test func literalKeysAreWrittenAsStringKeysAre() {
        var literal = JSONWriter()
        var string = JSONWriter()
        literal.beginObject()
        string.beginObject()
        literal.key(literal: "plain")
        string.key("plain")
        literal.int(1)
        string.int(1)
        // Keys that need escapes still get them.
        literal.key(literal: "a\"b\\c[[")
        string.key("a\"b\\c[[")
        literal.int(2)
        string.int(2)
        literal.key(literal: "é\n")
        string.key("é\n")
        literal.null()
        string.null()
        literal.end()
        string.end()
        #expect(literal.out.text == string.out.text)
        #expect(literal.out.text == "{\n  \"plain\": 1,\n  \"a\\\"b\\\\c[[\": 2,\n  \"é\\n\": null\n}")
    }

    @Test func pathsBecomeURIReferencesWithTheirReservedBytesEncoded() {
        let cases: [(String, String)] = [
            ("", ""), (".", "."), ("./", ""), ("././a.yaml", "a.yaml"), (".//a", "file:///a"),
            ("/abs/x y.yaml", "file:///abs/x%20y.yaml"), ("a\\b", "a%5Cb"), ("100% #1?.yaml", "100%25%20%231%3F.yaml"),
            ("specs/-._~!$&'()*+,;=@", "specs/-._~!$&'()*+,;=@"), ("\u{7F}\t", "%7F%09"), (".../a", ".../a"),
        ]
        for (path, uri) in cases {
            #expect(SARIFReporter.uri(path) == uri, "\(path)")
        }
    }

    @Test func aPathThatIsNotASCIIIsEncodedByteByByte() {
        #expect(SARIFReporter.uri("/abs/é.yaml") == "file:///abs/%C3%A9.yaml")
    }

    @Test func repeatsAreNumberedInOrderWhetherRememberedForTheRunOrFileByFile() {
        // 40 distinct keys, each three times, interleaved.
        var diagnostics: [Diagnostic] = []
        for round in 0..<3 {
            for i in 0..<40 {
                diagnostics.append(Diagnostic(ruleID: "r", severity: .warning, message: "m\(i)", path: "a.yaml",
                                              range: SourceRange(start: SourcePosition(line: round + 1, column: 1),
                                                                 end: SourcePosition(line: round + 1, column: 2))))
            }
        }
        let prints = Fingerprint.of(diagnostics)
        #expect(Set(prints).count == 120)
        for i in 0..<40 {
            #expect(!prints[i].contains(":"))
            #expect(prints[40 + i] == prints[i] + ":1")
            #expect(prints[80 + i] == prints[i] + ":2")
        }
        var byFile = Fingerprint.Sequence(byFile: true)
        #expect(diagnostics.map { byFile.next($0) } == prints)
    }
}
