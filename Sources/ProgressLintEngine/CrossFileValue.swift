import ProgressLintYAML

/// A value a ``CrossFileRule`` keeps per screen until every file is read: it writes its fields in
/// order and reads them back in the same order. The engine keeps the bytes (in memory, on disk
/// past a bound, and in the cache), so a run of many files stays small:
///
/// ```swift
/// struct Sighting: CrossFileValue {
///     var task: String
///     var range: SourceRange
///     var screen: String?
///
///     func write(to fields: inout CrossFileWriter) {
///         fields.write(task); fields.write(range); fields.write(screen)
///     }
///     init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
///         (task, range, screen) = (try fields.read(), try fields.read(), try fields.read())
///     }
/// }
/// ```
///
/// A field is any ``CrossFileValue``: numbers, texts, yes-or-no, source ranges and positions,
/// optionals and arrays of them, enums with such raw values (`enum Kind: String, CrossFileValue`),
/// and values of the rule's own.
public protocol CrossFileValue: Sendable {
    /// Writes the value's fields, in order.
    func write(to fields: inout CrossFileWriter)
    /// Reads them back in the same order; an error when the bytes end early or hold what a field cannot be.
    init(from fields: inout CrossFileReader) throws(CrossFileReadError)
}

/// Kept bytes that do not read back as a value (damaged storage): never a trap.
public struct CrossFileReadError: Error, Sendable {
    @usableFromInline init() {}
}

/// Where values are written: each as its length (4 bytes) and its fields; a number takes 8
/// bytes, a text its length (4 bytes) and its UTF-8, a yes-or-no one byte.
public struct CrossFileWriter {
    /// The bytes written: the first `length` of `storage`, whose zeroed tail is room for the next
    /// fields (grown in steps, so that a field is stored in place, not appended byte by byte).
    @usableFromInline var storage: [UInt8] = []
    @usableFromInline var length = 0

    init() {}

    /// The bytes written.
    var bytes: [UInt8] { Array(storage[0..<length]) }

    /// Calls `body` with a writer that writes after `bytes` (taken and given back, not copied).
    static func appending(to bytes: inout [UInt8], _ body: (inout CrossFileWriter) -> Void) {
        var writer = CrossFileWriter()
        swap(&writer.storage, &bytes)
        writer.length = writer.storage.count
        body(&writer)
        writer.storage.removeSubrange(writer.length...)
        swap(&writer.storage, &bytes)
    }

    /// Writes one field.
    @inlinable public mutating func write<Field: CrossFileValue>(_ field: Field) { field.write(to: &self) }

    /// Appends `value` as one record: its length, then its fields.
    mutating func append<Value: CrossFileValue>(_ value: Value) {
        reserve(4)
        let start = length
        length += 4
        value.write(to: &self)
        let recordLength = UInt32(clamping: length - start - 4).littleEndian
        storage.withUnsafeMutableBytes { $0.storeBytes(of: recordLength, toByteOffset: start, as: UInt32.self) }
    }

    /// Makes room for `count` bytes past `length`. Traps only where an array could not hold them anyway.
    @inlinable mutating func reserve(_ count: Int) {
        if storage.count - length < count {
            storage.append(contentsOf: repeatElement(0, count: Swift.max(count, storage.count, 256)))
        }
    }
    @inlinable mutating func int(_ value: Int) {
        reserve(8)
        storage.withUnsafeMutableBytes { $0.storeBytes(of: Int64(value).littleEndian, toByteOffset: length, as: Int64.self) }
        length += 8
    }
    @inlinable mutating func flag(_ value: Bool) {
        reserve(1)
        storage[length] = value ? 1 : 0
        length += 1
    }
    @inlinable mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            let count = Swift.min(utf8.count, Int(UInt32.max))
            reserve(4 + count)
            storage.withUnsafeMutableBytes { raw in
                raw.storeBytes(of: UInt32(count).littleEndian, toByteOffset: length, as: UInt32.self)
                if count > 0 { (raw.baseAddress! + length + 4).copyMemory(from: utf8.baseAddress!, byteCount: count) }
            }
            length += 4 + count
        }
    }
}

/// Reads back what a ``CrossFileWriter`` wrote, one record at a time, field by field.
public struct CrossFileReader {
    @usableFromInline var bytes: [UInt8]
    @usableFromInline var offset = 0
    /// Where the record being read ends.
    @usableFromInline var end: Int

    init(_ bytes: [UInt8]) { (self.bytes, end) = (bytes, bytes.count) }

    /// Reads one field.
    @inlinable public mutating func read<Field: CrossFileValue>(_: Field.Type = Field.self) throws(CrossFileReadError) -> Field {
        try Field(from: &self)
    }

    /// The next record that reads back whole as a `Value` (or begins with one, when not `whole`;
    /// one that does not is passed over); nil after the last.
    @inlinable mutating func next<Value: CrossFileValue>(_: Value.Type, whole: Bool = true) -> Value? {
        while bytes.count - offset >= 4 {
            end = bytes.count
            let length = Int((try? take(4)).map { start in
                bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self)) }
            } ?? 0)
            end = offset + min(length, bytes.count - offset)
            let value = try? Value(from: &self)
            let read = offset == end || !whole
            offset = end
            if read, let value { return value }
        }
        return nil
    }

    /// Where the next `count` bytes start, now read.
    @inlinable mutating func take(_ count: Int) throws(CrossFileReadError) -> Int {
        guard count <= end - offset else { throw CrossFileReadError() }
        defer { offset += count }
        return offset
    }
    @inlinable var left: Int { end - offset }
    @inlinable mutating func int() throws(CrossFileReadError) -> Int {
        let start = try take(8)
        return Int(truncatingIfNeeded: bytes.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: Int64.self)) })
    }
    @inlinable mutating func flag() throws(CrossFileReadError) -> Bool {
        switch bytes[try take(1)] {
        case 0: return false
        case 1: return true
        default: throw CrossFileReadError()
        }
    }
    @inlinable mutating func text() throws(CrossFileReadError) -> String {
        let at = try take(4)
        let length = Int(bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) })
        let start = try take(length)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + length)]), as: UTF8.self) }
    }
}

extension Int: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) { fields.int(self) }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) { self = try fields.int() }
}

extension Bool: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) { fields.flag(self) }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) { self = try fields.flag() }
}

extension String: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) { fields.text(self) }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) { self = try fields.text() }
}

extension Optional: CrossFileValue where Wrapped: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) {
        fields.flag(self != nil)
        if let self { fields.write(self) }
    }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
        self = try fields.flag() ? try fields.read(Wrapped.self) : nil
    }
}

extension Array: CrossFileValue where Element: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) {
        fields.int(count)
        for element in self { fields.write(element) }
    }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
        let count = try fields.int()
        // Each element takes a byte at least: a count past the bytes left is damage, not a size to reserve.
        guard count >= 0, count <= fields.left else { throw CrossFileReadError() }
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(try fields.read(Element.self)) }
    }
}

extension CrossFileValue where Self: RawRepresentable, RawValue: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) { fields.write(rawValue) }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
        guard let value = Self(rawValue: try fields.read(RawValue.self)) else { throw CrossFileReadError() }
        self = value
    }
}

extension SourcePosition: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) {
        fields.int(line)
        fields.int(column)
        fields.int(characterOffset)
    }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
        self.init(line: try fields.int(), column: try fields.int(), characterOffset: try fields.int())
    }
}

extension SourceRange: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) {
        fields.write(start)
        fields.write(end)
    }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
        self.init(start: try fields.read(), end: try fields.read())
    }
}

extension YAMLItemPath: CrossFileValue {
    @inlinable public func write(to fields: inout CrossFileWriter) {
        fields.write(text)
        fields.write(item)
        fields.flag(atField)
    }
    @inlinable public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
        self.init(text: try fields.read(), item: try fields.read(), atField: try fields.flag())
    }
}
