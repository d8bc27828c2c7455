@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintYAML
import Testing

/// The source line each diagnostic carries from lint time: its excerpt and its columns in other units.
@Suite struct SourceLineTests {
    func diagnostic(_ line: Int, _ column: Int, to endLine: Int? = nil, _ endColumn: Int? = nil) -> Diagnostic {
        Diagnostic(ruleID: "r", severity: .warning, message: "m", path: "a.yaml",
                   range: SourceRange(start: SourcePosition(line: line, column: column),
                                      end: SourcePosition(line: endLine ?? line, column: endColumn ?? column)))
    }

    func attached(_ text: [UInt8], _ diagnostics: [Diagnostic]) -> [SourceLine?] {
        var diagnostics = diagnostics
        SourceLine.attach(to: &diagnostics, from: text)
        return diagnostics.map(\.source)
    }

    @Test func columnsAreConvertedToUTF8BytesAndUTF16UnitsPastEmojiCJKAndCombiningAccents() throws {
        let line = "a: \"😀 日本 e\u{301}\", key: v"
        // `key` is character 16 (😀 is one character, e + accent two).
        let source = try #require(attached(Array("x: 1\n\(line)\n".utf8), [diagnostic(2, 16, to: 2, 19)])[0])
        #expect(source.text == line)
        #expect(source.firstColumn == 1 && !source.clippedEnd)
        #expect(source.startByteColumn == 24 && source.endByteColumn == 27)
        #expect(source.startUTF16Column == 17 && source.endUTF16Column == 20)
    }

    @Test func crlfLoneCRAndAByteOrderMarkCountAsLibyamlCountsThem() throws {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 2\rc: é3\n".utf8)
        let sources = attached(text, [diagnostic(1, 4), diagnostic(2, 4), diagnostic(3, 5)])
        #expect(sources[0]?.text == "a: 1" && sources[0]?.startByteColumn == 4)
        #expect(sources[1]?.text == "b: 2")
        #expect(sources[2]?.text == "c: é3" && sources[2]?.startByteColumn == 6 && sources[2]?.startUTF16Column == 5)
    }

    @Test func nelLineAndParagraphSeparatorsEndLinesAsLibyamlCountsThem() {
        let text = Array("a: \"x\u{2028}y\"\nb: 1\u{85}c: 2\u{2029}d: 3\n".utf8)
        let sources = attached(text, [diagnostic(2, 2), diagnostic(3, 1), diagnostic(4, 4), diagnostic(5, 1)])
        #expect(sources.map { $0?.text } == ["y\"", "b: 1", "c: 2", "d: 3"])
    }

    @Test func controlBytesAndCharactersThatShareALineBreaksLeadByteDoNotEndALine() {
        // `©` (C2 A9), `€` (E2 82 AC) and U+2027 (E2 80 A7) start as NEL and U+2028 do; tab and
        // other control bytes are not breaks either.
        let first = "a: \"\u{1}\t©\u{E}€\u{2027}x\""
        let text = Array("\(first)\nb: \u{7}©\r\nc: 3".utf8)
        let sources = attached(text, [diagnostic(1, 4), diagnostic(2, 4), diagnostic(3, 1)])
        #expect(sources.map { $0?.text } == [first, "b: \u{7}©", "c: 3"])
    }

    @Test func everyKindOfLineBreakEndsItsLineWhereverItFallsInALongLine() throws {
        let breaks: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]
        let fillers: [[UInt8]] = [Array("abcdefgh".utf8), Array("a\tb\u{1}cé日~".utf8), Array("x:\u{7F} yz".utf8)]
        for lineBreak in breaks {
            for filler in fillers {
                for length in 0..<24 {
                    let first = (0..<length).map { filler[$0 % filler.count] }
                    let second = Array("key: value and more text".utf8)
                    let text = first + lineBreak + second + lineBreak
                    let source = try #require(attached(text, [diagnostic(2, 1, to: 2, 4)])[0])
                    #expect(source.text == String(decoding: second, as: UTF8.self), "\(lineBreak) after \(length) bytes")
                    #expect(source.startByteColumn == 1 && source.endByteColumn == 4)
                }
            }
        }
    }

    @Test func aLineThatIsNotInTheFileHasNoSourceLineAndBytesThatAreNotUTF8AreShownAsReplacements() {
        let sources = attached([0x61, 0x3A, 0x20, 0xFF, 0x0A, 0x62, 0x0A], [diagnostic(1, 4), diagnostic(2, 1), diagnostic(9, 1)])
        #expect(sources[0]?.text == "a: \u{FFFD}" && sources[0]?.startByteColumn == 4)
        #expect(sources[1]?.text == "b")
        #expect(sources[2] == nil)
        // Without its source line, a diagnostic's columns stay in characters whatever the unit.
        #expect(diagnostic(9, 7).startColumn(.byte) == 7)
    }

    @Test func aPositionPastTheLineEndCountsEachMissingCharacterAsOne() throws {
        let source = try #require(attached(Array("é\nx\n".utf8), [diagnostic(1, 2, to: 2, 1)])[0])
        #expect(source.startByteColumn == 3 && source.startUTF16Column == 2)
        #expect(source.endByteColumn == 1 && source.endUTF16Column == 1)
    }

    @Test func anExcerptOfALongLineIsBoundedAndStartsBeforeTheRange() throws {
        let line = String(repeating: "日", count: 5000) + " key: v " + String(repeating: "x", count: 5000)
        let source = try #require(attached(Array(line.utf8), [diagnostic(1, 5002, to: 1, 5005)])[0])
        #expect(source.text.utf8.count <= SourceLine.maxBytes)
        #expect(source.clippedEnd && source.firstColumn > 1)
        // The excerpt starts at a character boundary, and `firstColumn` names that character.
        let offset = 5002 - source.firstColumn
        #expect(String(source.text.unicodeScalars.dropFirst(offset).prefix(3)) == "key")
        #expect(source.startByteColumn == 5000 * 3 + 2)
    }

    @Test func manyDiagnosticsOnOneLongLineCostTheLineOnceNotOncePerDiagnostic() {
        let count = 20_000
        let line = (0..<count).map { "k\($0): é" }.joined(separator: ", ")
        let bytes = Array(("x: 1\n" + line + "\nlast: 2\n").utf8)
        var diagnostics = (0..<count).map { i in diagnostic(2, 1 + i * 10, to: 2, 2 + i * 10) }
        diagnostics.append(diagnostic(3, 1, to: 3, 5))
        var work = 0
        SourceLine.attach(to: &diagnostics, from: bytes, work: &work)
        #expect(diagnostics.allSatisfy { $0.source != nil })
        let lastColumn = 1 + (count - 1) * 10
        #expect(diagnostics[count - 1].source?.startByteColumn == line.prefix(lastColumn - 1).utf8.count + 1)
        // Walking the line (about 230 KB) from its start for each of 20,000 diagnostics would be
        // billions of steps; one walk is the file's bytes plus a step a character.
        #expect(work <= 2 * bytes.count, "\(work) > \(2 * bytes.count)")
        #expect(work >= line.count)
    }
}
