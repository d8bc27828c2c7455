import ProgressLintSupport

/// Records numbered by the bytes of their first few text fields, taken together: what a
/// ``CrossFileRule`` compares across every value, looked up where each record lies
/// (``CrossFileValues/forEachRecord(_:)``) with one hash of those bytes, no `String` made and
/// nothing kept per record. Records whose first texts have the same bytes get the same number;
/// numbers follow the order in which they first come.
///
/// Texts Swift calls equal but spells with different bytes (`é` precomposed and decomposed) get
/// different numbers: a rule that compares as Swift does reads each new number's ``texts(_:)``
/// once and merges those itself.
public struct CrossFileKeys: Sendable {
    /// How many text fields, from the record's first, make the key.
    public let fields: Int
    /// Each key's bytes: its texts as the record keeps them.
    private var table = ByteTable()

    /// Keys of a record's first `fields` fields, each a text (a `String` of the value's layout).
    public init(texts fields: Int) {
        self.fields = max(fields, 0)
    }

    /// How many different keys have been seen.
    public var count: Int { table.count }

    /// The number of `record`'s key, and whether it is new (then it is the previous ``count``);
    /// an error when the record does not start with ``fields`` texts.
    public mutating func number(of record: CrossFileRecordView) throws(CrossFileReadError) -> (number: Int, isNew: Bool) {
        let bytes = record.bytes
        var end = 0
        for _ in 0..<fields {
            guard bytes.count - end >= 4 else { throw CrossFileReadError("a record that ends before its fields") }
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: UInt32.self)))
            guard length <= bytes.count - end - 4 else { throw CrossFileReadError("a text longer than its record") }
            end += 4 + length
        }
        return table.number(of: UnsafeRawBufferPointer(rebasing: bytes[0..<end]))
    }

    /// The texts of key `number` (a number this table gave), in field order.
    public func texts(_ number: Int) -> [String] {
        table.withBytes(of: number) { raw in
            var reader = CrossFileReader(raw)
            // The bytes were checked to hold `fields` texts when the key was added.
            return (0..<fields).map { _ in (try? reader.string()) ?? "" }
        }
    }
}
