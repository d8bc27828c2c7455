import ProgressLintSupport
import ProgressLintYAML

/// What reporters need of a diagnostic's source line: a bounded excerpt (a megabyte-long line keeps
/// a few hundred bytes) and the range's columns in UTF-8 bytes and UTF-16 code units.
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

    /// Gives each of `diagnostics` (all of one file) its source line from the file's `bytes`, in one
    /// pass over the bytes (so a long line with many diagnostics costs no product). Lines break as
    /// libyaml counts them; a UTF-8 byte order mark is not part of line 1.
    public static func attach(to diagnostics: inout [Diagnostic], from bytes: [UInt8]) {
        var work = 0
        attach(to: &diagnostics, from: bytes, work: &work)
    }

    /// ``attach(to:from:)``, adding to `work` the bytes it walks, which tests hold to the file's size
    /// plus the diagnostics' count.
    static func attach(to diagnostics: inout [Diagnostic], from bytes: [UInt8], work: inout Int) {
        guard !diagnostics.isEmpty else { return }
        // Each diagnostic's start (even index) and end (odd index), in line and column order.
        var queries: [(line: Int, column: Int, slot: Int)] = []
        queries.reserveCapacity(diagnostics.count * 2)
        for (i, d) in diagnostics.enumerated() {
            queries.append((d.range.start.line, max(1, d.range.start.column), 2 * i))
            queries.append((d.range.end.line, max(1, d.range.end.column), 2 * i + 1))
        }
        queries.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        var found = [Point?](repeating: nil, count: queries.count)

        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var lineEnd: Int? = nil  // found when first needed
        // The cursor within the current line: byte, UTF-16 units and characters before it.
        var cursor = lineStart, utf16 = 0, characters = 0
        func endOfLine(from start: Int) -> Int {
            bytes.withUnsafeBufferPointer { text in
                var i = start
                // A byte that cannot start a line break (all but `\n`, `\r`, the lead bytes of NEL
                // and of U+2028/U+2029, and control bytes) is passed over without `LineBreaks.length`.
                // `i < text.count` bounds every read.
                while i < text.count {
                    let byte = text[i]
                    if byte > 0x0D && byte != 0xC2 && byte != 0xE2 {
                        i += 1
                        continue
                    }
                    if LineBreaks.length(bytes, at: i) != 0 { break }
                    i += 1
                }
                work &+= i &- start
                return i
            }
        }
        for query in queries {
            while line < query.line {
                let end = lineEnd ?? endOfLine(from: cursor)
                guard end < bytes.count else { break }
                lineStart = end + LineBreaks.length(bytes, at: end)
                line += 1
                lineEnd = nil
                cursor = lineStart
                utf16 = 0
                characters = 0
            }
            guard line == query.line else { continue }
            let end = lineEnd ?? endOfLine(from: cursor)
            lineEnd = end
            while characters + 1 < query.column && cursor < end {
                let length = scalarLength(bytes[cursor])
                utf16 += length == 4 ? 2 : 1
                cursor = min(end, cursor + length)
                characters += 1
                work &+= 1
            }
            // Past the line's end, each missing character counts one (libyaml marks the break after the last).
            let missing = max(0, query.column - 1 - characters)
            found[query.slot] = Point(
                byte: cursor, byteColumn: cursor - lineStart + missing + 1, utf16Column: utf16 + missing + 1,
                characters: characters, line: lineStart..<end)
        }
        for i in diagnostics.indices {
            guard let start = found[2 * i], let end = found[2 * i + 1] else { continue }
            diagnostics[i].source = excerpt(bytes, start: start, end: end)
        }
    }

    /// A position found in the bytes: its byte offset, its columns, the characters before it on its line
    /// (up to the line's end) and the bytes of its line.
    private struct Point {
        var byte: Int
        var byteColumn: Int
        var utf16Column: Int
        var characters: Int
        var line: Range<Int>
    }

    /// The excerpt of `start`'s line: the whole line when it fits in `maxBytes`, else `maxBytes` of it
    /// that keep at least `bytesBefore` before the start (fewer at the line's start), on scalar boundaries.
    private static func excerpt(_ bytes: [UInt8], start: Point, end: Point) -> SourceLine {
        let line = start.line
        var from = max(line.lowerBound, min(start.byte - bytesBefore, line.upperBound - maxBytes))
        while from < start.byte && bytes[from] & 0xC0 == 0x80 { from += 1 }
        var to = min(line.upperBound, from + maxBytes)
        while to > from && to < line.upperBound && bytes[to] & 0xC0 == 0x80 { to -= 1 }
        // Bytes that are not UTF-8 (a `yaml-syntax` error points at the first) are shown as U+FFFD.
        let text = String(decoding: bytes[from..<to], as: UTF8.self)
        var skipped = 0  // characters between the excerpt's start and the range's start
        for i in from..<start.byte where bytes[i] & 0xC0 != 0x80 { skipped += 1 }
        return SourceLine(
            text: text, firstColumn: start.characters - skipped + 1, clippedEnd: to < line.upperBound,
            startByteColumn: start.byteColumn, startUTF16Column: start.utf16Column,
            endByteColumn: end.byteColumn, endUTF16Column: end.utf16Column)
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
