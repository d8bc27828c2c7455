/// How rules compare labels: `vague-label` with its `vague-labels`, `native-label-renamed` with the system's.
public enum LabelText {
    /// Lower-case, without surrounding white space and without trailing dots or an ellipsis:
    /// `"  Loading… "` and `"loading..."` both become `"loading"`.
    public static func normalized(_ text: String) -> String {
        if let ascii = normalizedASCII(text) { return ascii }
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l == "." || l == "…" || l.isWhitespace { s.removeLast() }
        return fold(s)
    }

    /// `text` without surrounding white space (any Unicode white space, a no-break space and a
    /// block scalar's final line break included), case-folded: two texts that are equal "ignoring
    /// case" fold to equal strings. Swift compares strings by canonical equivalence, so `é` written
    /// precomposed or as `e` + U+0301 compare equal (as after NFC normalisation).
    public static func folded(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return fold(s)
    }

    /// Unicode case folding without Foundation: upper-casing then lower-casing maps every cased
    /// letter to the same form as full case folding does (`ß`, `SS` and `ss` all become `ss`,
    /// final and medial sigma both `σ`).
    static func fold(_ text: Substring) -> String {
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 { ascii = false; break }
        if ascii { return text.lowercased() }
        return text.uppercased().lowercased()
    }

    /// The same for ASCII text, byte by byte (nil for other text): most labels are ASCII, and
    /// walking them as characters costs many times more.
    private static func normalizedASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let (start, end) = asciiBounds(bytes, trailingEllipses: true) else { return nil }
            return String(unsafeUninitializedCapacity: end - start) { buffer in
                for i in start..<end {
                    let byte = bytes[i]
                    buffer[i - start] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                }
                return end - start
            }
        }
    }

    /// The bytes `normalizedASCII` keeps: without surrounding white space and trailing dots; nil
    /// when `bytes` are not all ASCII. With `trailingEllipses`, trailing `…` (U+2026, the one
    /// non-ASCII character `normalized` drops, common in labels) go too, and only the bytes kept
    /// must be ASCII: around ASCII text each is a character of its own, as `normalized` sees it.
    private static func asciiBounds(_ bytes: UnsafeBufferPointer<UInt8>, trailingEllipses: Bool = false)
        -> (start: Int, end: Int)?
    {
        var start = 0
        var end = bytes.count
        // ASCII white space as `Character.isWhitespace` sees it: tab to carriage return, and space.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        // `end >= 3` before reading back three bytes.
        func isEllipsis(endingAt end: Int) -> Bool {
            trailingEllipses && end >= 3 && bytes[end - 1] == 0xA6 && bytes[end - 2] == 0x80 && bytes[end - 3] == 0xE2
        }
        if !trailingEllipses {
            for byte in bytes where byte >= 0x80 { return nil }
        }
        // Leading white space and trailing dots, white space and ellipses: the text between is the
        // same whichever end is trimmed first (the trailing set holds the leading one).
        while end > 0 {
            if bytes[end - 1] == UInt8(ascii: ".") || isSpace(bytes[end - 1]) {
                end -= 1
            } else if isEllipsis(endingAt: end) {
                end -= 3
            } else {
                break
            }
        }
        while start < end, isSpace(bytes[start]) { start += 1 }
        if trailingEllipses {
            for i in start..<end where bytes[i] >= 0x80 { return nil }
        }
        return (start, end)
    }
}
