/// Where lines break in a file's bytes, for every layer that looks at lines: the code frame's
/// source line, a fix's line starts and line ending, the YAML syntax hint's line, the diff's lines.
///
/// Two line models are in use, and both are here: libyaml's, where a line ends at LF, CR, CRLF,
/// NEL, LS or PS (``length(_:at:)``, used for the columns editors show), and the LF-only one that
/// positions computed from raw bytes count (``lineStarts(_:from:)``, ``line(_:of:)``, ``lines(_:)``).
package enum LineBreaks {
    /// The length of the line break at `i` (0 when there is none): LF, CR, CRLF, and NEL, LS and PS,
    /// which libyaml counts as line breaks too.
    @inlinable
    package static func length(_ bytes: [UInt8], at i: Int) -> Int {
        switch bytes[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// The offset of the first byte of each LF-ended line from `start` on (the first is `start`).
    package static func lineStarts(_ bytes: [UInt8], from start: Int = 0) -> [Int] {
        var starts = [start]
        for i in start..<bytes.count where bytes[i] == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// The bytes of the 1-based `number`th LF-ended line, without its line break (it also stops at
    /// a CR); nil past the end.
    package static func line(_ number: Int, of bytes: [UInt8]) -> Range<Int>? {
        guard number >= 1 else { return nil }
        var line = 1
        var start = 0
        var i = 0
        while i < bytes.count && line < number {
            if bytes[i] == 0x0A { line += 1; start = i + 1 }
            i += 1
        }
        guard line == number else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        return start..<end
    }

    /// The LF-ended lines of `bytes`, each with its line break (the last may have none).
    package static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        let starts = lineStarts(bytes)
        var result: [[UInt8]] = []
        result.reserveCapacity(starts.count)
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : bytes.count
            if start < end { result.append(Array(bytes[start..<end])) }
        }
        return result
    }
}
