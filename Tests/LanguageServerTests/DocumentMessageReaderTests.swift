import Foundation
import Testing
@testable import ProgressLintServer

/// `DocumentMessageReader`: didChange and didOpen read from their bytes give exactly what
/// `JSONDecoder` gives, and everything it is not sure of is left to `JSONDecoder`.
@Suite struct DocumentMessageReaderTests {
    static func foundation(_ body: String) -> IncomingMessage? {
        try? JSONCoding.decode(IncomingMessage.self, from: Data(body.utf8))
    }

    static func expectSame(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = DocumentMessageReader.read(Data(body.utf8))
        let slow = foundation(body)
        #expect(fast != nil, "not read: \(body.prefix(200))", sourceLocation: sourceLocation)
        #expect(fast?.method == slow?.method && fast?.id == nil && slow?.id == nil, sourceLocation: sourceLocation)
        #expect(fast?.didChange == slow?.didChange, "\(body.prefix(200))", sourceLocation: sourceLocation)
        #expect(fast?.didOpen == slow?.didOpen, "\(body.prefix(200))", sourceLocation: sourceLocation)
    }

    /// Texts with what escapes and encodings make hard: quotes, backslashes, every control
    /// character, NUL, DEL, U+2028, a BOM, emoji, CJK, combining marks, CRLF.
    static let texts: [String] = [
        "", "screen: x\nindicators: []\n", "a \"quoted\" \\ back/slash", String((0..<32).map { Character(Unicode.Scalar($0)!) }),
        "\u{7F}\u{85}\u{2028}\u{2029}\u{FEFF}tab\there", "😀 上传 e\u{301} 👩‍👩‍👧\r\n",
        String(repeating: "  - id: task\n    label: \"Uploading…\"\n", count: 300),
    ]

    @Test func changesEncodedByJSONEncoderAreReadAsJSONDecoderReadsThem() throws {
        for (n, text) in Self.texts.enumerated() {
            var change: [String: JSON] = ["text": .string(text)]
            if n % 2 == 1 {
                change["range"] = .object(["start": .object(["line": .number(Double(n)), "character": .number(0)]),
                                           "end": .object(["line": .number(1_000_000), "character": .number(-3)])])
                change["rangeLength"] = .number(4)
            }
            let version: JSON = n % 3 == 0 ? .null : .number(Double(n * 1_000_003))
            let body = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
                "textDocument": .object(["uri": .string("file:///a%20b/\(n).yaml"), "version": version]),
                "contentChanges": .array([.object(change), .object(["text": .string(text + "!")])]),
            ])])
            Self.expectSame(String(decoding: try JSONCoding.encode(body), as: UTF8.self))
            let open = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"), "params": .object([
                "textDocument": .object(["uri": .string("file:///x.yaml"), "languageId": .string("yaml"),
                                         "version": .number(Double(n)), "text": .string(text)]),
            ])])
            Self.expectSame(String(decoding: try JSONCoding.encode(open), as: UTF8.self))
        }
    }

    @Test func escapesAndSpacingAsOtherClientsWriteThemAreReadAsJSONDecoderReadsThem() {
        // Python's json.dumps (ASCII only, surrogate pairs), escaped slashes, spaces and newlines between tokens.
        Self.expectSame(#"{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:\/\/\/a.yaml", "version": 7}, "contentChanges": [{"text": "caf\u00e9 \ud83d\ude00 \u4e0a\u4f20\n\t\"\\\/\b\f\r\u0000\u001F\u2028"}]}}"#)
        Self.expectSame("{\n  \"params\" : {\n \"contentChanges\" : [ ] ,\r\n\t\"textDocument\":{\"uri\":\"u\"}} ,\"method\":\"textDocument/didChange\" }  \n")
        Self.expectSame(#"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":-0},"contentChanges":[{"range":null,"text":"x"}]},"jsonrpc":"2.0"}"#)
        Self.expectSame(#"{"method":"textDocument/didOpen","params":{"textDocument":{"uri":"u","languageId":null,"version":9223372036854775807,"text":"x"}},"extra":[1,true,false,null,{"a":[[]]}]}"#)
    }

    @Test(arguments: [
        // Requests, other methods, responses: not this reader's.
        #"{"jsonrpc":"2.0","id":1,"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[]}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[]}}"#,
        #"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"file:///a/b/c.yaml"}}}"#,
        // Numbers it would have to round or cannot hold, and leading zeros.
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":1.0},"contentChanges":[]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":1e3},"contentChanges":[]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":99999999999999999999},"contentChanges":[]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":007},"contentChanges":[]}}"#,
        // Duplicate keys, lone surrogates, bad escapes, raw control characters, trailing bytes.
        #"{"method":"textDocument/didChange","method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"\ud800"},"contentChanges":[]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"\udc00\ud800"},"contentChanges":[]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"\x"},"contentChanges":[]}}"#,
        "{\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"a\nb\"},\"contentChanges\":[]}}",
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[]}} x"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[{"text":1}]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[{"text":"x","range":{"start":{"line":0}}}]}}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[]},"deep":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}"#,
        #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[],}}"#,
    ])
    func whatTheReaderIsNotSureOfIsLeftToJSONDecoder(_ body: String) {
        #expect(DocumentMessageReader.read(Data(body.utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var body = Array(#"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[{"text":"ab"}]}}"#.utf8)
        let at = body.firstIndex(of: UInt8(ascii: "b"))!
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            var broken = body
            broken.replaceSubrange(at...at, with: bad)
            #expect(DocumentMessageReader.read(Data(broken)) == nil)
        }
        body.replaceSubrange(at...at, with: Array("é".utf8))
        #expect(DocumentMessageReader.read(Data(body))?.didChange?.contentChanges.first?.text == "aé")
    }
}
