import ProgressLintYAML
import Testing
@testable import ProgressLintServer

@Suite struct PositionEncodingTests {
    @Test func theClientsOrderDecidesAndNoneMeansUTF16() {
        #expect(PositionEncoding.negotiate(["utf-8", "utf-16", "utf-32"]) == .utf8)
        #expect(PositionEncoding.negotiate(["utf-32", "utf-8", "utf-16"]) == .utf32)
        #expect(PositionEncoding.negotiate(["latin-1", "utf-32"]) == .utf32)
        #expect(PositionEncoding.negotiate(nil) == .utf16)
        #expect(PositionEncoding.negotiate([]) == .utf16)
        #expect(PositionEncoding.negotiate(["latin-1"]) == .utf16)
    }

    /// `label: ` then a value starting with `text`; the value's position in each encoding.
    func valueColumn(_ prefix: String) -> (utf8: Int, utf16: Int, utf32: Int) {
        (prefix.utf8.count, prefix.utf16.count, prefix.unicodeScalars.count)
    }

    @Test(arguments: ["label: ", "\tlabel: ", "😀 label: ", "上传 label: ", "e\u{301}\u{301} label: ", "👩‍👩‍👧 "])
    func aColumnAfterWideCharactersIsExactInEachEncoding(_ prefix: String) {
        let text = "screen: x\n" + prefix + "Loading\n"
        let index = TextIndex(Array(text.utf8))
        let byte = Array(("screen: x\n" + prefix).utf8).count
        let expected = valueColumn(prefix)
        #expect(index.position(ofByte: byte, .utf8) == Position(line: 1, character: expected.utf8))
        #expect(index.position(ofByte: byte, .utf16) == Position(line: 1, character: expected.utf16))
        #expect(index.position(ofByte: byte, .utf32) == Position(line: 1, character: expected.utf32))
        for encoding in PositionEncoding.allCases {
            #expect(index.byteOffset(of: index.position(ofByte: byte, encoding), encoding) == byte)
        }
        // libyaml counts characters (scalars) from column 1.
        let yaml = SourcePosition(line: 2, column: prefix.unicodeScalars.count + 1)
        #expect(index.byteOffset(of: yaml) == byte)
    }

    @Test func crlfAndLoneCRSplitLinesAndAreNotPartOfThem() {
        let index = TextIndex(Array("a\r\nbé\rc\n".utf8))
        #expect(index.lineStarts == [0, 3, 7, 9])
        #expect(index.lineText(1) == "bé")
        #expect(index.byteOffset(of: Position(line: 0, character: 99), .utf16) == 1)
        #expect(index.position(ofByte: 6, .utf16) == Position(line: 1, character: 2))
        #expect(index.byteOffset(of: SourcePosition(line: 3, column: 1)) == 7)
    }

    @Test func aByteOrderMarkIsACharacterToTheClientButNotToLibyaml() {
        let index = TextIndex(Array("\u{FEFF}screen: x\n".utf8))
        // libyaml's column 1 of line 1 is after the mark.
        #expect(index.byteOffset(of: SourcePosition(line: 1, column: 1)) == 3)
        #expect(index.position(ofByte: 3, .utf16) == Position(line: 0, character: 1))
        #expect(index.position(ofByte: 3, .utf8) == Position(line: 0, character: 3))
    }

    @Test func yamlLineBreaksLSPDoesNotCountAreMappedThroughBytes() {
        // U+2028 ends a line for libyaml, not for LSP.
        let text = "a: 1\u{2028}b: 2\n"
        let index = TextIndex(Array(text.utf8))
        let byte = index.byteOffset(of: SourcePosition(line: 2, column: 1))
        #expect(byte == 7)
        #expect(index.position(ofByte: byte, .utf16) == Position(line: 0, character: 5))
    }

    @Test func positionsOutOfTheTextAreClampedAndHalfCharactersRoundDown() {
        let index = TextIndex(Array("😀x\n".utf8))
        #expect(index.byteOffset(of: Position(line: 7, character: 0), .utf16) == 6)
        #expect(index.byteOffset(of: Position(line: -1, character: 0), .utf16) == 0)
        #expect(index.byteOffset(of: Position(line: 0, character: 1), .utf16) == 0)
        #expect(index.byteOffset(of: Position(line: 0, character: 2), .utf8) == 0)
        #expect(index.byteOffset(of: Position(line: 0, character: 2), .utf16) == 4)
        #expect(index.byteOffset(of: Position(line: 0, character: -3), .utf32) == 0)
        #expect(index.position(ofByte: 2, .utf16) == Position(line: 0, character: 0))
        #expect(index.position(ofByte: 99, .utf16) == Position(line: 1, character: 0))
    }

    @Test func incrementalChangesReplaceTheirRangeInTheAgreedEncoding() {
        var document = Document(uri: "file:///tmp/a.yml", version: 1, text: "label: 😀 Loading\n")
        document.apply(TextDocumentContentChangeEvent(
            range: LSPRange(start: Position(line: 0, character: 10), end: Position(line: 0, character: 17)),
            text: "Uploading"), encoding: .utf16)
        #expect(String(decoding: document.index.bytes, as: UTF8.self) == "label: 😀 Uploading\n")
        document.apply(TextDocumentContentChangeEvent(
            range: LSPRange(start: Position(line: 0, character: 7), end: Position(line: 0, character: 12)),
            text: ""), encoding: .utf8)
        #expect(String(decoding: document.index.bytes, as: UTF8.self) == "label: Uploading\n")
        // Reversed and out-of-range ranges are clamped, never a crash.
        document.apply(TextDocumentContentChangeEvent(
            range: LSPRange(start: Position(line: 9, character: 0), end: Position(line: 0, character: 0)),
            text: "# end\n"), encoding: .utf32)
        #expect(String(decoding: document.index.bytes, as: UTF8.self) == "label: Uploading\n# end\n")
    }

    @Test func anIndexEditedInPlaceIsTheIndexOfItsNewText() {
        // Edits that add and remove LF, CRLF, lone CR, U+2028, NEL and a byte order mark, anywhere.
        let pieces = ["", "a", "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\u{FEFF}", "😀", "label: x\n  - id: y\r\n"]
        var generator = SystemRandomNumberGenerator()
        var index = TextIndex(Array("\u{FEFF}a: 1\r\nb: 2\u{2028}c: 3\n".utf8))
        for _ in 0..<400 {
            let count = index.bytes.count
            let start = Int.random(in: 0...count, using: &generator)
            let end = Int.random(in: start...min(count, start + 6), using: &generator)
            index.replace(start..<end, with: Array(pieces.randomElement(using: &generator)!.utf8))
            let fresh = TextIndex(index.bytes)
            #expect(index.lineStarts == fresh.lineStarts)
            for line in 1...(fresh.lineStarts.count + 1) {
                #expect(index.byteOffset(of: SourcePosition(line: line, column: 2))
                        == fresh.byteOffset(of: SourcePosition(line: line, column: 2)))
            }
        }
        // A range past the end is clamped to it.
        index = TextIndex(Array("ab".utf8))
        index.replace(5..<9, with: Array("c\n".utf8))
        #expect(index.bytes == Array("abc\n".utf8) && index.lineStarts == [0, 4])
    }
}
