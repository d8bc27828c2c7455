#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Splits a byte stream into JSON-RPC frames (`Content-Length: N`, a blank line, N bytes). A header
/// that cannot be read is skipped to the next `Content-Length:`; a body past ``maxBodyLength`` is
/// passed over as it arrives, never stored.
public struct FrameReader {
    /// What one step of reading gives.
    public enum Frame: Equatable {
        /// One message's body.
        case body(Data)
        /// Something that is not a frame, skipped; the text says what (for the log).
        case malformed(String)
    }

    /// The largest body accepted: 64 MB.
    public static let defaultMaxBodyLength = 64 * 1024 * 1024
    /// The longest header block read before it is given up as malformed.
    public static let maxHeaderLength = 8 * 1024

    public let maxBodyLength: Int
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are dropped in batches).
    private var start = 0
    /// The length of the body being read, once its header is read.
    private var expected: Int?
    /// Bytes of a refused body still to pass over.
    private var skipping = 0

    public init(maxBodyLength: Int = FrameReader.defaultMaxBodyLength) {
        self.maxBodyLength = maxBodyLength
    }

    /// Bytes held, waiting for the rest of a frame.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds bytes read from the stream.
    public mutating func feed<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        var bytes = bytes[...]
        if skipping > 0 {
            let passed = min(skipping, bytes.count)
            skipping -= passed
            bytes = bytes.dropFirst(passed)
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame or error, nil when more bytes are needed.
    public mutating func next() -> Frame? {
        defer { compact() }
        while true {
            if skipping > 0 {
                let passed = min(skipping, pendingByteCount)
                skipping -= passed
                start += passed
                if skipping > 0 { return nil }
            }
            if let length = expected {
                guard pendingByteCount >= length else { return nil }
                let body = Data(buffer[start..<(start + length)])
                start += length
                expected = nil
                return .body(body)
            }
            guard pendingByteCount > 0 else { return nil }
            guard let end = headerEnd() else {
                if pendingByteCount > FrameReader.maxHeaderLength {
                    return skipToNextHeader(because: "a header block longer than \(FrameReader.maxHeaderLength) bytes")
                }
                return nil
            }
            let headerBytes = buffer[start..<end]
            let header = String(decoding: headerBytes, as: UTF8.self)
            start = end + 4
            switch FrameReader.contentLength(in: header) {
            case .failure(let reason):
                return .malformed(reason.description)
            case .success(let length) where length > maxBodyLength:
                skipping = length
                return .malformed("a Content-Length of \(length) bytes, more than the \(maxBodyLength) accepted; "
                                  + "the body is skipped")
            case .success(let length):
                expected = length
            }
        }
    }

    /// The offset of the `\r\n\r\n` that ends the header block at `start`, if it is there.
    private func headerEnd() -> Int? {
        let limit = min(buffer.count, start + FrameReader.maxHeaderLength + 4)
        var i = start
        while i + 3 < limit {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Drops bytes up to the next `Content-Length:` after the first byte (or all but a few).
    private mutating func skipToNextHeader(because reason: String) -> Frame {
        let needle = Array("Content-Length:".utf8)
        var i = start + 1
        while i + needle.count <= buffer.count {
            if buffer[i..<(i + needle.count)].elementsEqual(needle) { break }
            i += 1
        }
        start = min(i, buffer.count)
        return .malformed(reason + "; skipped to the next Content-Length")
    }

    /// Keeps the buffer from growing with consumed bytes.
    private mutating func compact() {
        if start > 0 && (start == buffer.count || start > 64 * 1024) {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// The `Content-Length` of a header block (other headers, `Content-Type`, are allowed and ignored).
    static func contentLength(in header: String) -> Result<Int, MalformedHeader> {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(MalformedHeader("a header line without a colon: \(line.prefix(80).debugDescription)"))
            }
            let name = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            guard name == "content-length" else { continue }
            // Digits only (no sign); more than 18 digits cannot be a length and would overflow.
            guard !value.isEmpty, value.count <= 18, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(value)
            else { return .failure(MalformedHeader("a Content-Length that is not a number: \(value.prefix(40).debugDescription)")) }
            length = number
        }
        guard let length else { return .failure(MalformedHeader("a header block without Content-Length")) }
        return .success(length)
    }

    /// Why a header block was not read.
    struct MalformedHeader: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// `body` framed for writing.
    public static func frame(_ body: Data) -> Data {
        var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(body)
        return out
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (what `CharacterSet.whitespaces` holds: the
    /// space separators and the tab; line breaks are kept).
    func trimmingSpaces() -> String {
        func isSpace(_ c: Character) -> Bool {
            c.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        var s = Substring(self)
        while let f = s.first, isSpace(f) { s.removeFirst() }
        while let l = s.last, isSpace(l) { s.removeLast() }
        return String(s)
    }
}
