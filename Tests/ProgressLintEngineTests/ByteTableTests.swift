import ProgressLintSupport
import Testing

/// `ByteTable` numbers texts by their bytes, in the order they first come, however many there are.
@Suite struct ByteTableTests {
    static func number(_ text: String, in table: inout ByteTable) -> (number: Int, isNew: Bool) {
        Array(text.utf8).withUnsafeBytes { table.number(of: $0) }
    }

    @Test func equalBytesGetTheNumberTheyFirstGotAndDifferentBytesTheNext() {
        var table = ByteTable()
        #expect(table.count == 0)
        let texts = ["sync", "", "caf\u{E9}", "cafe\u{301}", "sync", "", "a longer text than eight bytes", "caf\u{E9}",
                     "a longer text than eight bytez", "📷"]
        let numbers = texts.map { Self.number($0, in: &table) }
        #expect(numbers.map(\.number) == [0, 1, 2, 3, 0, 1, 4, 2, 5, 6])
        #expect(numbers.map(\.isNew) == [true, true, true, true, false, false, true, false, true, true])
        #expect(table.count == 7)
        #expect((0..<table.count).map(table.string) == ["sync", "", "caf\u{E9}", "cafe\u{301}",
                                                          "a longer text than eight bytes",
                                                          "a longer text than eight bytez", "📷"])
        #expect(table.withBytes(of: 3) { Array($0) } == Array("cafe\u{301}".utf8))
    }

    @Test func manyTextsKeepTheirNumbersAsTheTableGrows() {
        var table = ByteTable()
        for i in 0..<5000 { #expect(Self.number("task \(i * 7919 % 5000)", in: &table) == (i, true)) }
        for i in 0..<5000 { #expect(Self.number("task \(i * 7919 % 5000)", in: &table) == (i, false)) }
        // Texts differing only in a byte past the first eight, or in their length.
        var lengths = ByteTable()
        for n in 0..<40 { #expect(Self.number(String(repeating: "x", count: n), in: &lengths).number == n) }
        #expect(table.count == 5000 && lengths.count == 40)
    }

    @Test func bytesThatAreNotUTF8AreKeptAsTheyAreAndRepairedOnlyAsAString() {
        var table = ByteTable()
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(bytes.withUnsafeBytes { table.number(of: $0) } == (0, true))
        #expect(table.withBytes(of: 0) { Array($0) } == bytes)
        #expect(table.string(0) == "a\u{FFFD}b")
    }
}
