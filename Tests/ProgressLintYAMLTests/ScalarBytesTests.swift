@testable import ProgressLintYAML
import Testing

/// Scalars are kept as byte ranges of one buffer per document: the `String`s and bytes read back,
/// and the comparisons made on bytes, are those of the text libyaml decoded.
@Suite struct ScalarBytesTests {
    func document(_ text: String) throws -> YAMLDocument {
        try #require(try YAMLParser.parse(text).first)
    }

    /// Every scalar of the document, in source order.
    func scalars(_ doc: YAMLDocument) -> [NodeID] {
        doc.nodeIDs.filter { doc.kind(of: $0) == .scalar }
    }

    @Test func scalarTextReadsBackAsStringAndAsBytes() throws {
        let doc = try document("""
            plain: Signing you in
            escaped: "tab\\there \\u00e9 \\U0001F600"
            single: 'it''s'
            folded: >
              one
              two
            empty: ""
            café: naïve
            """)
        let expected = ["plain", "Signing you in", "escaped", "tab\there \u{E9} \u{1F600}", "single", "it's",
                        "folded", "one two\n", "empty", "", "café", "naïve"]
        let ids = scalars(doc)
        #expect(ids.map { doc.value(of: $0) } == expected)
        for (id, text) in zip(ids, expected) {
            #expect(doc.withValueBytes(of: id) { Array($0) } == Array(text.utf8))
            #expect(doc.valueByteCount(of: id) == text.utf8.count)
            #expect(doc.isASCII(id) == text.utf8.allSatisfy { $0 < 0x80 })
        }
    }

    @Test func aNodeRecordIsFortyBytesAndHoldsNoReferences() {
        // 5 million nodes of a dense 10 MB file cost 200 MB of records, and copying one retains nothing.
        #expect(MemoryLayout<NodeRecord>.stride == 40)
        #expect(_isPOD(NodeRecord.self))
    }

    @Test func collectionsHaveNoTextAndEqualNothing() throws {
        let doc = try document("a: [x]\n")
        let root = try #require(doc.root)
        #expect(doc.value(of: root) == "")
        #expect(doc.valueByteCount(of: root) == 0)
        #expect(!doc.valueEquals(root, ""))
        #expect(doc.index(of: root, in: NameSet([""])) == nil)
    }

    @Test func valueEqualsComparesTheWholeText() throws {
        let doc = try document("- true\n- truest\n- tru\n")
        let ids = scalars(doc)
        #expect(ids.map { doc.valueEquals($0, "true") } == [true, false, false])
    }

    @Test func nullIsTheFourPlainSpellingsOnly() throws {
        let doc = try document("[~, null, Null, NULL, nULL, NUll, nul, 'null', \"~\", '', !!str null]\n")
        let root = try #require(doc.root)
        let items = doc[root].items
        #expect(items.map { doc.isNull($0) } == [true, true, true, true, false, false, false, false, false, false, false])
        let empty = try document("a:\n")
        #expect(empty.isNull(empty.pair(0, of: try #require(empty.root)).value))
    }

    @Test func nameSetsMatchScalarsAsStringsCompare() throws {
        let set = NameSet(["id", "style", "show-after", "K", "café"])
        let doc = try document("[style, 'style', styl, styles, show-after, id, \"\u{212A}\", cafe\u{301}, café, ~]\n")
        let root = try #require(doc.root)
        // The Kelvin sign is `K`, and `e` with a combining acute is `é`, as `String ==` has them.
        #expect(doc[root].items.map { doc.index(of: $0, in: set) } == [1, 1, nil, nil, 2, 0, 3, 4, 4, nil])
    }

    @Test func nameSetsFindStringsAsStringsCompare() {
        let set = NameSet(["id", "style", "K", "café", ""])
        #expect(set.index(of: "style") == 1)
        #expect(set.index(of: "styl") == nil)
        #expect(set.index(of: "\u{212A}") == 2)
        #expect(set.index(of: "cafe\u{301}") == 3)
        #expect(set.index(of: "") == 4)
        #expect(NameSet([]).index(of: "") == nil)
    }

    @Test func nameSetsFindEveryNameOfEveryLengthAndNothingElse() {
        // Names of 0 to 40 bytes, and for each text one byte off at every place: only the names
        // themselves are found.
        func name(_ length: Int) -> String {
            let bytes = (0..<length).map { (i: Int) -> UInt8 in UInt8(97 + (i * 7 + length) % 26) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let names = (0...40).map(name)
        let set = NameSet(names + ["show-after", "show_after", "x", "x"])
        for (index, name) in names.enumerated() {
            #expect(set.index(of: name) == index)
            var bytes = Array(name.utf8)
            for i in bytes.indices {
                let kept = bytes[i]
                bytes[i] = UInt8(ascii: "-")
                #expect(set.index(of: String(decoding: bytes, as: UTF8.self)) == nil, "\(name) at \(i)")
                bytes[i] = kept
            }
        }
        // Of equal names the first is found; names differing only in the middle are told apart.
        #expect(set.index(of: "show-after") == 41)
        #expect(set.index(of: "show_after") == 42)
        #expect(set.index(of: "x") == 43)
        #expect(set.index(of: names[40] + "a") == nil)
    }

    @Test func duplicateKeysCompareAsStringsDoEvenWhenNotASCII() throws {
        // `K` and the Kelvin sign are the same key; `é` precomposed and decomposed too.
        let small = try document("K: 1\n\u{212A}: 2\ncafé: 3\ncafe\u{301}: 4\nk: 5\n")
        #expect(small.duplicateKeys.map { small[$0.duplicate].range.start.line } == [2, 4])
        #expect(small.duplicateKeys.map { small[$0.first].range.start.line } == [1, 3])
        // More than 64 keys go through the hash table.
        let many = (0..<80).map { "key\($0): \($0)\n" }.joined() + "\u{212A}: 1\nK: 2\nkey7: 3\n"
        let large = try document(many)
        #expect(large.duplicateKeys.map { large[$0.duplicate].range.start.line } == [82, 83])
        #expect(large.duplicateKeys.map { large[$0.first].range.start.line } == [81, 8])
    }

    @Test func eachNodeKeepsTheFirstCollectionThatHoldsIt() throws {
        let doc = try document("a: &x [1, {b: 2}]\nc: *x\n")
        let root = try #require(doc.root)
        #expect(doc.parent(of: root) == nil)
        let (a, list) = doc.pair(0, of: root)
        #expect(doc.parent(of: a) == root)
        #expect(doc.parent(of: list) == root)
        let inner = doc.item(1, of: list)
        #expect(doc.parent(of: inner) == list)
        #expect(doc.parent(of: doc.pair(0, of: inner).value) == inner)
        // The alias reaches the same node, which keeps its first parent.
        #expect(doc.pair(1, of: root).value == list)
    }
}
