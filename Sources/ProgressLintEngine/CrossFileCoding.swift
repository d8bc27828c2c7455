/// How the engine keeps a ``CrossFileRule``'s values (any `Codable` type) until every file is
/// read: each value as its length (4 bytes) and its fields in the order its `encode(to:)` writes
/// them, without their keys (its `init(from:)` reads them in the same order, as Swift's
/// synthesised conformances do). A number takes 8 bytes, a text its length (4 bytes) and its
/// UTF-8, a yes-or-no one byte, an optional field one byte saying whether it is there, and a list
/// its count (4 bytes) and its elements.
///
/// Reading never traps: bytes that end early or hold what the type cannot be make a
/// `DecodingError`, and that value is passed over. An absent optional anywhere but as a field of
/// a keyed value (`[String?]` holding nil) cannot be kept: that value is left out.
final class CrossFileEncoder: Encoder {
    /// The values written so far.
    var bytes: [UInt8] = []
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// Appends `value`; false (and nothing appended) when it cannot be kept.
    func append<Value: Encodable>(_ value: Value) -> Bool {
        let start = bytes.count
        put(UInt32(0))
        do {
            try value.encode(to: self)
        } catch {
            bytes.removeSubrange(start...)
            return false
        }
        let length = UInt32(clamping: bytes.count - start - 4)
        // `start + 4 <= bytes.count`: the length's place was written above.
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: length.littleEndian, toByteOffset: start, as: UInt32.self) }
        return true
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(encoder: self))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { FieldWriter(list: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { FieldWriter(encoder: self) }

    func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    func integer<T: FixedWidthInteger>(_ value: T) { put(T.isSigned ? UInt64(bitPattern: Int64(value)) : UInt64(value)) }
    func flag(_ value: Bool) { put(UInt8(value ? 1 : 0)) }
    func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            let kept = utf8.prefix(Int(UInt32.max))
            put(UInt32(kept.count))
            bytes.append(contentsOf: kept)
        }
    }
}

/// A single value, or a list whose count (written before its elements) grows with each element.
private struct FieldWriter: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let encoder: CrossFileEncoder
    /// Where a list's count is in the encoder's bytes; nil for a single value.
    private let countAt: Int?
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(encoder: CrossFileEncoder) { (self.encoder, countAt) = (encoder, nil) }
    init(list encoder: CrossFileEncoder) {
        (self.encoder, countAt) = (encoder, encoder.bytes.count)
        encoder.put(UInt32(0))
    }

    private mutating func element() {
        guard let countAt else { return }
        count += 1
        let stored = UInt32(truncatingIfNeeded: count).littleEndian
        encoder.bytes.withUnsafeMutableBytes { $0.storeBytes(of: stored, toByteOffset: countAt, as: UInt32.self) }
    }

    mutating func encodeNil() throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "an absent optional outside a keyed value"))
    }
    mutating func encode(_ value: Bool) throws { element(); encoder.flag(value) }
    mutating func encode(_ value: String) throws { element(); encoder.text(value) }
    mutating func encode(_ value: Double) throws { element(); encoder.put(value.bitPattern) }
    mutating func encode(_ value: Float) throws { element(); encoder.put(value.bitPattern) }
    mutating func encode(_ value: Int) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: Int8) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: Int16) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: Int32) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: Int64) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: UInt) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: UInt8) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: UInt16) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: UInt32) throws { element(); encoder.integer(value) }
    mutating func encode(_ value: UInt64) throws { element(); encoder.integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { element(); try value.encode(to: encoder) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        element()
        return encoder.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element(); return FieldWriter(list: encoder) }
    mutating func superEncoder() -> any Encoder { element(); return encoder }
}

/// A keyed value's fields, in the order written; an optional one after a byte saying whether it is there.
private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CrossFileEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { encoder.flag(false) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.text(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.integer(value) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.flag(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: encoder) }

    private mutating func optional<T: Encodable>(_ value: T?, _ key: Key) throws {
        encoder.flag(value != nil)
        if let value { try encode(value, forKey: key) }
    }
    // Each type's own: the standard library's defaults write nothing for an absent one.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try optional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try optional(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> { encoder.container(keyedBy: keyType) }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { FieldWriter(list: encoder) }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// Reads back the values a ``CrossFileEncoder`` wrote, one at a time.
final class CrossFileDecoder: Decoder {
    private var bytes: [UInt8] = []
    private var offset = 0
    /// Where the value being read ends.
    private var end = 0
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// Reads `bytes` from their first value.
    func reset(_ bytes: [UInt8]) { (self.bytes, offset, end) = (bytes, 0, bytes.count) }

    /// The next value that reads back whole (one that does not is passed over); nil after the last.
    func next<Value: Decodable>(_ type: Value.Type) -> Value? {
        while bytes.count - offset >= 4 {
            let length = bytes.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
            offset += 4
            end = offset + min(length, bytes.count - offset)
            let value = try? Value(from: self)
            let whole = offset == end
            offset = end
            if whole, let value { return value }
        }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(decoder: self))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try ListReader(decoder: self) }
    func singleValueContainer() -> any SingleValueDecodingContainer { FieldReader(decoder: self) }

    static func damaged(_ what: String) -> DecodingError { .dataCorrupted(.init(codingPath: [], debugDescription: what)) }

    var left: Int { end - offset }

    func take<T: FixedWidthInteger>(_: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard size <= left else { throw Self.damaged("a value that ends before its fields") }
        defer { offset += size }
        return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
    func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        let raw = try take(UInt64.self)
        guard let value = T.isSigned ? T(exactly: Int64(bitPattern: raw)) : T(exactly: raw) else {
            throw Self.damaged("a number out of its type's range")
        }
        return value
    }
    func flag() throws -> Bool {
        switch try take(UInt8.self) {
        case 0: return false
        case 1: return true
        default: throw Self.damaged("a yes-or-no byte that is neither")
        }
    }
    func text() throws -> String {
        let length = Int(try take(UInt32.self))
        guard length <= left else { throw Self.damaged("a text longer than its value") }
        defer { offset += length }
        return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }
}

private struct FieldReader: SingleValueDecodingContainer {
    let decoder: CrossFileDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_: Bool.Type) throws -> Bool { try decoder.flag() }
    func decode(_: String.Type) throws -> String { try decoder.text() }
    func decode(_: Double.Type) throws -> Double { Double(bitPattern: try decoder.take(UInt64.self)) }
    func decode(_: Float.Type) throws -> Float { Float(bitPattern: try decoder.take(UInt32.self)) }
    func decode(_: Int.Type) throws -> Int { try decoder.integer(Int.self) }
    func decode(_: Int8.Type) throws -> Int8 { try decoder.integer(Int8.self) }
    func decode(_: Int16.Type) throws -> Int16 { try decoder.integer(Int16.self) }
    func decode(_: Int32.Type) throws -> Int32 { try decoder.integer(Int32.self) }
    func decode(_: Int64.Type) throws -> Int64 { try decoder.integer(Int64.self) }
    func decode(_: UInt.Type) throws -> UInt { try decoder.integer(UInt.self) }
    func decode(_: UInt8.Type) throws -> UInt8 { try decoder.integer(UInt8.self) }
    func decode(_: UInt16.Type) throws -> UInt16 { try decoder.integer(UInt16.self) }
    func decode(_: UInt32.Type) throws -> UInt32 { try decoder.integer(UInt32.self) }
    func decode(_: UInt64.Type) throws -> UInt64 { try decoder.integer(UInt64.self) }
    func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: decoder) }
}

private struct ListReader: UnkeyedDecodingContainer {
    let decoder: CrossFileDecoder
    let count: Int?
    private let total: Int
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= total }

    init(decoder: CrossFileDecoder) throws {
        self.decoder = decoder
        total = Int(try decoder.take(UInt32.self))
        // Each element takes a byte at least: a count past the bytes left is damage, not a size to reserve.
        guard total <= decoder.left else { throw CrossFileDecoder.damaged("a list longer than its value") }
        count = total
    }

    private mutating func element() throws {
        guard !isAtEnd else { throw CrossFileDecoder.damaged("a list read past its end") }
        currentIndex += 1
    }
    mutating func decodeNil() -> Bool { false }
    mutating func decode<T: Decodable>(_: T.Type) throws -> T { try element(); return try T(from: decoder) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> { try element(); return decoder.container(keyedBy: type) }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try element()
        return try ListReader(decoder: decoder)
    }
    mutating func superDecoder() throws -> any Decoder { try element(); return decoder }
}

/// The standard library's `decodeIfPresent` asks ``decodeNil(forKey:)``, which reads the byte an
/// optional field starts with.
private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CrossFileDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { !(try decoder.flag()) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try decoder.text() }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(Int.self) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decoder.flag() }
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { try T(from: decoder) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        -> KeyedDecodingContainer<NestedKey> { decoder.container(keyedBy: type) }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try ListReader(decoder: decoder) }
    func superDecoder() -> any Decoder { decoder }
    func superDecoder(forKey key: Key) -> any Decoder { decoder }
}
