@testable import ProgressLintEngine
import ProgressLintYAML
import Testing
import TestSupport

/// A cross-file rule's values are any `Codable` type: what the engine keeps of them reads back
/// exactly, and bytes that were damaged read as nothing, never as a trap.
@Suite struct CrossFileCodingTests {
    enum Kind: String, Codable { case spinner, bar }

    struct Nested: Codable, Equatable {
        var name: String?
        var ratio: Double
    }

    /// A value of every kind of field, as a rule would declare it.
    struct Fields: Codable, Equatable {
        var text: String
        var number: Int
        var optional: String?
        var range: SourceRange
        var flag: Bool
        var kind: Kind?
        var list: [Int]
        var small: Int8
        var unsigned: UInt64?
        var single: Float
        var nested: [Nested]
        var path: YAMLItemPath?

        static func example(_ n: Int) -> Fields {
            Fields(text: n % 7 == 0 ? "" : String(repeating: "ü", count: n % 40) + "\(n)", number: n * -12_345,
                   optional: n % 3 == 0 ? nil : (n % 2 == 0 ? "" : "Ünïcode 📷 \(n)"),
                   range: SourceRange(start: SourcePosition(line: n + 1, column: 1, characterOffset: 0),
                                      end: SourcePosition(line: n + 1, column: 9, characterOffset: 8)),
                   flag: n % 2 == 0, kind: n % 5 == 0 ? nil : (n % 2 == 0 ? .bar : .spinner),
                   list: Array(repeating: n, count: n % 4), small: Int8(truncatingIfNeeded: -n),
                   unsigned: n % 4 == 0 ? nil : UInt64.max - UInt64(n), single: Float(n) / 3,
                   nested: (0..<(n % 3)).map { Nested(name: $0 == 1 ? nil : "n\($0)", ratio: Double($0) * 0.5) },
                   path: n % 6 == 0 ? nil : YAMLItemPath(text: n % 2 == 0 ? "a.b" : nil, item: n % 3 == 0 ? nil : n, atField: true))
        }
    }

    static func encoded<Value: Encodable>(_ values: [Value]) -> [UInt8] {
        let encoder = CrossFileEncoder()
        for value in values { #expect(encoder.append(value)) }
        return encoder.bytes
    }

    static func decoded<Value: Decodable>(_ bytes: [UInt8], as type: Value.Type) -> [Value] {
        let decoder = CrossFileDecoder()
        decoder.reset(bytes)
        var values: [Value] = []
        while let value = decoder.next(type) { values.append(value) }
        return values
    }

    @Test func everyKindOfFieldReadsBackAsWritten() {
        let values = (0..<200).map(Fields.example)
        #expect(Self.decoded(Self.encoded(values), as: Fields.self) == values)
        // A pass reads the same again.
        let bytes = Self.encoded(values)
        #expect(Self.decoded(bytes, as: Fields.self) == Self.decoded(bytes, as: Fields.self))
    }

    @Test func textsKeepTheirBytesExactly() {
        let texts = ["caf\u{E9}", "cafe\u{301}", "", "\u{212B}", "📷"]
        let read = Self.decoded(Self.encoded(texts), as: String.self)
        #expect(read.map { Array($0.utf8) } == texts.map { Array($0.utf8) })
    }

    @Test func everyTruncationOfAValueReadsAsNothingNotATrap() {
        let one = Self.encoded([Fields.example(11)])
        for length in 0..<one.count {
            #expect(Self.decoded(Array(one[0..<length]), as: Fields.self).isEmpty, "\(length) bytes")
        }
        // The value's own length cut short: its fields end early.
        for length in 0..<(one.count - 4) {
            var cut = one
            cut.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 0, as: UInt32.self) }
            #expect(Self.decoded(Array(cut[0..<(4 + length)]), as: Fields.self).isEmpty, "\(length) bytes")
        }
    }

    @Test func aDamagedValueIsPassedOverAndTheOthersReadBack() {
        let values = (1...3).map(Fields.example)
        let bytes = Self.encoded(values)
        let first = Self.encoded([values[0]]).count
        // The first value's text length made far too long, its yes-or-no neither, its case no case.
        var text = bytes
        text[4 + 3] = 0x7F
        #expect(Self.decoded(text, as: Fields.self) == Array(values[1...]))
        let flagAt = 4 + 4 + values[0].text.utf8.count + 8 + 1 + 4 + values[0].optional!.utf8.count + 48
        var flag = bytes
        #expect(flag[flagAt] <= 1)
        flag[flagAt] = 2
        #expect(Self.decoded(flag, as: Fields.self) == Array(values[1...]))
        var kind = bytes
        kind[flagAt + 1 + 1 + 4] = UInt8(ascii: "x")  // "xpinner": no case
        #expect(Self.decoded(kind, as: Fields.self) == Array(values[1...]))
        // Random damage anywhere: whatever reads back, no trap.
        var random = SplitMix64(state: 5)
        for _ in 0..<2000 {
            var damaged = bytes
            for _ in 0...random.below(3) { damaged[random.below(damaged.count)] = UInt8(random.below(256)) }
            #expect(Self.decoded(damaged, as: Fields.self).count <= 3)
        }
        #expect(first < bytes.count)
    }

    @Test func aValueThatCannotBeKeptIsLeftOutAlone() {
        // An absent optional in a list has no byte of its own to say so.
        let encoder = CrossFileEncoder()
        #expect(encoder.append(["a"]))
        #expect(!encoder.append(["b", nil] as [String?]))
        #expect(encoder.append(["c", "d"] as [String?]))
        #expect(Self.decoded(encoder.bytes, as: [String?].self) == [["a"], ["c", "d"]])
    }
}
