import ProgressLintSpec
import ProgressLintYAML

/// Where the engine writes ``CrossFileValue``s, as records of their fields (``CrossFileField``).
public struct CrossFileWriter: Sendable {
    /// The records written, each its length (4 bytes) then its fields: the first `length` bytes
    /// of `storage`, whose zeroed tail is room for the next fields (grown in steps, not per byte).
    private var storage: [UInt8] = []
    /// How many bytes of `storage` are written.
    package private(set) var length = 0
    /// How many records.
    package private(set) var count = 0

    init() {}

    /// Records read back (from the cache): `bytes` as ``withBytes(_:)`` gave them, `count` records.
    package init(written bytes: [UInt8], count: Int) {
        storage = bytes
        length = bytes.count
        self.count = count
    }

    /// The bytes written.
    package func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        // `length <= storage.count`: `reserve` makes room before every write.
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
    }

    /// Writes `value` as one record.
    mutating func record<Value: CrossFileValue>(_ value: Value) {
        let start = length
        append(UInt32(0))
        Value.layout.writeFields(value, &self)
        let recordLength = UInt32(clamping: length - start - 4)
        // `start + 4 <= length <= storage.count`: the placeholder was written above.
        storage.withUnsafeMutableBytes { $0.storeBytes(of: recordLength.littleEndian, toByteOffset: start, as: UInt32.self) }
        count += 1
    }

    /// Makes room for `more` bytes past `length`: at least doubling, so a file's records grow the
    /// storage a few times in all. Traps only where an array could not hold the bytes anyway.
    private mutating func reserve(_ more: Int) {
        let free = storage.count - length
        if free >= more { return }
        storage.append(contentsOf: repeatElement(0, count: Swift.max(more - free, storage.count, 256)))
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        reserve(size)
        // `length + size <= storage.count` (reserved above); stores need no alignment.
        storage.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: length, as: T.self) }
        length += size
    }

    /// Writes a number.
    @usableFromInline mutating func write(_ value: Int) { append(Int64(value)) }

    /// Writes a yes or no.
    @usableFromInline mutating func write(flag value: Bool) { append(UInt8(value ? 1 : 0)) }

    /// Writes a text, exactly as its bytes are.
    @usableFromInline mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            let text = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8.prefix(Int(UInt32.max))))
            append(UInt32(truncatingIfNeeded: text.count))
            guard let source = text.baseAddress, text.count > 0 else { return }
            reserve(text.count)
            // `length + text.count <= storage.count` (reserved above): copied in one piece.
            storage.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: length).copyMemory(from: source, byteCount: text.count) }
            length += text.count
        }
    }
}

/// Where a ``CrossFileRule`` hands the values of a screen, one at a time: each is written at once.
public struct CrossFileSink<Info: CrossFileValue> {
    var writer: CrossFileWriter

    /// Keeps `info` (written as a record, read back by ``CrossFileValues``).
    public mutating func add(_ info: Info) { writer.record(info) }
}
