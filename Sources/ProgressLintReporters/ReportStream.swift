/// A report on its way out. Bytes gather in a buffer that is handed to the destination in
/// blocks of 64 KB, so a report over many files is never held whole in memory.
public struct ReportStream {
    private var buffer: [UInt8] = []
    private let destination: ((UnsafeRawBufferPointer) -> String?)?
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
        buffer.reserveCapacity(Self.blockSize + 4096)
    }

    /// Writes `text`.
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Writes `bytes`.
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.blockSize && destination != nil { flush() }
    }

    /// Writes `text`, a literal (no `String` made).
    public mutating func write(ascii text: StaticString) {
        text.withUTF8Buffer { write(bytes: $0) }
    }

    /// Writes an integer's decimal digits (and a `-` when it is negative), as `String(value)` spells it.
    public mutating func write(int value: Int) {
        // 20 bytes hold the longest: `-9223372036854775808`. Filled from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = 0x2D
            }
            write(bytes: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes one byte.
    public mutating func write(byte: UInt8) {
        buffer.append(byte)
    }

    /// Hands what is buffered to the destination.
    public mutating func flush() {
        guard let destination, !buffer.isEmpty else { return }
        if failure == nil { failure = buffer.withUnsafeBytes(destination) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Everything written to a stream without a destination.
    public var text: String { String(decoding: buffer, as: UTF8.self) }
}
