@testable import ProgressLintEngine
import ProgressLintYAML
import Testing
import TestSupport

/// What the engine keeps of a cross-file rule's values reads back exactly, and bytes that were
/// damaged read as nothing, never as a trap.
@Suite struct CrossFileValueTests {
    enum Kind: String, CrossFileValue { case spinner, bar }

    /// A value of every kind of field, as a rule would declare it.
    struct Fields: CrossFileValue, Equatable {
        var text: String
        var number: Int
        var optional: String?
        var range: SourceRange
        var flag: Bool
        var kind: Kind?
        var list: [Int]
        var path: YAMLItemPath?

        init(_ n: Int) {
            text = n % 7 == 0 ? "" : String(repeating: "ü", count: n % 40) + "\(n)"
            number = n * -12_345
            optional = n % 3 == 0 ? nil : (n % 2 == 0 ? "" : "Ünïcode 📷 \(n)")
            range = SourceRange(start: SourcePosition(line: n + 1, column: 1, characterOffset: 0),
                                end: SourcePosition(line: n + 1, column: 9, characterOffset: 8))
            flag = n % 2 == 0
            kind = n % 5 == 0 ? nil : (n % 2 == 0 ? .bar : .spinner)
            list = Array(repeating: n, count: n % 4)
            path = n % 6 == 0 ? nil : YAMLItemPath(text: n % 2 == 0 ? "a.b" : nil, item: n % 3 == 0 ? nil : n, atField: true)
        }

        func write(to fields: inout CrossFileWriter) {
            fields.write(text); fields.write(number); fields.write(optional); fields.write(range)
            fields.write(flag); fields.write(kind); fields.write(list); fields.write(path)
        }

        init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
            (text, number, optional, range) = (try fields.read(), try fields.read(), try fields.read(), try fields.read())
            (flag, kind, list, path) = (try fields.read(), try fields.read(), try fields.read(), try fields.read())
        }
    }

    static func written<Value: CrossFileValue>(_ values: [Value]) -> [UInt8] {
        var writer = CrossFileWriter()
        for value in values { writer.append(value) }
        return writer.bytes
    }

    static func read<Value: CrossFileValue>(_ bytes: [UInt8], as type: Value.Type) -> [Value] {
        var reader = CrossFileReader(bytes)
        var values: [Value] = []
        while let value = reader.next(type) { values.append(value) }
        return values
    }

    @Test func everyKindOfFieldReadsBackAsWritten() {
        let values = (0..<200).map(Fields.init)
        #expect(Self.read(Self.written(values), as: Fields.self) == values)
    }

    /// The first two fields of ``Fields``.
    struct Prefix: CrossFileValue, Equatable {
        var text: String
        var number: Int
        func write(to fields: inout CrossFileWriter) { fields.write(text); fields.write(number) }
        init(from fields: inout CrossFileReader) throws(CrossFileReadError) { (text, number) = (try fields.read(), try fields.read()) }
    }

    @Test func aPrefixReadsEachValuesFirstFieldsAndOnlyAWholeValueReadsItsRecordWhole() {
        let values = (0..<100).map(Fields.init)
        var reader = CrossFileReader(Self.written(values))
        var prefixes: [Prefix] = []
        while let prefix = reader.next(Prefix.self, whole: false) { prefixes.append(prefix) }
        #expect(prefixes.map(\.text) == values.map(\.text))
        #expect(prefixes.map(\.number) == values.map(\.number))
        // Read as a whole value, a prefix's record is passed over: it has fields left.
        #expect(Self.read(Self.written(values), as: Prefix.self).isEmpty)
    }

    @Test func valuesWrittenAfterOthersKeepThemAndReadBackInOrder() {
        var bytes = Self.written((0..<3).map(Fields.init))
        for n in 3..<60 { CrossFileWriter.appending(to: &bytes) { $0.append(Fields(n)) } }
        #expect(Self.read(bytes, as: Fields.self) == (0..<60).map(Fields.init))
    }

    @Test func textsKeepTheirBytesExactly() {
        let texts = ["caf\u{E9}", "cafe\u{301}", "", "\u{212B}", "📷"]
        #expect(Self.read(Self.written(texts), as: String.self).map { Array($0.utf8) } == texts.map { Array($0.utf8) })
    }

    @Test func everyTruncationOfAValueReadsAsNothingNotATrap() {
        let one = Self.written([Fields(11)])
        for length in 0..<one.count {
            #expect(Self.read(Array(one[0..<length]), as: Fields.self).isEmpty, "\(length) bytes")
        }
        // The record's own length cut short: its fields end early.
        for length in 0..<(one.count - 4) {
            var cut = one
            cut.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 0, as: UInt32.self) }
            #expect(Self.read(Array(cut[0..<(4 + length)]), as: Fields.self).isEmpty, "\(length) bytes")
        }
    }

    @Test func aDamagedValueIsPassedOverAndTheOthersReadBack() {
        let values = (1...3).map(Fields.init)
        let bytes = Self.written(values)
        var text = bytes
        text[4 + 3] = 0x7F  // the first value's text far longer than its record
        #expect(Self.read(text, as: Fields.self) == Array(values[1...]))
        let flagAt = 4 + 4 + values[0].text.utf8.count + 8 + 1 + 4 + values[0].optional!.utf8.count + 48
        var flag = bytes
        #expect(flag[flagAt] <= 1)
        flag[flagAt] = 2  // neither yes nor no
        #expect(Self.read(flag, as: Fields.self) == Array(values[1...]))
        var kind = bytes
        kind[flagAt + 1 + 1 + 4] = UInt8(ascii: "x")  // "xpinner": no case
        #expect(Self.read(kind, as: Fields.self) == Array(values[1...]))
        var list = bytes
        list[flagAt + 1 + 1 + 4 + 7 + 7] = 0x7F  // a count of elements far past the record's end
        #expect(Self.read(list, as: Fields.self) == Array(values[1...]))
        // Random damage anywhere: whatever reads back, no trap.
        var random = SplitMix64(state: 5)
        for _ in 0..<2000 {
            var damaged = bytes
            for _ in 0...random.below(3) { damaged[random.below(damaged.count)] = UInt8(random.below(256)) }
            #expect(Self.read(damaged, as: Fields.self).count <= 3)
        }
    }
}
