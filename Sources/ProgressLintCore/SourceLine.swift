import ProgressLintYAML

/// What reporters need of a diagnostic's source line, taken from the file's bytes when it is
/// linted: a clipped excerpt of the line (for code frames) and the range's columns in the units
/// editors count (UTF-8 bytes for Vim, UTF-16 code units for VS Code).
///
/// The excerpt is bounded (at most ``maxBytes`` bytes of the line, around the range's start), so
/// a diagnostic on a megabyte-long line keeps a few hundred bytes, not the line.
public struct SourceLine: Hashable, Sendable {
    /// The excerpt of the range's first line: whole scalars, without the line break.
    public var text: String
    /// The 1-based column (in characters) of the excerpt's first character.
    public var firstColumn: Int
    /// Whether the line goes on past the excerpt.
    public var clippedEnd: Bool
    /// The range's start column in UTF-8 bytes (1-based).
    public var startByteColumn: Int
    /// The range's start column in UTF-16 code units (1-based).
    public var startUTF16Column: Int
    /// The range's end column in UTF-8 bytes (1-based, on the end line).
    public var endByteColumn: Int
    /// The range's end column in UTF-16 code units (1-based, on the end line).
    public var endUTF16Column: Int

    /// Creates a source line.
    public init(text: String, firstColumn: Int, clippedEnd: Bool, startByteColumn: Int, startUTF16Column: Int,
                endByteColumn: Int, endUTF16Column: Int) {
        self.text = text
        self.firstColumn = firstColumn
        self.clippedEnd = clippedEnd
        self.startByteColumn = startByteColumn
        self.startUTF16Column = startUTF16Column
        self.endByteColumn = endByteColumn
        self.endUTF16Column = endUTF16Column
    }

    /// The most bytes of a line an excerpt keeps.
    public static let maxBytes = 160
    /// How many bytes before the range's start an excerpt keeps, at most.
    static let bytesBefore = 48

    /// The lines of one file's bytes, found once and used for each of its diagnostics.
    public struct Index: Sendable {
        let bytes: [UInt8]
        /// The byte offset of each line's start (line 1 at index 0).
        private var starts: [Int] = []

        /// Indexes `bytes`. Line breaks are LF, CRLF and a lone CR, as libyaml counts them;
        /// a UTF-8 byte order mark at the start is not part of line 1.
        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var first = 0
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { first = 3 }
            starts.append(first)
            var i = first
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x0A {
                    starts.append(i + 1)
                } else if byte == 0x0D {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }

        /// The bytes of line `line` (1-based) without its break, or nil when there is no such line.
        private func bounds(ofLine line: Int) -> Range<Int>? {
            guard line >= 1, line <= starts.count else { return nil }
            let start = starts[line - 1]
            var end = line < starts.count ? starts[line] : bytes.count
            if end > start && bytes[end - 1] == 0x0A { end -= 1 }
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            return start..<max(start, end)
        }

        /// The byte offset and UTF-16 offset (both 0-based, within the line) of character column `column`.
        /// Past the line's end, each missing character counts one (libyaml marks the break after the last).
        private func offsets(ofColumn column: Int, in line: Range<Int>) -> (byte: Int, utf16: Int) {
            var i = line.lowerBound
            var utf16 = 0
            var characters = 1
            while characters < column && i < line.upperBound {
                let length = SourceLine.scalarLength(bytes[i])
                utf16 += length == 4 ? 2 : 1
                i = min(line.upperBound, i + length)
                characters += 1
            }
            let missing = max(0, column - characters)
            return (i - line.lowerBound + missing, utf16 + missing)
        }

        /// The source line of `range`, or nil when its lines are not in the file or are not UTF-8.
        public func sourceLine(for range: SourceRange) -> SourceLine? {
            guard let line = bounds(ofLine: range.start.line), range.start.column >= 1,
                  let endLine = bounds(ofLine: range.end.line) ?? (range.end.line == range.start.line ? line : nil)
            else { return nil }
            let start = offsets(ofColumn: range.start.column, in: line)
            let end = offsets(ofColumn: max(1, range.end.column), in: endLine)
            // The excerpt: the whole line when it fits in `maxBytes`, else `maxBytes` that keep at least
            // `bytesBefore` before the start (fewer at the line's start), on scalar boundaries.
            let startByte = min(line.upperBound, line.lowerBound + start.byte)
            var from = max(line.lowerBound, min(startByte - SourceLine.bytesBefore, line.upperBound - SourceLine.maxBytes))
            while from < startByte && bytes[from] & 0xC0 == 0x80 { from += 1 }
            var to = min(line.upperBound, from + SourceLine.maxBytes)
            while to > from && to < line.upperBound && bytes[to] & 0xC0 == 0x80 { to -= 1 }
            guard let text = String(validating: bytes[from..<to], as: UTF8.self) else { return nil }
            var firstColumn = 1
            for i in line.lowerBound..<from where bytes[i] & 0xC0 != 0x80 { firstColumn += 1 }
            return SourceLine(
                text: text, firstColumn: firstColumn, clippedEnd: to < line.upperBound,
                startByteColumn: start.byte + 1, startUTF16Column: start.utf16 + 1,
                endByteColumn: end.byte + 1, endUTF16Column: end.utf16 + 1)
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

/// The unit columns are counted in (`--column-unit`).
public enum ColumnUnit: String, CaseIterable, Sendable {
    /// Unicode scalar values (characters): what libyaml and SARIF's `unicodeCodePoints` count.
    case char
    /// UTF-16 code units: what VS Code, JavaScript and SARIF's `utf16CodeUnits` count.
    case utf16
    /// UTF-8 bytes: what Vim's `col()` and quickfix `%c` count.
    case byte
}

extension Diagnostic {
    /// The range's start column in `unit` (characters when the line is not known).
    public func startColumn(_ unit: ColumnUnit) -> Int {
        switch (unit, source) {
        case (.utf16, let s?): s.startUTF16Column
        case (.byte, let s?): s.startByteColumn
        default: range.start.column
        }
    }

    /// The range's end column in `unit` (characters when the line is not known).
    public func endColumn(_ unit: ColumnUnit) -> Int {
        switch (unit, source) {
        case (.utf16, let s?): s.endUTF16Column
        case (.byte, let s?): s.endByteColumn
        default: range.end.column
        }
    }
}
