import ProgressLintSupport

/// A report's bytes written through a pointer into a buffer of its own and handed to a
/// ``ReportStream`` in blocks of about 64 KB, for the large parts of a report (the JSON report's
/// files, findings and screens): a key text, a number or a short string is one check for room and
/// a few stores, not one call into the stream per piece.
///
/// Room is checked per piece written (``reserve(_:)``: grown when short, never handed on part-way),
/// and the bytes go to the stream only at ``endItem()``, between items, so an item not yet ended
/// can be taken back (``rollBack(to:)``). Made and ended by ``writing(to:_:)``, which frees it:
/// a buffer is never copied out of that call.
public struct ReportBuffer {
    /// The buffer: `used` bytes written of `capacity`.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0
    /// Where the bytes go, swapped in for the length of ``writing(to:_:)``.
    public var stream: ReportStream

    /// Once this many bytes are written, ``endItem()`` hands them on: ``blockSize``, or never for a
    /// buffer that ``collecting()`` made.
    @usableFromInline var handOnAt = ReportBuffer.blockSize

    /// Bytes gathered before ``endItem()`` hands them on.
    public static let blockSize = 1 << 16

    private init() {
        capacity = ReportBuffer.blockSize + (1 << 14)
        base = .allocate(capacity: capacity)
        stream = ReportStream()
    }

    /// A buffer that keeps what is written (``endItem()`` hands nothing on), for a piece of a report
    /// rendered on one thread and written on another (``ReportPieces``): read by ``written``,
    /// emptied by ``clear()``, freed by ``free()``.
    public static func collecting() -> ReportBuffer {
        var buffer = ReportBuffer()
        buffer.handOnAt = Int.max
        return buffer
    }

    /// The bytes written and not handed on (of a ``collecting()`` buffer: all since ``clear()``),
    /// valid until the next write.
    public var written: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(start: base, count: used) }

    /// Forgets every byte written (keeping the room).
    public mutating func clear() { used = 0 }

    /// Frees a buffer ``collecting()`` made; it is not used again.
    public func free() { base.deallocate() }

    /// Runs `body` with a buffer writing to `stream`; everything it wrote is in `stream` when it returns.
    public static func writing<Result>(to stream: inout ReportStream, _ body: (inout ReportBuffer) throws -> Result)
        rethrows -> Result {
        var buffer = ReportBuffer()
        swap(&buffer.stream, &stream)
        defer {
            buffer.flush()
            swap(&buffer.stream, &stream)
            buffer.base.deallocate()
        }
        return try body(&buffer)
    }

    /// Makes room for `count` more bytes.
    @inlinable @inline(__always)
    public mutating func reserve(_ count: Int) {
        if capacity &- used < count { grow(count) }
    }

    /// Grows the buffer to hold `count` more bytes (at least twice as large).
    @usableFromInline mutating func grow(_ count: Int) {
        let (needed, overflow) = used.addingReportingOverflow(count)
        precondition(!overflow, "progress-lint: a report item too large to hold")
        let larger = Swift.max(needed, capacity.multipliedReportingOverflow(by: 2).partialValue)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: used)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Ends an item: hands the bytes to the stream once a block is full.
    @inlinable @inline(__always)
    public mutating func endItem() {
        if used >= handOnAt { flush() }
    }

    /// Hands every byte written to the stream.
    public mutating func flush() {
        guard used > 0 else { return }
        stream.write(bytes: UnsafeBufferPointer(start: base, count: used))
        used = 0
    }

    /// Where the next byte goes: a mark to roll back to, valid until the next ``endItem()``.
    @inlinable public var mark: Int { used }

    /// Forgets what was written since `mark` (an item found incomplete part-way).
    @inlinable public mutating func rollBack(to mark: Int) {
        if mark >= 0 && mark < used { used = mark }
    }

    /// Writes `bytes`.
    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        reserve(count)
        if let source = bytes.baseAddress { (base + used).update(from: source, count: count) }
        used &+= count
    }

    /// Writes one byte.
    @inlinable @inline(__always)
    public mutating func put(byte: UInt8) {
        reserve(1)
        base[used] = byte
        used &+= 1
    }

    /// Writes a literal.
    @inlinable @inline(__always)
    public mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    /// Writes a comma (when `comma`), a line break and the indentation of nesting `level` (2 ×
    /// `level` spaces), as ``JSONWriter`` writes them between members.
    @inlinable
    public mutating func newline(level: Int, comma: Bool = false) {
        let spaces = Swift.max(0, level).multipliedReportingOverflow(by: 2).partialValue
        let count = spaces &+ (comma ? 2 : 1)
        reserve(count)
        var at = base + used
        if comma {
            at[0] = 0x2C
            at += 1
        }
        at[0] = 0x0A
        (at + 1).update(repeating: 0x20, count: spaces)
        used &+= count
    }

    /// Writes a member's key at nesting `level`, after a comma unless it is the `first`, as
    /// ``JSONWriter`` writes it: `key` is plain (printable ASCII needing no escape), as every key a
    /// report writes.
    @inlinable
    public mutating func member(_ key: StaticString, level: Int, first: Bool = false) {
        newline(level: level, comma: !first)
        key.withUTF8Buffer { key in
            let count = key.count
            reserve(count &+ 4)
            let at = base + used
            at[0] = 0x22
            if let source = key.baseAddress { (at + 1).update(from: source, count: count) }
            at[count &+ 1] = 0x22
            at[count &+ 2] = 0x3A
            at[count &+ 3] = 0x20
            used &+= count &+ 4
        }
    }

    /// Writes `true` or `false`.
    @inlinable public mutating func bool(_ value: Bool) {
        put(value ? "true" : "false")
    }

    /// Writes `null`.
    @inlinable public mutating func null() { put("null") }

    /// Writes an integer's decimal digits, as ``DecimalText`` spells them.
    @inlinable @inline(__always)
    public mutating func int(_ value: Int) {
        reserve(DecimalText.maxLength)
        used &+= DecimalText.write(value, to: base + used)
    }

    /// Writes UTF-8 `bytes` as a JSON string literal, as ``JSONString/escape(utf8:into:)`` does; most
    /// texts (printable ASCII without a quote, backslash or `[`) are copied between quotes as they
    /// are, eight bytes at a time, checked as they are copied.
    @inlinable
    public mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        // Room for the quotes and for the last word stored whole (its bytes past the text are overwritten).
        reserve(count &+ 10)
        let at = base + used
        at[0] = 0x22
        if let source = UnsafeRawPointer(bytes.baseAddress) {
            let target = UnsafeMutableRawPointer(at + 1)
            let ones: UInt64 = 0x0101_0101_0101_0101
            var found: UInt64 = 0
            var i = 0
            // The bit tricks of `JSONString.escapeContents`: a byte below 0x20 or from 0x7F, `"`, `\`, `[`.
            while count &- i >= 8 {
                // In bounds: i + 8 <= count, and the buffer has room for count + 10 bytes from `at`.
                let word = (source + i).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C), bracket = word ^ (ones &* 0x5B)
                found |= ((word &- ones &* 0x20) & ~word) | (word &+ ones) | word
                    | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((bracket &- ones) & ~bracket)
                (target + i).storeBytes(of: word, as: UInt64.self)
                i &+= 8
            }
            var plain = found & (ones &* 0x80) == 0
            while i < count {
                let byte = source.load(fromByteOffset: i, as: UInt8.self)
                plain = plain && byte &- 0x20 < 0x5F && byte != 0x22 && byte != 0x5C && byte != 0x5B
                target.storeBytes(of: byte, toByteOffset: i, as: UInt8.self)
                i &+= 1
            }
            // Something to escape: written again by the one escaper, over what was copied.
            guard plain else { return JSONString.escape(utf8: bytes, into: &self) }
        }
        at[count &+ 1] = 0x22
        used &+= count &+ 2
    }

    /// Writes UTF-8 `bytes` as a JSON string literal, or `null` when nil.
    @inlinable
    public mutating func string(utf8 bytes: UnsafeRawBufferPointer?) {
        guard let bytes else { return null() }
        string(utf8: bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Writes `s` as a JSON string literal (``JSONString``).
    @inlinable
    public mutating func string(_ s: String) {
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return done }
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// Writes `s` as a JSON string literal, or `null` when nil.
    @inlinable
    public mutating func string(_ s: String?) {
        if let s { string(s) } else { null() }
    }

    /// Writes a number as ``JSONWriter/double(_:)`` does, a whole one (of less than 10^15) as an
    /// integer; `null` when nil or not finite.
    @inlinable
    public mutating func number(_ value: Double?) {
        guard let value else { return null() }
        // Whole below 10^15: `Int(value)` is exact there, and its `Double` equals `value` just when it is whole.
        if abs(value) < 1e15 {
            let whole = Int(value)
            if Double(whole) == value { return int(whole) }
        } else if !value.isFinite {
            return null()
        }
        nonWhole(value)
    }

    /// A number that is not whole (or is 10^15 or more), as `String(value)` spells it.
    @usableFromInline mutating func nonWhole(_ value: Double) {
        guard value.isFinite else { return null() }
        var text = String(value)
        text.withUTF8 { put($0) }
    }

    /// The bytes written and not yet handed on (for tests).
    var pending: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }
}

/// The one escaper writes into the buffer directly.
extension ReportBuffer: JSONByteSink {
    @inlinable public mutating func write(bytes: UnsafeBufferPointer<UInt8>) { put(bytes) }
    @inlinable public mutating func write(byte: UInt8) { put(byte: byte) }
}
