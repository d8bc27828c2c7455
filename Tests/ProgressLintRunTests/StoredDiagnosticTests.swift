@testable import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintYAML
import Testing

/// Diagnostics read in place from the run's storage: every field as the diagnostic stored, texts
/// as their bytes, in report order with the merged ones in their place.
@Suite struct StoredDiagnosticTests {
    /// Every field of `stored` is that of `d`, read field by field (not through ``StoredDiagnostic/diagnostic``).
    func expectFields(_ stored: StoredDiagnostic, _ d: Diagnostic, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(stored.path == d.path && stored.ruleID == d.ruleID && stored.severity == d.severity, sourceLocation: sourceLocation)
        #expect(stored.range == d.range && stored.documentIndex == d.documentIndex, sourceLocation: sourceLocation)
        #expect(stored.messageText == d.message, sourceLocation: sourceLocation)
        #expect(stored.withMessageUTF8 { Array($0) } == Array(d.message.utf8), sourceLocation: sourceLocation)
        #expect(stored.screen == d.screen && stored.indicator == d.indicator, sourceLocation: sourceLocation)
        #expect(stored.withIndicatorUTF8 { $0.map(Array.init) } == d.indicator.map { Array($0.utf8) }, sourceLocation: sourceLocation)
        #expect(stored.yamlPath == d.yamlPath && stored.value == d.value && stored.platform == d.platform,
                sourceLocation: sourceLocation)
        #expect(stored.asks == d.asks, sourceLocation: sourceLocation)
        #expect(stored.source == d.source && stored.hasSource == (d.source != nil), sourceLocation: sourceLocation)
        #expect(stored.withSourceTextUTF8 { $0.map(Array.init) } == d.source.map { Array($0.text.utf8) },
                sourceLocation: sourceLocation)
        #expect(stored.sourceFirstColumn == (d.source?.firstColumn ?? 0), sourceLocation: sourceLocation)
        #expect(stored.sourceClippedEnd == (d.source?.clippedEnd ?? false), sourceLocation: sourceLocation)
        #expect(stored.fix == d.fix && stored.hasFix == (d.fix != nil), sourceLocation: sourceLocation)
        #expect(stored.fixApplicability == d.fix?.applicability, sourceLocation: sourceLocation)
        for unit in ColumnUnit.allCases {
            #expect(stored.startColumn(unit) == d.startColumn(unit) && stored.endColumn(unit) == d.endColumn(unit),
                    sourceLocation: sourceLocation)
        }
        #expect(stored.key == DiagnosticKey(d), sourceLocation: sourceLocation)
        #expect(stored.diagnostic == d, sourceLocation: sourceLocation)
    }

    /// Diagnostics with every field, control characters, bidi controls, emoji and long texts.
    static func varied(_ i: Int, path: String) -> Diagnostic {
        var d = DiagnosticListTests.full
        d.path = path
        d.range.start.line = i
        let messages = ["plain ascii", "tab\there, newline\nand ESC \u{1B}[31m", "bidi \u{202E}txt\u{202C} zero\u{200B}width",
                        "##[error] no command", "é 日本 😀 e\u{301}", String(repeating: "long ", count: 40), ""]
        d.message = messages[i % messages.count]
        d.screen = i % 4 == 0 ? nil : "Screen \u{7}\(i)"
        d.indicator = i % 5 == 0 ? nil : "up-\(i)-é"
        d.value = i % 2 == 0 ? nil : "\u{0}nul"
        d.asks = Array(d.asks.prefix(i % 6))
        if i % 3 == 0 { d.fix = nil }
        if i % 7 == 0 { d.source = nil }
        if i % 11 == 0 { d.documentIndex = nil; d.platform = nil }
        d.severity = [.info, .warning, .error][i % 3]
        return d
    }

    @Test func everyFieldOfAStoredDiagnosticIsTheOneStoredAcrossTheStoresWindows() {
        // A 100-byte memory bound: most records are in the store's file, read through its windows.
        var list = DiagnosticList(memoryLimit: 100)
        var expected: [Diagnostic] = []
        for i in 0..<2_000 {
            let d = Self.varied(i, path: "specs/\u{1B}é \(i / 3).yaml")
            list.append(d)
            expected.append(d)
        }
        let stored = Array(list.stored)
        #expect(stored.count == expected.count)
        for (s, d) in zip(stored, expected) { expectFields(s, d) }
        #expect(Array(list) == expected)
        // Keys read straight from the records, without a stored diagnostic.
        #expect(Array(list.keys) == expected.map(DiagnosticKey.init))
        #expect(Array(list.onlyErrors().keys) == expected.filter { $0.severity == .error }.map(DiagnosticKey.init))
    }

    @Test func aRecordLongerThanTheStoresWindowAndOnesAcrossItsEdgeReadWhole() {
        var list = DiagnosticList(memoryLimit: 1_000)
        var expected: [Diagnostic] = []
        // Records of sizes around the window's, so that records start and end on each side of its edges.
        for (i, size) in [10, ByteStore.windowSize - 200, 300, ByteStore.windowSize + 5_000, 17, 40_000, 40_000, 1].enumerated() {
            var d = Self.varied(i, path: "a.yaml")
            d.message = String(repeating: "ü", count: size / 2) + "\(i)"
            list.append(d)
            expected.append(d)
        }
        for (s, d) in zip(Array(list.stored), expected) { expectFields(s, d) }
        #expect(Array(list.stored).count == expected.count)
        // Read in report order by chunk (the files linted out of order), which copies less at a time.
        var chunked = DiagnosticList(memoryLimit: 1_000)
        for (key, d) in expected.enumerated().reversed() {
            var d = d
            d.path = "f\(key).yaml"
            chunked.appendFile([d], path: d.path, key: key)
        }
        chunked.reorder(by: Array(0..<expected.count))
        let read = Array(chunked.stored)
        #expect(read.map(\.path) == (0..<expected.count).map { "f\($0).yaml" })
        #expect(read.map(\.messageText) == expected.map(\.message))
    }

    @Test func storedDiagnosticsKeepTheirBytesWhileLaterOnesAreRead() {
        var list = DiagnosticList(memoryLimit: 64)
        for i in 0..<300 { list.append(Self.varied(i, path: "p\(i / 10).yaml")) }
        // Held while the iterator copies new windows: each keeps its own.
        var iterator = list.stored.makeIterator()
        var held: [StoredDiagnostic] = []
        while let d = iterator.next() { held.append(d) }
        #expect(held.map(\.diagnostic) == Array(list))
    }

    @Test func mergedDiagnosticsAreReadInTheirPlaceAndQuietListsReadOnlyErrors() {
        var list = DiagnosticList(memoryLimit: 64)
        list.appendFile([DiagnosticListTests.diagnostic("b.yaml", 9), DiagnosticListTests.diagnostic("b.yaml", 2, severity: .error)],
                        path: "b.yaml", key: 0)
        list.appendFile([DiagnosticListTests.diagnostic("a.yaml", 5)], path: "a.yaml", key: 1)
        list.reorder(by: [1, 0])
        var merged = Self.varied(3, path: "b.yaml")
        merged.range.start = SourcePosition(line: 2, column: 1)
        list.merge([DiagnosticListTests.diagnostic("a.yaml", 1, "z"), merged, DiagnosticListTests.diagnostic("c.yaml", 1)])
        let stored = Array(list.stored)
        let expected = Array(list)
        #expect(stored.count == 6)
        for (s, d) in zip(stored, expected) { expectFields(s, d) }
        #expect(stored.map(\.path) == ["a.yaml", "a.yaml", "b.yaml", "b.yaml", "b.yaml", "c.yaml"])
        #expect(Array(list.keys) == expected.map(DiagnosticKey.init))
        let quiet = Array(list.onlyErrors().stored)
        #expect(quiet.map(\.diagnostic) == expected.filter { $0.severity == .error })
    }

    @Test func aRunReportsFilesHandTheStoredFindingsInOrderAsTheirDiagnostics() {
        var list = DiagnosticList(memoryLimit: 64)
        for i in 0..<40 { list.append(Self.varied(i, path: "f\(i / 4).yaml")) }
        list.merge([DiagnosticListTests.diagnostic("f1.yaml", 1, "z"), DiagnosticListTests.diagnostic("zz.yaml", 1)])
        var result = RunResult()
        result.files = FileList((0..<10).map { FileSummary(path: "f\($0).yaml") })
        result.findings = list
        let report = RunReport(result)
        let byFile = Array(report.byFile)
        #expect(byFile.count == 11)
        #expect(byFile.flatMap(\.diagnostics) == list.stored.map(\.diagnostic))
        #expect(byFile.map(\.position) == (0..<10).map { $0 } + [nil])
    }
}
