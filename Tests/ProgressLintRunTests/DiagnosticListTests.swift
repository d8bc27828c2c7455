@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintYAML
import Testing

/// A run's diagnostics kept compactly: stored past a bound, read back exactly, in report order.
@Suite struct DiagnosticListTests {
    static func diagnostic(_ path: String, _ line: Int, _ rule: String = "vague-label",
                           severity: Severity = .warning) -> Diagnostic {
        Diagnostic(ruleID: rule, severity: severity, message: "m \(line)", path: path,
                   range: SourceRange(start: SourcePosition(line: line, column: 3), end: SourcePosition(line: line, column: 9)))
    }

    /// Every field set, with text outside ASCII and numbers of every size.
    static var full: Diagnostic {
        var d = Diagnostic(
            ruleID: "announce-completion", severity: .error, message: "Ünïcode 📷 \"quoted\"\n", path: "specs/é.yaml",
            range: SourceRange(start: SourcePosition(line: 70_000, column: 1, characterOffset: 1 << 40),
                               end: SourcePosition(line: -1, column: Int.max, characterOffset: Int.min)),
            screen: "", indicator: "upload", yamlPath: "indicators[upload].accessibility.label", documentIndex: 3,
            value: "Loading…", platform: "ios",
            asks: [.add("a.b"), .remove("c"), .set("d", to: "é"), .change("e"), .keep("f")],
            source: SourceLine(text: "  label: Loading…", firstColumn: 2, clippedEnd: true, startByteColumn: 10,
                               startUTF16Column: 9, endByteColumn: 20, endUTF16Column: 18))
        d.fix = Fix(applicability: .unsafe, title: "set `label`", edits: [
            Edit(start: 5, end: 9, content: "x: \"y\"", startPosition: SourcePosition(line: 2, column: 3, characterOffset: 4),
                 endPosition: SourcePosition(line: 2, column: 7, characterOffset: 8)),
            Edit(start: 0, end: 0, content: ""),
        ])
        return d
    }

    @Test func everyFieldReadsBackExactlyPastTheMemoryBound() {
        var list = DiagnosticList(memoryLimit: 100)
        var expected: [Diagnostic] = []
        for i in 0..<500 {
            var d = i % 3 == 0 ? Self.full : Self.diagnostic("specs/\(i / 7).yaml", i, i % 2 == 0 ? "a" : "b")
            if i % 5 == 0 { d.fix = nil; d.source = nil; d.screen = nil }
            list.append(d)
            expected.append(d)
        }
        #expect(Array(list) == expected)
        #expect(list.count == 500)
        #expect(list.count(.error) == expected.filter { $0.severity == .error }.count)
        // Read twice: the store is read back, not consumed.
        #expect(Array(list) == expected)
    }

    @Test func fileChunksComeInPathOrderWithCrossFileFindingsMergedInTheirPlace() {
        var list = DiagnosticList(memoryLimit: 64)
        // Files linted out of report order: keys are file numbers, ranks their place by path.
        list.appendFile([Self.diagnostic("b.yaml", 9), Self.diagnostic("b.yaml", 2)], path: "b.yaml", key: 0)
        list.appendFile([Self.diagnostic("a.yaml", 5)], path: "a.yaml", key: 1)
        list.appendFile([Self.diagnostic("c.yaml", 1)], path: "c.yaml", key: 2)
        list.reorder(by: [1, 0, 2])
        #expect(list.isStreamable)
        let crossFile = [Self.diagnostic("a.yaml", 1, "z"), Self.diagnostic("b.yaml", 2, "z"), Self.diagnostic("d.yaml", 1)]
        list.merge(crossFile)
        let all = Array(list)
        var expected = [Self.diagnostic("b.yaml", 9), Self.diagnostic("b.yaml", 2), Self.diagnostic("a.yaml", 5),
                        Self.diagnostic("c.yaml", 1)] + crossFile
        expected.sort(by: Diagnostic.ordered)
        #expect(all == expected)
        #expect(list.count == 7)
    }

    @Test func filesWhosePathsReadTheSameAreNotStreamedAsIfSorted() {
        var list = DiagnosticList()
        list.appendFile([Self.diagnostic("x.yaml", 5)], path: "x.yaml", key: 0)
        list.appendFile([Self.diagnostic("x.yaml", 1)], path: "x.yaml", key: 1)
        #expect(!list.isStreamable)
    }

    @Test func takingOutAFilesChunkLeavesTheOthersAndTheirCounts() {
        var list = DiagnosticList(memoryLimit: 32)
        list.appendFile([Self.diagnostic("a.yaml", 1, severity: .error)], path: "a.yaml", key: 0)
        list.appendFile([Self.diagnostic("b.yaml", 1), Self.diagnostic("b.yaml", 2)], path: "b.yaml", key: 1)
        list.appendFile([Self.diagnostic("c.yaml", 1)], path: "c.yaml", key: 2)
        let removed = list.removeFiles(["b.yaml"])
        #expect(removed == [Self.diagnostic("b.yaml", 1), Self.diagnostic("b.yaml", 2)])
        #expect(Array(list) == [Self.diagnostic("a.yaml", 1, severity: .error), Self.diagnostic("c.yaml", 1)])
        #expect(list.count == 2 && list.count(.error) == 1)
    }

    @Test func takingOutTheFirstAndLastChunksLeavesTheMiddleWithMergedFindingsInPlace() {
        var list = DiagnosticList(memoryLimit: 48)
        list.appendFile([Self.diagnostic("a.yaml", 1), Self.diagnostic("a.yaml", 2)], path: "a.yaml", key: 0)
        list.appendFile([Self.diagnostic("b.yaml", 1), Self.diagnostic("b.yaml", 3)], path: "b.yaml", key: 1)
        list.appendFile([Self.diagnostic("c.yaml", 1)], path: "c.yaml", key: 2)
        let removed = list.removeFiles(["a.yaml", "c.yaml"])
        #expect(removed == [Self.diagnostic("a.yaml", 1), Self.diagnostic("a.yaml", 2), Self.diagnostic("c.yaml", 1)])
        list.merge([Self.diagnostic("a.yaml", 9), Self.diagnostic("b.yaml", 2), Self.diagnostic("c.yaml", 1)])
        #expect(Array(list) == [Self.diagnostic("a.yaml", 9), Self.diagnostic("b.yaml", 1), Self.diagnostic("b.yaml", 2),
                                Self.diagnostic("b.yaml", 3), Self.diagnostic("c.yaml", 1)])
        #expect(list.count == 5 && list.isStreamable)
        // A copy that grows still leaves the taken-out chunks out.
        var copy = list
        copy.append(Self.diagnostic("d.yaml", 1))
        #expect(Array(copy).count == 6 && Array(copy).last == Self.diagnostic("d.yaml", 1))
    }

    @Test func takingOutAChunkOfFilesLintedOutOfOrderLeavesTheOthersInReportOrder() {
        var list = DiagnosticList(memoryLimit: 32)
        list.appendFile([Self.diagnostic("c.yaml", 1)], path: "c.yaml", key: 0)
        list.appendFile([Self.diagnostic("a.yaml", 1)], path: "a.yaml", key: 1)
        list.appendFile([Self.diagnostic("b.yaml", 1)], path: "b.yaml", key: 2)
        list.reorder(by: [2, 0, 1])
        #expect(list.removeFiles(["b.yaml"]) == [Self.diagnostic("b.yaml", 1)])
        #expect(Array(list) == [Self.diagnostic("a.yaml", 1), Self.diagnostic("c.yaml", 1)])
        #expect(list.isStreamable)
    }

    @Test func aQuietListReadsAndCountsOnlyErrors() {
        let list = DiagnosticList([Self.diagnostic("a.yaml", 1), Self.diagnostic("a.yaml", 2, severity: .error),
                                   Self.diagnostic("b.yaml", 1, severity: .info)])
        let quiet = list.onlyErrors()
        #expect(Array(quiet) == [Self.diagnostic("a.yaml", 2, severity: .error)])
        #expect(quiet.count == 1 && quiet.count(.warning) == 0 && quiet.count(.error) == 1)
        #expect(list.count == 3 && list.count(.info) == 1)
    }

    @Test func aCopyThatAppendsLeavesTheOriginalAsItWas() {
        var original = DiagnosticList(memoryLimit: 16)
        original.append(Self.diagnostic("a.yaml", 1))
        var copy = original
        copy.append(Self.diagnostic("b.yaml", 1))
        original.append(Self.diagnostic("c.yaml", 1))
        #expect(Array(original) == [Self.diagnostic("a.yaml", 1), Self.diagnostic("c.yaml", 1)])
        #expect(Array(copy) == [Self.diagnostic("a.yaml", 1), Self.diagnostic("b.yaml", 1)])
    }

    @Test func keysReadStraightFromTheRecordsAreTheKeysOfTheDiagnosticsInOrder() {
        var list = DiagnosticList(memoryLimit: 256)
        var withFields = Self.full
        withFields.path = "b.yaml"
        list.appendFile([Self.diagnostic("b.yaml", 9, "a-rule", severity: .error), withFields,
                         Self.diagnostic("b.yaml", 2)], path: "b.yaml", key: 0)
        list.appendFile([Self.diagnostic("a.yaml", 5, severity: .info)], path: "a.yaml", key: 1)
        list.appendFile([Self.diagnostic("c.yaml", 1), Self.diagnostic("c.yaml", 4, severity: .error)], path: "c.yaml", key: 2)
        list.appendFile([Self.diagnostic("d.yaml", 1)], path: "d.yaml", key: 3)
        list.reorder(by: [1, 0, 2, 3])
        _ = list.removeFiles(["d.yaml"])
        // Merged findings placed by line, column, rule and message among the stored ones.
        var sameStart = Self.diagnostic("b.yaml", 2, "vague-label", severity: .error)
        sameStart.message = "m 1"
        list.merge([Self.diagnostic("a.yaml", 1, "consistent-location"), sameStart,
                    Self.diagnostic("b.yaml", 9, "a-rule", severity: .info), Self.diagnostic("z.yaml", 1)])
        #expect(Array(list.keys) == Array(list).map(DiagnosticKey.init))
        #expect(Array(list.keys).map(\.path) == ["a.yaml", "a.yaml", "b.yaml", "b.yaml", "b.yaml", "b.yaml", "b.yaml", "c.yaml",
                                                  "c.yaml", "z.yaml"])
        let quiet = list.onlyErrors()
        #expect(Array(quiet.keys) == Array(quiet).map(DiagnosticKey.init))
        #expect(Array(quiet.keys).count == 4)
        // Without merged findings (and the messages not read).
        var plain = DiagnosticList()
        plain.appendFile([withFields, Self.diagnostic("b.yaml", 1)], path: "b.yaml", key: 0)
        #expect(Array(plain.keys) == Array(plain).map(DiagnosticKey.init))
    }

    /// Lists of each shape a run makes: chunks out of order with one taken out and cross-file
    /// findings merged (a path of its own among them), and one written whole (a baseline's).
    static var shapes: [DiagnosticList] {
        var chunks = DiagnosticList(memoryLimit: 64)
        chunks.appendFile([Self.diagnostic("b.yaml", 9, "a-rule", severity: .error), Self.full.withPath("b.yaml"),
                           Self.diagnostic("b.yaml", 2)], path: "b.yaml", key: 0)
        chunks.appendFile([Self.diagnostic("a.yaml", 5, severity: .info)], path: "a.yaml", key: 1)
        chunks.appendFile([Self.diagnostic("c.yaml", 1), Self.diagnostic("c.yaml", 4, severity: .error)], path: "c.yaml", key: 2)
        chunks.appendFile([Self.diagnostic("d.yaml", 1)], path: "d.yaml", key: 3)
        chunks.reorder(by: [1, 0, 2, 3])
        _ = chunks.removeFiles(["d.yaml"])
        chunks.merge([Self.diagnostic("a.yaml", 1, "consistent-location", severity: .error), Self.diagnostic("b.yaml", 3),
                      Self.diagnostic("bb.yaml", 1, severity: .error), Self.diagnostic("d.yaml", 2)])
        let whole = DiagnosticList(Array(chunks))
        return [chunks, chunks.onlyErrors(), whole, whole.onlyErrors()]
    }

    @Test func eachPathsPlaceReadsOnFromItsFirstFindingAndItsBriefsAreItsFindings() {
        for list in Self.shapes {
            let all = Array(list)
            var keys = list.keys.makeIterator()
            var read = 0
            var last: String?
            while let key = keys.next() {
                defer { read += 1 }
                guard key.path != last else { continue }
                last = key.path
                let place = keys.pathPlace
                #expect(Array(IteratorSequence(list.diagnostics(from: place))) == Array(all[read...]), "\(key.path)")
                // The briefs from there: every later finding's fields, those of one path together.
                let briefs = Array(IteratorSequence(list.briefs(from: place)))
                #expect(briefs.map(\.path) == all[read...].map(\.path), "\(key.path)")
                let expected = all[read...].map { "\($0.path) \($0.severity) \($0.range.start.line) \($0.documentIndex ?? -1) \($0.indicator ?? "-")" }
                let found = briefs.map { b in
                    "\(b.path) \(b.severity) \(b.line) \(b.documentIndex ?? -1) \(b.indicator.map { String(decoding: b.bytes[$0], as: UTF8.self) } ?? "-")"
                }
                #expect(found.sorted() == expected.sorted(), "\(key.path)")
            }
            #expect(read == all.count && read > 0)
            #expect(Array(IteratorSequence(list.diagnostics(from: list.start))) == all)
        }
    }
}

extension Diagnostic {
    /// The same diagnostic about `path`.
    fileprivate func withPath(_ path: String) -> Diagnostic {
        var d = self
        d.path = path
        return d
    }
}
