#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-wise comparison of texts: the order `ls` and the file walk use, and equality without
/// Unicode normalization (two paths are the same file only when their bytes are).
public enum ByteOrder {
    /// Negative when `a` sorts first, 0 when the bytes are equal, positive when `b` does:
    /// byte order, then the shorter first.
    public static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let n = Swift.min(a.count, b.count)
        if n > 0, let p = a.baseAddress, let q = b.baseAddress {
            let c = memcmp(p, q, n)
            if c != 0 { return Int(c) }
        }
        return a.count - b.count
    }

    /// The byte-wise comparison of two strings' UTF-8 bytes. Inlined where it is used, and native
    /// strings (every path the run makes) are compared in place, with no copy and no closure call
    /// through the module boundary: reports and the server sort hundreds of findings by it.
    @inlinable
    public static func compare(_ a: String, _ b: String) -> Int {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                compare(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
            }
        }
        if let inPlace, let result = inPlace { return result }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) } }
    }

    /// The byte-wise comparison of a string's UTF-8 bytes with `b` (a stored path's, say).
    @inlinable
    public static func compare(_ a: String, _ b: UnsafeRawBufferPointer) -> Int {
        if let inPlace = a.utf8.withContiguousStorageIfAvailable({ compare(UnsafeRawBufferPointer($0), b) }) {
            return inPlace
        }
        var a = a
        return a.withUTF8 { compare(UnsafeRawBufferPointer($0), b) }
    }

    /// Whether `a` sorts before `b` byte-wise.
    @inlinable
    public static func precedes(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    /// Whether two strings have the same UTF-8 bytes.
    @inlinable
    public static func same(_ a: String, _ b: String) -> Bool { compare(a, b) == 0 }
}
