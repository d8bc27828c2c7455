import Foundation
import Testing
@testable import ProgressLintServer

@Suite struct FramingTests {
    static func framed(_ body: String) -> [UInt8] { Array(FrameReader.frame(Data(body.utf8))) }

    func frames(_ bytes: [UInt8], chunk: Int = .max, max: Int = FrameReader.defaultMaxBodyLength) -> [FrameReader.Frame] {
        var reader = FrameReader(maxBodyLength: max)
        var out: [FrameReader.Frame] = []
        var i = 0
        while i < bytes.count {
            let end = Swift.min(bytes.count, i + Swift.min(chunk, bytes.count - i))
            reader.feed(bytes[i..<end])
            while let frame = reader.next() { out.append(frame) }
            i = end
        }
        return out
    }

    @Test func framesSplitAtEveryByteComeOutWhole() {
        let bytes = Self.framed(#"{"a":1}"#) + Self.framed(#"{"b":"é😀"}"#)
        let expected: [FrameReader.Frame] = [.body(Data(#"{"a":1}"#.utf8)), .body(Data(#"{"b":"é😀"}"#.utf8))]
        #expect(frames(bytes) == expected)
        #expect(frames(bytes, chunk: 1) == expected)
        #expect(frames(bytes, chunk: 7) == expected)
    }

    @Test func otherHeadersAndAnyCaseAreAccepted() {
        let bytes = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        #expect(frames(bytes) == [.body(Data("{}".utf8))])
    }

    @Test func aHeaderWithoutLengthIsSkippedAndTheNextFrameIsRead() {
        let bytes = Array("Content-Type: x\r\n\r\n".utf8) + Self.framed("{}")
        let out = frames(bytes)
        #expect(out.count == 2)
        if case .malformed(let reason) = out[0] { #expect(reason.contains("without Content-Length")) } else { Issue.record("\(out)") }
        #expect(out[1] == .body(Data("{}".utf8)))
    }

    @Test func aLengthThatIsNotANumberIsMalformed() {
        for value in ["-5", "abc", "99999999999999999999999", "", "1e3"] {
            let out = frames(Array("Content-Length: \(value)\r\n\r\n".utf8) + Self.framed("{}"))
            #expect(out.last == .body(Data("{}".utf8)), "\(value)")
            #expect(out.count == 2, "\(value): \(out)")
        }
    }

    @Test func aLengthOverTheBoundIsRefusedAndItsBodySkippedAsItArrives() {
        let body = [UInt8](repeating: 0x61, count: 5000)
        let bytes = Array("Content-Length: 5000\r\n\r\n".utf8) + body + Self.framed(#"{"ok":true}"#)
        var reader = FrameReader(maxBodyLength: 1000)
        var out: [FrameReader.Frame] = []
        var i = 0
        var largestHeld = 0
        while i < bytes.count {
            let end = min(bytes.count, i + 100)
            reader.feed(bytes[i..<end])
            while let frame = reader.next() { out.append(frame) }
            largestHeld = max(largestHeld, reader.pendingByteCount)
            i = end
        }
        #expect(out.count == 2)
        if case .malformed(let reason) = out[0] { #expect(reason.contains("5000")) } else { Issue.record("\(out)") }
        #expect(out[1] == .body(Data(#"{"ok":true}"#.utf8)))
        // The refused body was never held.
        #expect(largestHeld < 200)
    }

    @Test func aGiganticLengthIsRefusedWithoutAllocating() {
        let out = frames(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        #expect(out.count == 1)
        if case .malformed(let reason) = out[0] { #expect(reason.contains("more than")) } else { Issue.record("\(out)") }
    }

    @Test func garbageWithoutHeaderEndIsDroppedUpToTheNextHeader() {
        let garbage = [UInt8](repeating: 0x7A, count: FrameReader.maxHeaderLength + 10)
        let out = frames(garbage + Self.framed("{}"), chunk: 1000)
        #expect(out.first.map { if case .malformed = $0 { true } else { false } } == true)
        #expect(out.last == .body(Data("{}".utf8)))
    }
}

@Suite struct DiagnosticJSONTests {
    @Test func handWrittenDiagnosticsDecodeToWhatTheyWere() throws {
        let range = LSPRange(start: Position(line: 2, character: 4), end: Position(line: 2, character: 19))
        let fix = DiagnosticData(fix: .init(title: "set `track: hidden` \"quoted\" \\ ##[x]", applicability: "safe",
                                           edits: [TextEdit(range: range, newText: "\n    track: hidden\u{FEFF}\t😀")]))
        let diagnostics = [
            LSPDiagnostic(range: range, severity: 2, code: "toolbar-track-visible", codeDescription: nil,
                          source: "progress-lint", message: "indicator '上传-😀' e\u{301}\u{2028}", data: fix),
            LSPDiagnostic(range: range, severity: 1, code: "yaml-syntax", codeDescription: CodeDescription(href: "https://x/y"),
                          source: "progress-lint", message: "\u{1}", data: nil),
        ]
        struct Envelope: Decodable {
            struct Params: Decodable { var uri: String; var version: Int?; var diagnostics: [LSPDiagnostic] }
            var method: String
            var params: Params
        }
        let published = try JSONCoding.decode(Envelope.self, from: Data(DiagnosticJSON.publish(uri: "file:///a b.yaml", version: 7, diagnostics)))
        #expect(published.method == "textDocument/publishDiagnostics")
        #expect(published.params.uri == "file:///a b.yaml" && published.params.version == 7)
        #expect(published.params.diagnostics == diagnostics)
        struct Report: Decodable { var id: JSON; var result: FullDocumentDiagnosticReport }
        let report = try JSONCoding.decode(Report.self, from: Data(DiagnosticJSON.report(id: .string("r1"), diagnostics)))
        #expect(report.id == .string("r1") && report.result.kind == "full" && report.result.items == diagnostics)
    }

    @Test(arguments: [0, 9, 10, 99, 100, 1_234_567, Int.max, -1, -10, Int.min])
    func integersAreWrittenAsJSONSpellsThem(_ value: Int) throws {
        var out: [UInt8] = []
        DiagnosticJSON.int(value, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == String(value))
        let far = LSPRange(start: Position(line: value, character: 0), end: Position(line: 12, character: value))
        let diagnostic = LSPDiagnostic(range: far, severity: 3, code: "c", codeDescription: nil, source: "s",
                                       message: "m", data: nil)
        struct Envelope: Decodable {
            struct Params: Decodable { var version: Int?; var diagnostics: [LSPDiagnostic] }
            var params: Params
        }
        let published = try JSONCoding.decode(Envelope.self, from: Data(DiagnosticJSON.publish(uri: "u", version: value, [diagnostic])))
        #expect(published.params.version == value && published.params.diagnostics == [diagnostic])
    }
}
