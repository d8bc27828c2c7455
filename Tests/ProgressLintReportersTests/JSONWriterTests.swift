import ProgressLintReporters
import ProgressLintSupport
import Testing

/// The streaming JSON writer: two-space indentation, keys in the order written, empty
/// containers on one line, and every control character escaped, through a stream that hands
/// its bytes over in blocks.
@Suite struct JSONWriterTests {
    @Test func aByteOrderMarkInAStringIsEscapedAsTheBaselineEscapesIt() {
        var out = ReportStream()
        out.writeJSON { json in json.string("a\u{FEFF}b ##[c") }
        #expect(out.text == #""a\ufeffb ##\u005bc""# + "\n")
        var tree = ""
        JSONString.escape("\u{FEFF}", into: &tree)
        #expect(tree == #""\ufeff""#)
    }

    @Test func nestedValuesAreIndentedAndEmptyContainersStayOnOneLine() {
        var out = ReportStream()
        out.writeJSON { json in
            json.beginObject()
            json.key("files")
            json.beginArray()
            json.end()
            json.key("summary")
            json.beginObject()
            json.key("errors")
            json.int(2)
            json.key("share")
            json.double(0.5)
            json.key("whole")
            json.double(3)
            json.key("screen")
            json.string(nil)
            json.end()
            json.key("empty")
            json.beginObject()
            json.end()
            json.key("list")
            json.value(.array([.bool(true), .string("a\"b\\c\n\u{1}\u{2028}")]))
            json.end()
        }
        #expect(out.text == """
            {
              "files": [],
              "summary": {
                "errors": 2,
                "share": 0.5,
                "whole": 3,
                "screen": null
              },
              "empty": {},
              "list": [
                true,
                "a\\"b\\\\c\\n\\u0001\\u2028"
              ]
            }

            """)
    }

    @Test func aTreeRendersAsTheWriterWritesIt() {
        let tree = JSONValue.object([("a", .array([.int(1), .object([])])), ("b", .null)])
        var out = ReportStream()
        out.writeJSON { $0.value(tree) }
        #expect(out.text == tree.rendered())
    }

    @Test func aStreamHandsOverEveryByteInBlocks() {
        var blocks: [Int] = []
        var received: [UInt8] = []
        var out = ReportStream { bytes in
            blocks.append(bytes.count)
            received += bytes
            return nil
        }
        let line = String(repeating: "x", count: 999) + "\n"
        for _ in 0..<200 { out.write(line) }
        out.flush()
        #expect(received.count == 200_000)
        #expect(blocks.count == 4)
        #expect(String(decoding: received, as: UTF8.self) == String(repeating: line, count: 200))
    }

    @Test func aStreamKeepsTheFirstFailureAndDropsTheRest() {
        var calls = 0
        var out = ReportStream { _ in
            calls += 1
            return "No space left on device"
        }
        for _ in 0..<100 { out.write(String(repeating: "y", count: 4096)) }
        out.flush()
        #expect(out.failure == "No space left on device")
        #expect(calls == 1)
    }
}
