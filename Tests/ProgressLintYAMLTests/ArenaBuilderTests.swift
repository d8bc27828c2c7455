@testable import ProgressLintYAML
import Testing

/// The arena builder keeps each document's records, children and text in buffers it reuses from
/// one document to the next, checks ASCII eight bytes at a time, and compares the keys of small
/// mappings pairwise: what it builds is what the events say, whatever path a node took.
@Suite struct ArenaBuilderTests {
    func documents(_ text: String) throws -> [YAMLDocument] {
        try YAMLParser.parse(text)
    }

    func document(_ text: String) throws -> YAMLDocument {
        try #require(try documents(text).first)
    }

    /// The lines of every (duplicate, first) pair.
    func duplicateLines(_ doc: YAMLDocument) -> [[Int]] {
        doc.duplicateKeys.map { [doc[$0.duplicate].range.start.line, doc[$0.first].range.start.line] }
    }

    @Test func anchoredTaggedNonASCIIAndEmptyScalarsKeepTheirTextAndMarks() throws {
        let doc = try document("a: &x anchored\nb: !t tagged\nc: naïve\nd: ''\ne:\nf: *x\ng: &y !u ünïcode\n")
        let root = try #require(doc.root)
        let values = (0..<doc.pairCount(of: root)).map { doc.pair($0, of: root).value }
        #expect(values.map { doc.value(of: $0) } == ["anchored", "tagged", "naïve", "", "", "anchored", "ünïcode"])
        #expect(values.map { doc.tag(of: $0) } == [nil, "!t", nil, nil, nil, nil, "!u"])
        #expect(values.map { doc.isASCII($0) } == [true, true, false, true, true, true, false])
        #expect(values.map { doc.style(of: $0) } == [.plain, .plain, .plain, .singleQuoted, .plain, .plain, .plain])
        #expect(values[5] == values[0])
        #expect(doc.isAliased(values[0]))
        #expect(!doc.isAliased(values[1]))
        #expect(values.map { doc.parent(of: $0) } == Array(repeating: root, count: 7))
    }

    @Test func aNonASCIIByteIsFoundAtAnyPlaceOfAScalar() throws {
        // Lengths around the eight-byte words, with `é` (two bytes) at every place, and without.
        var lines: [String] = []
        var expected: [Bool] = []
        for length in [1, 7, 8, 9, 15, 16, 17, 33] {
            lines.append("- " + String(repeating: "a", count: length))
            expected.append(true)
            for place in 0..<length {
                var text = Array(repeating: "a", count: length)
                text[place] = "é"
                lines.append("- " + text.joined())
                expected.append(false)
            }
        }
        let doc = try document(lines.joined(separator: "\n") + "\n")
        let root = try #require(doc.root)
        let items = (0..<doc.itemCount(of: root)).map { doc.item($0, of: root) }
        #expect(items.map { doc.isASCII($0) } == expected)
        #expect(items.map { doc.value(of: $0) } == lines.map { String($0.dropFirst(2)) })
    }

    @Test func aLaterDocumentHoldsOnlyItsOwnNodesAndText() throws {
        let long = String(repeating: "long text ", count: 40)
        let docs = try documents("a: \(long)\nb: [1, 2, 3]\n---\nc: d\n---\n---\n[]\n")
        #expect(docs.count == 4)
        let second = docs[1]
        #expect(second.nodeCount == 3)
        let root = try #require(second.root)
        #expect(second.value(of: second.pair(0, of: root).key) == "c")
        #expect(second.value(of: second.pair(0, of: root).value) == "d")
        #expect(docs[2].root.map { docs[2].value(of: $0) } == "")
        #expect(docs[3].nodeCount == 1)
        #expect(docs[3].itemCount(of: try #require(docs[3].root)) == 0)
        let first = docs[0]
        #expect(first.value(of: first.pair(0, of: try #require(first.root)).value) == long.trimmingSuffixSpace)
    }

    @Test func aDocumentOfMoreNodesThanAChunkKeepsEveryNodeAndItsParent() throws {
        // 70,000 items: the records pass from the builder's buffer to the arena in chunks of 65,536,
        // and the root (in the first chunk) is completed after its last item.
        let count = 70_000
        let doc = try document("a: &a x\nk:\n" + String(repeating: "- x\n", count: count) + "l: *a\n")
        let root = try #require(doc.root)
        let list = doc.pair(1, of: root).value
        #expect(doc.nodeCount == count + 6)
        #expect(doc.itemCount(of: list) == count)
        #expect(doc.parent(of: doc.item(count - 1, of: list)) == list)
        #expect(doc.parent(of: list) == root)
        #expect(doc.value(of: doc.item(count - 1, of: list)) == "x")
        #expect(doc[list].range.start.line == 3)
        #expect(doc[list].range.end.line == count + 2)
        #expect(doc[root].range.end.line == count + 3)
        let anchored = doc.pair(0, of: root).value
        #expect(doc.pair(2, of: root).value == anchored)
        #expect(doc.parent(of: anchored) == root)
        #expect(doc.isAliased(anchored))
    }

    @Test func aDuplicateAtTheEndOfTheLargestPairwiseMappingIsFound() throws {
        // 64 pairs, the last repeating the first: the pairwise comparison's bound.
        let text = (0..<63).map { "key\($0): 1\n" }.joined() + "key0: 2\n"
        let doc = try document(text)
        #expect(duplicateLines(doc) == [[64, 1]])
    }

    @Test func mappingsPastThePairwiseBoundFindTheirDuplicatesAndOnlyThem() throws {
        let keys = (0..<200).map { "key\($0): 1\n" }.joined()
        #expect(try document(keys).duplicateKeys.isEmpty)
        let doc = try document(keys + "key199: 2\nkey0: 3\nkey199: 4\n")
        #expect(duplicateLines(doc) == [[201, 200], [202, 1], [203, 200]])
    }

    @Test func theKelvinSignRepeatsKInSmallAndLargeMappings() throws {
        // As `String ==` has it: `K` (ASCII) and the Kelvin sign `\u{212A}` are the same key.
        let small = try document("K: 1\nx: 2\n\u{212A}: 3\n")
        #expect(duplicateLines(small) == [[3, 1]])
        let kelvinFirst = try document("\u{212A}: 1\nK: 2\n")
        #expect(duplicateLines(kelvinFirst) == [[2, 1]])
        let large = try document((0..<100).map { "key\($0): 1\n" }.joined() + "K: 1\n\u{212A}: 2\n")
        #expect(duplicateLines(large) == [[102, 101]])
    }

    @Test func keysThatShareLengthAndEndsAreComparedWholly() throws {
        // Same length, first and last byte: the fingerprint lets them through, the bytes differ.
        let doc = try document("abxa: 1\nacxa: 2\nabxa: 3\n'': 4\n\"\": 5\n? [a]\n: 6\n? [a]\n: 7\n")
        #expect(duplicateLines(doc) == [[3, 1], [5, 4]])
    }

    @Test func everyScalarStyleIsReadAsWritten() throws {
        let doc = try document("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  literal\ne: >\n  folded\nf: [flow]\n")
        let root = try #require(doc.root)
        let values = (0..<doc.pairCount(of: root)).map { doc.pair($0, of: root).value }
        #expect(values.map { doc.style(of: $0) } == [.plain, .singleQuoted, .doubleQuoted, .literal, .folded, .none])
        #expect(doc.style(of: doc.item(0, of: values[5])) == .plain)
    }

    @Test func aMappingOfOnePairHasNoDuplicateAndCollectionKeysAreNeverDuplicates() throws {
        #expect(try document("a: 1\n").duplicateKeys.isEmpty)
        #expect(try document("? [a]\n: 1\n? [a]\n: 2\n").duplicateKeys.isEmpty)
        let doc = try document("? [a]\n: 1\nb: 2\nc: 3\nb: 4\n")
        #expect(duplicateLines(doc) == [[5, 3]])
    }

    @Test func marksAreLibyamlsLineColumnAndCharacterOffset() throws {
        let doc = try document("a:\n  bé: [x, yz]\n")
        let root = try #require(doc.root)
        let inner = doc.pair(0, of: root).value
        let (key, value) = doc.pair(0, of: inner)
        #expect(doc[key].range == SourceRange(start: SourcePosition(line: 2, column: 3, characterOffset: 5),
                                               end: SourcePosition(line: 2, column: 5, characterOffset: 7)))
        #expect(doc[value].range == SourceRange(start: SourcePosition(line: 2, column: 7, characterOffset: 9),
                                                 end: SourcePosition(line: 2, column: 14, characterOffset: 16)))
    }
}

private extension String {
    var trimmingSuffixSpace: String { hasSuffix(" ") ? String(dropLast()) : self }
}
