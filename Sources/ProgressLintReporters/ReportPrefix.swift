/// The start of an existing file about to be replaced by a report, as a ``Reporter`` tells its own
/// output by it (``Reporter/recognises(_:)``): the first bytes with spaces, tabs and line breaks
/// left out, so that a pretty-printed report reads as a compact one.
public struct ReportPrefix: Sendable {
    /// The bytes read, as they are.
    public let raw: [UInt8]
    /// The bytes read without spaces, tabs and line breaks.
    let compact: [UInt8]

    /// The prefix of a file whose first bytes are `raw`.
    public init(_ raw: [UInt8]) {
        self.raw = raw
        var compact: [UInt8] = []
        compact.reserveCapacity(raw.count)
        for byte in raw where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { compact.append(byte) }
        self.compact = compact
    }

    /// Whether the file holds nothing but white space (any report may replace it).
    public var isBlank: Bool { compact.isEmpty }

    /// Whether the compacted text starts with the characters of `literal`. Each test is first made
    /// on the bytes (``asciiMatch(_:_:prefixOnly:)``), which settles it unless a match borders
    /// non-ASCII bytes; only then is the text decoded and tested as characters.
    public func hasPrefix(_ literal: String) -> Bool {
        ReportPrefix.asciiMatch(compact, literal, prefixOnly: true)
            ?? String(decoding: compact, as: UTF8.self).hasPrefix(literal)
    }

    /// Whether the compacted text contains the characters of `literal` (tested as ``hasPrefix(_:)``).
    public func contains(_ literal: String) -> Bool {
        ReportPrefix.asciiMatch(compact, literal, prefixOnly: false)
            ?? String(decoding: compact, as: UTF8.self).contains(literal)
    }

    /// Whether the file looks like a spec: a YAML document start, or a top-level `screen:` /
    /// `indicators:` key (a report without a header of its own replaces anything but that).
    public var looksLikeSpec: Bool {
        for line in String(decoding: raw, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line == "---" || line.hasPrefix("--- ") { return true }
            for key in ["screen:", "indicators:", "\"screen\":", "\"indicators\":"] where line.hasPrefix(key) {
                let rest = line.dropFirst(key.count)
                if rest.isEmpty || rest.first == " " || rest.first == "\t" { return true }
            }
        }
        return false
    }

    /// Whether the text whose UTF-8 is `bytes` starts with (or, unless `prefixOnly`, contains) the
    /// ASCII text `literal` as whole characters: true when its bytes occur there with an ASCII byte
    /// (or the start or end) on each side, since ASCII bytes next to ASCII bytes are character
    /// boundaries (the only pair that is not, CR LF, contains a CR, which `literal` has not); false
    /// when its bytes do not occur at all (a match of characters is one of bytes, as an ASCII
    /// character has no other canonically equivalent spelling); nil when every occurrence borders
    /// a non-ASCII byte, so only a test of the characters can tell.
    static func asciiMatch(_ bytes: [UInt8], _ literal: String, prefixOnly: Bool) -> Bool? {
        let needle = Array(literal.utf8)
        guard !needle.isEmpty, needle.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
        guard bytes.count >= needle.count else { return false }
        var unsure = false
        let lastStart = prefixOnly ? 0 : bytes.count - needle.count
        for start in 0...lastStart where bytes[start] == needle[0] {
            var i = 1
            while i < needle.count && bytes[start + i] == needle[i] { i += 1 }
            guard i == needle.count else { continue }
            let end = start + needle.count
            if (start == 0 || bytes[start - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80) { return true }
            unsure = true
        }
        return unsure ? nil : false
    }
}
