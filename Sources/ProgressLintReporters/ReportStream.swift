import ProgressLintSupport

/// A report on its way out. Bytes gather in a buffer that is handed to the destination in
/// blocks of 64 KB, so a report over many files is never held whole in memory.
public struct ReportStream {
    /// The bytes written and not yet handed over are the first `used` of `buffer`, which is kept
    /// at least that long (so a write copies into room already there, with no append to pay for).
    @usableFromInline var buffer: [UInt8] = []
    @usableFromInline var used = 0
    @usableFromInline let destination: ((UnsafeRawBufferPointer) -> String?)?
    /// Why the destination stopped taking bytes, if it did (the rest of the report is dropped).
    public private(set) var failure: String?

    static let blockSize = 1 << 16

    /// A stream that keeps everything it is given, for ``text``.
    public init() {
        destination = nil
    }

    /// A stream that hands each block to `destination`, which returns why it failed, or nil.
    public init(to destination: @escaping (UnsafeRawBufferPointer) -> String?) {
        self.destination = destination
        buffer = [UInt8](repeating: 0, count: Self.blockSize + 4096)
    }

    /// Makes room for `count` more bytes after the `used` ones.
    @usableFromInline mutating func reserve(_ count: Int) {
        let needed = used + count
        guard needed > buffer.count else { return }
        buffer.append(contentsOf: repeatElement(0, count: Swift.max(needed, 2 * buffer.count, 256) - buffer.count))
    }

    /// Writes `text`.
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Writes `bytes`.
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        // A whole block or more with nothing waiting (a ``ReportBuffer``'s): handed on as it is.
        if used == 0 && bytes.count >= Self.blockSize, let destination {
            if failure == nil { failure = destination(UnsafeRawBufferPointer(bytes)) }
            return
        }
        if let source = bytes.baseAddress, bytes.count > 0 {
            reserve(bytes.count)
            let at = used
            // In bounds: `reserve` made `buffer` at least `at + bytes.count` long.
            buffer.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: at).copyMemory(from: source, byteCount: bytes.count) }
            used += bytes.count
        }
        if used >= Self.blockSize && destination != nil { flush() }
    }

    /// Writes `bytes`, a piece of a report made elsewhere (``ReportPieces``), as ``write(bytes:)``
    /// would, but a piece of half a block or more is not copied into the stream: what is waiting
    /// is handed on, then the piece as it is (the destination gets pieces of 32 KB or more, not
    /// blocks of 64 KB, and no byte is copied on the way).
    public mutating func write(block bytes: UnsafeBufferPointer<UInt8>) {
        guard let destination, bytes.count >= Self.blockSize / 2 else { return write(bytes: bytes) }
        flush()
        if failure == nil { failure = destination(UnsafeRawBufferPointer(bytes)) }
    }

    /// Writes a comma (when `comma`), a line break and `spaces` spaces, in one piece.
    public mutating func write(lineBreakAfterComma comma: Bool, spaces: Int) {
        let spaces = Swift.max(0, spaces)
        let count = (comma ? 2 : 1) + spaces
        reserve(count)
        let at = used
        // In bounds: `reserve` made `buffer` at least `at + count` long.
        buffer.withUnsafeMutableBufferPointer { b in
            var i = at
            if comma {
                b[i] = 0x2C
                i += 1
            }
            b[i] = 0x0A
            (b.baseAddress! + i + 1).update(repeating: 0x20, count: spaces)
        }
        used += count
        if used >= Self.blockSize && destination != nil { flush() }
    }

    /// Writes `"`, `bytes` as they are and `": `: a JSON key that needs no escape, in one piece.
    public mutating func write(plainKey bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count + 4
        reserve(count)
        let at = used
        // In bounds: `reserve` made `buffer` at least `at + count` long.
        buffer.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress! + at
            base[0] = 0x22
            if let source = bytes.baseAddress { (base + 1).update(from: source, count: bytes.count) }
            base[bytes.count + 1] = 0x22
            base[bytes.count + 2] = 0x3A
            base[bytes.count + 3] = 0x20
        }
        used += count
        if used >= Self.blockSize && destination != nil { flush() }
    }

    /// Writes `text`, a literal (no `String` made).
    @inlinable public mutating func write(ascii text: StaticString) {
        text.withUTF8Buffer { write(bytes: $0) }
    }

    /// Writes an integer's decimal digits (and a `-` when it is negative), as `String(value)` spells it.
    public mutating func write(int value: Int) {
        DecimalText.withDigits(of: value) { write(bytes: $0) }
    }

    /// Writes one byte.
    @inlinable public mutating func write(byte: UInt8) {
        if used == buffer.count { reserve(1) }
        buffer[used] = byte
        used += 1
    }

    /// Hands what is buffered to the destination.
    public mutating func flush() {
        guard let destination, used > 0 else { return }
        let count = used
        if failure == nil { failure = buffer.withUnsafeBytes { destination(UnsafeRawBufferPointer(rebasing: $0[0..<count])) } }
        used = 0
    }

    /// Puts everything written to a stream without a destination into `buffer`, and forgets it
    /// (a piece of a report written through a stream, see ``ReportPieces``).
    mutating func move(to buffer: inout ReportBuffer) {
        let count = used
        self.buffer.withUnsafeBufferPointer { buffer.put(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        used = 0
    }

    /// Everything written to a stream without a destination.
    public var text: String { String(decoding: buffer[0..<used], as: UTF8.self) }
}
