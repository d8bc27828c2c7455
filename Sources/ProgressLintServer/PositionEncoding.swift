import ProgressLintSupport
import ProgressLintYAML

/// The unit LSP positions count characters in, agreed at `initialize`.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The first of the client's `general.positionEncodings` the server supports, in the client's
    /// order; UTF-16 when it lists none (what LSP before 3.17 always meant).
    public static func negotiate(_ offered: [String]?) -> PositionEncoding {
        for name in offered ?? [] {
            if let encoding = PositionEncoding(rawValue: name) { return encoding }
        }
        return .utf16
    }

    /// How many units of this encoding a scalar whose UTF-8 lead byte is `lead` counts.
    @inline(__always) func units(lead: UInt8) -> Int {
        switch self {
        case .utf8: return TextIndex.scalarLength(lead)
        case .utf16: return lead >= 0xF0 ? 2 : 1
        case .utf32: return 1
        }
    }
}

/// Line starts of a document's UTF-8 text, for converting between byte offsets, LSP positions
/// (lines split at LF, CRLF and CR, as LSP splits them) and libyaml's positions (which also split
/// at NEL, U+2028 and U+2029, and do not count a byte order mark).
public struct TextIndex: Sendable {
    /// The text, as UTF-8 (whatever bytes the editor sent; changed in place by ``replace(_:with:)``).
    public private(set) var bytes: [UInt8]
    /// The byte offset of each LSP line's first byte.
    public private(set) var lineStarts: [Int]
    /// The byte offset of each libyaml line's first byte (nil: the same as `lineStarts`, past a BOM).
    private var yamlLineStarts: [Int]?
    private var bom: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = []
        yamlLineStarts = nil
        bom = 0
        indexLines()
    }

    /// Replaces the bytes in `range` (clamped to the text) with `replacement`, in place: the text
    /// is not copied when nothing else holds it, and the line starts are found again.
    public mutating func replace(_ range: Range<Int>, with replacement: some Collection<UInt8>) {
        let start = min(max(0, range.lowerBound), bytes.count)
        let end = min(max(start, range.upperBound), bytes.count)
        bytes.replaceSubrange(start..<end, with: replacement)
        indexLines()
    }

    /// Finds the line starts of ``bytes``: one pass, and a second only when the text holds a line
    /// break libyaml sees and LSP does not (NEL, U+2028, U+2029).
    private mutating func indexLines() {
        // The old starts' storage is reused: taken out, so that it is not shared.
        var starts: [Int] = []
        swap(&starts, &lineStarts)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        var extraBreaks = false
        bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            let count = bytes.count
            while i < count {
                let byte = bytes[i]
                if byte == 0x0A {
                    starts.append(i + 1)
                } else if byte == 0x0D {
                    if i + 1 < count && bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                } else if byte == 0xC2 || byte == 0xE2 {
                    if !extraBreaks && LineBreaks.length(self.bytes, at: i) > 0 { extraBreaks = true }
                }
                i += 1
            }
        }
        lineStarts = starts
        bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if extraBreaks {
            var yaml = [0]
            var j = 0
            while j < bytes.count {
                let length = LineBreaks.length(bytes, at: j)
                if length > 0 {
                    j += length
                    yaml.append(j)
                } else {
                    j += 1
                }
            }
            yamlLineStarts = yaml
        } else {
            yamlLineStarts = nil
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray byte).
    @inline(__always) static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// The end of LSP line `line`'s content (before its break).
    private func contentEnd(ofLine line: Int) -> Int {
        let next = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        var end = next
        if end > lineStarts[line] && bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The LSP position of byte `offset` (clamped to the text; an offset inside a scalar counts from its start).
    public func position(ofByte offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = min(max(0, offset), bytes.count)
        // The last line starting at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let line = low
        var units = 0
        var i = lineStarts[line]
        while i < offset {
            let length = TextIndex.scalarLength(bytes[i])
            if i + length > offset { break }
            units += encoding.units(lead: bytes[i])
            i += length
        }
        return Position(line: line, character: units)
    }

    /// The byte offset of an LSP position: a line past the last is the end of the text, a character
    /// past the line's end is its end, one inside a scalar (half a surrogate pair, a byte of a
    /// multi-byte character in UTF-8) is the scalar's start.
    public func byteOffset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var i = lineStarts[position.line]
        var units = 0
        let target = max(0, position.character)
        while i < end {
            let step = encoding.units(lead: bytes[i])
            if units + step > target { break }
            units += step
            i += TextIndex.scalarLength(bytes[i])
        }
        return min(i, end)
    }

    /// The byte offset of a libyaml position (1-based line; column in characters, 1-based).
    public func byteOffset(of position: SourcePosition) -> Int {
        let starts = yamlLineStarts ?? lineStarts
        let line = position.line - 1
        guard line >= 0 else { return 0 }
        guard line < starts.count else { return bytes.count }
        var i = starts[line]
        if line == 0 { i += bom }
        let next = line + 1 < starts.count ? starts[line + 1] : bytes.count
        // The line's content ends at its break.
        var end = i
        while end < next && LineBreaks.length(bytes, at: end) == 0 { end += 1 }
        var column = 1
        while column < position.column && i < end {
            i = min(end, i + TextIndex.scalarLength(bytes[i]))
            column += 1
        }
        return i
    }

    /// The LSP range of a libyaml range.
    public func range(of range: SourceRange, _ encoding: PositionEncoding) -> LSPRange {
        let start = byteOffset(of: range.start)
        let end = max(start, byteOffset(of: range.end))
        return LSPRange(start: position(ofByte: start, encoding), end: position(ofByte: end, encoding))
    }

    /// The LSP range of bytes `[start, end)`.
    public func range(bytes start: Int, _ end: Int, _ encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(ofByte: start, encoding), end: position(ofByte: max(start, end), encoding))
    }

    /// The text of LSP line `line` without its break (empty past the end).
    public func lineText(_ line: Int) -> Substring {
        guard line >= 0 && line < lineStarts.count else { return "" }
        return Substring(String(decoding: bytes[lineStarts[line]..<contentEnd(ofLine: line)], as: UTF8.self))
    }

    /// The LSP range of the whole text.
    public func wholeRange(_ encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: Position(line: 0, character: 0), end: position(ofByte: bytes.count, encoding))
    }
}
