import ProgressLintSpec
import ProgressLintYAML

/// Reads back what a ``CrossFileWriter`` wrote, field by field in the same order. Reading past the
/// record's end gives zeros and empty texts rather than trapping.
public struct CrossFileReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    @usableFromInline init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private mutating func take<T: FixedWidthInteger>(_: T.Type) -> T {
        let size = MemoryLayout<T>.size
        guard offset <= bytes.count - size else {
            offset = bytes.count
            return 0
        }
        defer { offset += size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// Reads a number.
    public mutating func int() -> Int { Int(truncatingIfNeeded: take(Int64.self)) }

    /// Reads a text.
    public mutating func string() -> String {
        let length = Int(take(UInt32.self))
        let end = min(offset + length, bytes.count)
        defer { offset = end }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// Reads a text or its absence.
    public mutating func optionalString() -> String? {
        take(UInt8.self) == 0 ? nil : string()
    }

    /// Reads a range.
    public mutating func range() -> SourceRange {
        let start = SourcePosition(line: int(), column: int(), characterOffset: int())
        return SourceRange(start: start, end: SourcePosition(line: int(), column: int(), characterOffset: int()))
    }
}
