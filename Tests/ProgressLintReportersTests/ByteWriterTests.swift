import ProgressLintEngine
import ProgressLintSupport
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintSupport
import ProgressLintYAML
import Testing

/// The byte-level writers reports use instead of making strings: integers' digits, JSON strings
/// escaped byte by byte (eight at a time where nothing needs escaping), and columns in each unit.
@Suite struct ByteWriterTests {
    @Test(arguments: [0, 7, -1, 9, 10, -10, 99, 100, 1_234_567_890, -1_234_567_890, Int.max, Int.min])
    func integersAreWrittenAsStringSpellsThem(_ value: Int) {
        var out = ReportStream()
        out.write(int: value)
        #expect(out.text == String(value))
        var json = ReportStream()
        json.writeJSON { $0.int(value) }
        #expect(json.text == String(value) + "\n")
    }

    /// Strings with every kind of byte an escape depends on, alone, at each position of an
    /// eight-byte word and across words.
    static let strings: [String] = {
        var strings = ["", "plain", "a\"b", "back\\slash", "line\nbreak\r\ttab", "\u{0}\u{1}\u{1F}\u{7F}",
                       "\u{80}\u{9F}\u{A0}\u{FF}", "\u{2027}\u{2028}\u{2029}\u{202A}", "\u{FEFE}\u{FEFF}\u{FFFD}",
                       "##[command]", "#[one", "###[[x", "[##]", "# #[", "é😀中文 ok", "👩‍👩‍👧 e\u{301}",
                       String(repeating: "#", count: 9) + "[", String(repeating: "x", count: 64)]
        for special in ["\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "é", "😀", "##["] {
            for position in 0...17 {
                strings.append(String(repeating: "a", count: position) + special + String(repeating: "b", count: 17 - position))
            }
        }
        return strings
    }()

    /// The escapes, spelled scalar by scalar as the JSON report's documentation states them: the
    /// reference the one byte-level escaper (``JSONString``) is held to.
    static func reference(_ s: String) -> String {
        var out = "\""
        var hashes = 0
        for scalar in s.unicodeScalars {
            defer { hashes = scalar == "#" ? hashes + 1 : 0 }
            switch scalar {
            case "[" where hashes >= 2: out += "\\u005b"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    @Test func stringsAreEscapedAsTheReferenceEscapesThemIntoEverySink() {
        for s in ByteWriterTests.strings {
            let want = ByteWriterTests.reference(s)
            var stream = ReportStream()
            JSONString.escape(s, into: &stream)
            #expect(stream.text == want, "report stream: \(Array(s.unicodeScalars))")
            var bytes: [UInt8] = []
            JSONString.escape(s, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == want, "bytes: \(Array(s.unicodeScalars))")
            var text = "x"
            JSONString.escape(s, into: &text)
            #expect(text == "x" + want, "string: \(Array(s.unicodeScalars))")
            #expect(JSONString.quoted(s) == want)
        }
    }

    @Test func partsAreEscapedAsTheirConcatenation() {
        let splits: [[String]] = [["a#", "#", "[b"], ["##", "", "["], ["#", "#["], ["x", "##", "##[", "["], ["", "", ""],
                                  ["https://x/", "vague-label", ".md"], ["é#", "#[\u{2028}"]]
        for parts in splits {
            var joined = ReportStream()
            joined.writeJSON { $0.string(joining: parts[0], parts[1], parts.count > 2 ? parts[2] : "") }
            var whole = ReportStream()
            whole.writeJSON { $0.string(parts.prefix(3).joined()) }
            #expect(joined.text == whole.text, "\(parts)")
        }
    }

    @Test func deepNestingIsIndentedBeyondOneRunOfSpaces() {
        var out = ReportStream()
        out.writeJSON { json in
            for _ in 0..<70 { json.beginArray() }
            json.int(1)
            for _ in 0..<70 { json.end() }
        }
        let lines = out.text.split(separator: "\n")
        #expect(lines.count == 141)
        #expect(lines[70] == Substring(String(repeating: " ", count: 140) + "1"))
        #expect(lines[71] == Substring(String(repeating: " ", count: 138) + "]"))
        #expect(lines.last == "]")
    }

    @Test func sarifURIsKeepExactlyTheUnreservedAndSubDelimiterBytes() {
        let keep = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=@".utf8)
        let hex = Array("0123456789ABCDEF")
        for byte in UInt8(1)...0x7F {
            let path = "a" + String(Character(Unicode.Scalar(byte))) + "b"
            let expected = keep.contains(byte) ? path : "a%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])b"
            #expect(SARIFReporter.uri(path) == expected, "\(byte)")
        }
        #expect(SARIFReporter.uri("./é b") == "%C3%A9%20b")
    }

    /// A finding on a line with a two-byte, a four-byte (two UTF-16 units) character before it.
    func nonASCIIResult() -> RunResult {
        let bytes = Array("name: \"é😀\" x: y\n".utf8)
        var diagnostics = [Diagnostic(
            ruleID: "vague-label", severity: .warning, message: "m", path: "a.yaml",
            range: SourceRange(start: SourcePosition(line: 1, column: 12), end: SourcePosition(line: 1, column: 13)))]
        SourceLine.attach(to: &diagnostics, from: bytes)
        return RunResult(files: [FileSummary(path: "a.yaml")], diagnostics: diagnostics)
    }

    @Test(arguments: [(ColumnUnit.char, 12, 13), (.utf16, 13, 14), (.byte, 16, 17)])
    func nonASCIIColumnsAreWrittenInEachUnit(_ unit: ColumnUnit, _ start: Int, _ end: Int) {
        let context = ReportContext(rules: [], columnUnit: unit)
        let json = JSONReporter().render(nonASCIIResult(), context: context)
        #expect(json.contains("\"column\": \(start),\n"))
        #expect(json.contains("\"endColumn\": \(end),\n"))
        let github = GitHubReporter().render(nonASCIIResult(), context: context)
        #expect(github.contains(",col=\(start),endLine=1,endColumn=\(end),"))
        let text = ConciseReporter().render(nonASCIIResult(), context: context)
        #expect(text.hasPrefix("a.yaml:1:\(start): warning: m [vague-label]\n"))
        // SARIF has no byte columns: they are written as code points.
        let sarif = SARIFReporter().render(nonASCIIResult(), context: context)
        #expect(sarif.contains("\"startColumn\": \(unit == .byte ? 12 : start),\n"))
    }
}
