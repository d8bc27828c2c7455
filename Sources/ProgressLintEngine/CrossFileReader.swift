import ProgressLintSpec
import ProgressLintYAML

/// Reads back what a ``CrossFileWriter`` wrote, field by field in the same order. Reading past the
/// record's end is a ``CrossFileReadError``, never a trap.
public struct CrossFileReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    @usableFromInline init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// How many bytes are left to read.
    @usableFromInline var remaining: Int { bytes.count - offset }

    private mutating func take<T: FixedWidthInteger>(_: T.Type) throws(CrossFileReadError) -> T {
        let size = MemoryLayout<T>.size
        guard size <= bytes.count - offset else { throw CrossFileReadError("a record that ends before its fields") }
        defer { offset += size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// Reads a number.
    @usableFromInline mutating func int() throws(CrossFileReadError) -> Int {
        let value = try take(Int64.self)
        guard let number = Int(exactly: value) else { throw CrossFileReadError("a number too large for Int") }
        return number
    }

    /// Reads a yes or no.
    @usableFromInline mutating func flag() throws(CrossFileReadError) -> Bool {
        switch try take(UInt8.self) {
        case 0: return false
        case 1: return true
        default: throw CrossFileReadError("a yes-or-no byte that is neither")
        }
    }

    /// Reads a text.
    @usableFromInline mutating func string() throws(CrossFileReadError) -> String {
        let length = Int(try take(UInt32.self))
        guard length <= bytes.count - offset else { throw CrossFileReadError("a text longer than its record") }
        defer { offset += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
    }
}
