import ProgressLintYAML
import Testing

@Suite struct YAMLParserTests {
    func parse(_ text: String, limits: YAMLLimits = YAMLLimits()) throws -> [YAMLDocument] {
        try YAMLParser.parse(text, limits: limits)
    }

    func value(_ document: YAMLDocument, _ key: String) -> YAMLNode? {
        guard let root = document.root else { return nil }
        for (k, v) in document[root].pairs where document[k].value == key { return document[v] }
        return nil
    }

    func failure(_ text: String, limits: YAMLLimits = YAMLLimits()) -> YAMLError? {
        do {
            _ = try YAMLParser.parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func blockScalarsKeepStartAndEndPositions() throws {
        let doc = try #require(try parse("screen: Sign in\nlabel:   Signing you in\n").first)
        let label = try #require(value(doc, "label"))
        #expect(label.range.start == SourcePosition(line: 2, column: 10, characterOffset: 25))
        #expect(label.range.end.line == 2)
        #expect(label.range.end.column == 24)
    }

    @Test func flowCollectionsKeepPositionsOfEachNode() throws {
        let doc = try #require(try parse("a: {b: 1, c: [x, yy]}\n").first)
        let a = try #require(value(doc, "a"))
        #expect(a.isFlow)
        #expect(a.range.start.column == 4)
        #expect(a.range.end.column == 22)
        let c = doc[a.pairs[1].value]
        #expect(c.kind == .sequence)
        #expect(doc[c.items[1]].range.start.column == 18)
    }

    @Test func blockCollectionsStartAtTheirFirstEntryAndEndJustPastTheirLastValue() throws {
        let doc = try #require(try parse("a:\n  b: 1\n  c: [x]\n\nd:\n  - one\n  - two\ne: 1\n").first)
        let a = try #require(value(doc, "a"))
        #expect(a.range.start == SourcePosition(line: 2, column: 3, characterOffset: 5))
        #expect(a.range.end.line == 3)
        #expect(a.range.end.column == 9)
        let d = try #require(value(doc, "d"))
        #expect(d.range.start.line == 6)
        #expect(d.range.start.column == 3)
        #expect(d.range.end.line == 7)
        #expect(d.range.end.column == 8)
        let root = doc[try #require(doc.root)]
        #expect(root.range.start.line == 1)
        #expect(root.range.start.column == 1)
        #expect(root.range.end.line == 8)
        #expect(root.range.end.column == 5)
    }

    @Test func anIndentlessSequenceStartsAtItsFirstDash() throws {
        let doc = try #require(try parse("l:\n- a\n- b\nm: 1\n").first)
        let l = try #require(value(doc, "l"))
        #expect(l.range.start.line == 2)
        #expect(l.range.start.column == 1)
        #expect(l.range.end.line == 3)
        #expect(l.range.end.column == 4)
    }

    @Test func anAnchoredNodeStartsAtItsAnchor() throws {
        let doc = try #require(try parse("a: &x\n  b: 1\nc: &y [1]\nd: &z v\n").first)
        #expect(try #require(value(doc, "a")).range.start.line == 1)
        #expect(try #require(value(doc, "a")).range.start.column == 4)
        #expect(try #require(value(doc, "c")).range.start.column == 4)
        #expect(try #require(value(doc, "c")).range.end.column == 10)
        #expect(try #require(value(doc, "d")).range.start.column == 4)
    }

    @Test func aTabCountsOneColumn() throws {
        let doc = try #require(try parse("a: [\tx]\n").first)
        let a = try #require(value(doc, "a"))
        #expect(doc[a.items[0]].range.start.column == 6)
    }

    @Test func aByteOrderMarkTakesNoColumn() throws {
        let docs = try YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("screen: S\nindicators: []\n".utf8))
        let doc = try #require(docs.first)
        let root = doc[try #require(doc.root)]
        #expect(root.range.start.line == 1)
        #expect(root.range.start.column == 1)
        #expect(try #require(value(doc, "screen")).range.start.column == 9)
    }

    @Test func documentsAreHandedOverOneAtATimeUpToAnError() {
        var seen: [Int] = []
        let error = YAMLParser.forEachDocument(in: Array("a: 1\n---\nb: 2\n---\nc: [\n".utf8)) { document, index in
            seen.append(index)
            #expect(document.root != nil)
        }
        #expect(seen == [0, 1])
        #expect(error?.kind == .syntax)
        #expect(error?.position.line == 6)
    }

    @Test func aliasesThatReachTooManyBytesAreAnAliasBudgetError() throws {
        var limits = YAMLLimits()
        limits.maxAliasBytes = 10_000
        let long = String(repeating: "x", count: 1_000)
        let text = "a: &a \(long)\nl: [" + Array(repeating: "*a", count: 20).joined(separator: ", ") + "]\n"
        let error = try #require(failure(text, limits: limits))
        #expect(error.kind == .aliasBudget)
        #expect(error.message.contains("10000 bytes"))
        #expect(error.position.line == 2)
        #expect(error.position.column == 5 + 4 * 9)
        #expect(failure("a: &a \(long)\nl: [*a, *a]\n", limits: limits) == nil)
    }

    @Test func positionsCountCharactersNotBytes() throws {
        let doc = try #require(try parse("a: éé\nb: x\n").first)
        #expect(try #require(value(doc, "a")).range.end.column == 6)
        #expect(try #require(value(doc, "b")).range.start == SourcePosition(line: 2, column: 4, characterOffset: 9))
    }

    @Test func multiDocumentStreamsKeepFileLines() throws {
        let docs = try parse("screen: A\n---\n# comment\nscreen: B\n")
        #expect(docs.count == 2)
        #expect(try #require(value(docs[1], "screen")).range.start.line == 4)
        #expect(docs[1].start.line == 2)
    }

    @Test func emptyAndCommentOnlyDocumentsAreEmpty() throws {
        #expect(try parse("").isEmpty)
        let docs = try parse("# only a comment\n---\n")
        #expect(docs.allSatisfy { $0.isEmpty })
    }

    @Test func aliasesShareTheAnchoredNode() throws {
        let doc = try #require(try parse("a: &x {k: v}\nb: *x\n").first)
        let root = doc[try #require(doc.root)]
        #expect(root.pairs[0].value == root.pairs[1].value)
    }

    @Test func duplicateKeysAreReportedAtTheSecond() throws {
        let doc = try #require(try parse("a: 1\nb: 2\na: 3\n").first)
        #expect(doc.duplicateKeys.count == 1)
        #expect(doc[doc.duplicateKeys[0].duplicate].range.start.line == 3)
        #expect(doc[doc.duplicateKeys[0].first].range.start.line == 1)
    }

    @Test func duplicateKeysAreFoundInLargeMappings() throws {
        let text = (0..<40).map { "k\($0): x" }.joined(separator: "\n") + "\nk7: y\n"
        let doc = try #require(try parse(text).first)
        #expect(doc.duplicateKeys.count == 1)
        #expect(doc[doc.duplicateKeys[0].duplicate].range.start.line == 41)
    }

    @Test func syntaxErrorsCarryLibyamlsProblemMark() {
        let error = failure("a: b: c\n")
        #expect(error?.kind == .syntax)
        #expect(error?.position.line == 1)
        #expect(error?.position.column == 5)
        #expect(error?.message.contains("mapping values are not allowed") == true)
    }

    @Test func invalidUTF8IsReportedAtTheLineOfTheFirstBadByte() throws {
        var bytes = Array("a: ok\nb: ok\nc: ".utf8)
        bytes += [0xFF, 0xFE, 0x41]
        bytes += Array("\n".utf8)
        do {
            _ = try YAMLParser.parse(bytes)
            Issue.record("expected an encoding error")
        } catch {
            #expect(error.kind == .encoding)
            #expect(error.position.line == 3)
            #expect(error.position.column == 4)
        }
    }

    @Test func utf16FilesAreRejectedWithAHint() {
        do {
            _ = try YAMLParser.parse([0xFF, 0xFE, 0x61, 0x00, 0x3A, 0x00])
            Issue.record("expected an encoding error")
        } catch {
            #expect(error.kind == .encoding)
            #expect(error.message.contains("UTF-16"))
        }
    }

    @Test func nestingPastTheLimitStopsAtTheLevelThatCrossesIt() {
        let text = String(repeating: "[", count: 100_000)
        let error = failure(text, limits: YAMLLimits(maxDepth: 1000))
        #expect(error?.kind == .depth)
        #expect(error?.position == SourcePosition(line: 1, column: 1001, characterOffset: 1000))
    }

    @Test func blockNestingPastTheLimitIsReported() {
        let text = String(repeating: "- ", count: 5000) + "x\n"
        let error = failure(text, limits: YAMLLimits(maxDepth: 100))
        #expect(error?.kind == .depth)
        #expect(error?.position.column == 201)
    }

    @Test func anAliasBombStopsAtTheBudget() {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for (name, previous) in zip(["b", "c", "d", "e", "f", "g", "h", "i"], ["a", "b", "c", "d", "e", "f", "g", "h"]) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        let error = failure(lines.joined(separator: "\n") + "\n")
        #expect(error?.kind == .aliasBudget)
        #expect(error?.position.line == 4)
    }

    @Test func aWideAliasFanOutStopsAtTheBudget() {
        let text = "a: &a [x, y]\nb: [" + Array(repeating: "*a", count: 20_000).joined(separator: ", ") + "]\n"
        let error = failure(text, limits: YAMLLimits(maxAliasNodes: 10_000))
        #expect(error?.kind == .aliasBudget)
        #expect(error?.position.line == 2)
    }

    @Test func recursiveAndUnknownAliasesAreErrors() {
        #expect(failure("a: &x [*x]\n")?.message.contains("recursive") == true)
        let unknown = failure("a: *nothing\n")
        #expect(unknown?.kind == .unknownAlias)
        #expect(unknown?.position.column == 4)
    }

    @Test func quotedScalarsRememberTheirStyle() throws {
        let doc = try #require(try parse("a: 'yes'\nb: yes\nc: |\n  text\n").first)
        #expect(try #require(value(doc, "a")).style == .singleQuoted)
        #expect(try #require(value(doc, "b")).style == .plain)
        #expect(try #require(value(doc, "c")).style == .literal)
    }
}
