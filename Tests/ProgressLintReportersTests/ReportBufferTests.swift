@testable import ProgressLintReporters
import ProgressLintSupport
import Testing

/// ``ReportBuffer``, the pointer-written buffer the JSON report's large parts go through: what it
/// writes is what ``JSONWriter`` and ``JSONString`` write, whatever falls on a block's edge.
@Suite struct ReportBufferTests {
    /// What `body` writes, through a stream that hands blocks to a destination (as a report file's).
    static func written(_ body: (inout ReportBuffer) -> Void) -> (text: [UInt8], blocks: [Int]) {
        final class Sink {
            var bytes: [UInt8] = []
            var blocks: [Int] = []
        }
        let sink = Sink()
        var stream = ReportStream(to: { block in
            sink.bytes.append(contentsOf: block)
            sink.blocks.append(block.count)
            return nil
        })
        stream.write(ascii: "<")
        ReportBuffer.writing(to: &stream, body)
        stream.write(ascii: ">")
        stream.flush()
        return (sink.bytes, sink.blocks)
    }

    @Test func stringsNeedingEveryKindOfEscapeAreWrittenAsTheOneEscaperWritesThem() {
        for s in ByteWriterTests.strings {
            let (text, _) = Self.written { $0.string(s) }
            #expect(text == Array(("<" + ByteWriterTests.reference(s) + ">").utf8), "\(Array(s.unicodeScalars))")
            let (bytes, _) = Self.written { buffer in
                var s = s
                s.withUTF8 { buffer.string(utf8: UnsafeRawBufferPointer($0)) }
            }
            #expect(bytes == text)
        }
        #expect(Self.written { $0.string(nil as String?) }.text == Array("<null>".utf8))
        #expect(Self.written { $0.string(utf8: nil as UnsafeRawBufferPointer?) }.text == Array("<null>".utf8))
    }

    @Test(arguments: [[0x61, 0xFF, 0x62], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0x23, 0x23, 0x5B, 0xC0, 0xAF],
                      [0xF4, 0x90, 0x80, 0x80], Array("plain text, eight+ bytes long".utf8) + [0x80]] as [[UInt8]])
    func invalidUTF8IsWrittenAsItsRepairedString(_ bytes: [UInt8]) {
        let repaired = String(decoding: bytes, as: UTF8.self)
        let (text, _) = Self.written { buffer in bytes.withUnsafeBufferPointer { buffer.string(utf8: $0) } }
        #expect(text == Array(("<" + ByteWriterTests.reference(repaired) + ">").utf8))
        var stream = ReportStream()
        bytes.withUnsafeBufferPointer { JSONString.escape(utf8: $0, into: &stream) }
        #expect(Array(stream.text.utf8) == Array(text.dropFirst().dropLast()))
    }

    @Test(arguments: [0, 7, -1, 9, 10, -10, 99, 100, 101, 1_000_000, -1_234_567_890, Int.max, Int.min, Int.min + 1])
    func integersAreWrittenAsStringSpellsThem(_ value: Int) {
        #expect(Self.written { $0.int(value) }.text == Array("<\(value)>".utf8))
    }

    @Test(arguments: [0.0, -0.0, 1.0, -1.0, 0.5, -0.25, 0.1, 1.5e-7, 250.0, 999_999_999_999_999.0, 1e15, -1e15,
                      999_999_999_999_999.5, 1e300, -1e-300, Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude,
                      Double.nan, Double.infinity, -Double.infinity, 9_007_199_254_740_993.0])
    func numbersAreWrittenAsJSONWriterWritesThemWholeOnesAsIntegers(_ value: Double) {
        var json = JSONWriter()
        if value == value.rounded(), abs(value) < 1e15 { json.int(Int(value)) } else { json.double(value) }
        #expect(Self.written { $0.number(value) }.text == Array(("<" + json.out.text + ">").utf8), "\(value)")
        #expect(Self.written { $0.number(nil) }.text == Array("<null>".utf8))
    }

    @Test func itemsCrossingABlockEdgeAreHandedOnWholeInOrder() {
        // Items of 1 to 97 bytes, ended one by one: the blocks fall in the middle of what was
        // written since, and every byte arrives once, in order.
        var expected: [UInt8] = Array("<".utf8)
        var items: [String] = []
        for n in 0..<4000 {
            let item = "\"k\(n)\": " + String(repeating: "x", count: n % 90) + "é\n"
            items.append(item)
        }
        let (text, blocks) = Self.written { buffer in
            for (n, item) in items.enumerated() {
                buffer.string(item)
                buffer.put(byte: 0x2C)
                buffer.int(n)
                buffer.put(", ")
                buffer.endItem()
            }
        }
        for (n, item) in items.enumerated() { expected += Array((JSONString.quoted(item) + ",\(n), ").utf8) }
        expected += Array(">".utf8)
        #expect(text == expected)
        #expect(blocks.count > 3)
        // Blocks of at least 64 KB are handed on (the last one, at the end, may be shorter).
        #expect(blocks.dropLast().allSatisfy { $0 >= ReportBuffer.blockSize })
    }

    @Test func anItemLargerThanTheBufferGrowsItAndArrivesWhole() {
        let large = String(repeating: "abcdefgh", count: 40_000) + "\"" + String(repeating: "z", count: 70_000)
        let (text, _) = Self.written { buffer in
            buffer.put("[")
            buffer.string(large)
            buffer.put("]")
            buffer.endItem()
            buffer.int(Int.min)
        }
        #expect(text == Array(("<[" + JSONString.quoted(large) + "]\(Int.min)>").utf8))
    }

    @Test func anItemRolledBackLeavesNoByteAndTheNextFollowsWhatCameBefore() {
        let (text, _) = Self.written { buffer in
            buffer.put("a")
            let mark = buffer.mark
            buffer.string(String(repeating: "q", count: 100_000))
            buffer.int(42)
            buffer.rollBack(to: mark)
            #expect(buffer.pending == Array("a".utf8))
            buffer.put("b")
        }
        #expect(text == Array("<ab>".utf8))
    }

    @Test func aStreamHandsABlockWrittenWholeOnAsItIsAndKeepsTheOrder() {
        final class Sink { var blocks: [[UInt8]] = [] }
        let sink = Sink()
        var stream = ReportStream(to: { sink.blocks.append(Array($0)); return nil })
        let block = [UInt8](repeating: 0x41, count: ReportBuffer.blockSize + 5)
        block.withUnsafeBufferPointer { stream.write(bytes: $0) }
        stream.write(ascii: "tail")
        block.withUnsafeBufferPointer { stream.write(bytes: $0) }
        stream.flush()
        #expect(sink.blocks.first == block)
        #expect(sink.blocks.joined().count == 2 * block.count + 4)
        #expect(Array(sink.blocks.joined()) == block + Array("tail".utf8) + block)
    }
}
