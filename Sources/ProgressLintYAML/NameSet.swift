/// A closed set of names (a mapping's allowed keys, an enum's values) that scalars are looked up
/// in as bytes, with no `String` made (``YAMLDocument/index(of:in:)``): only the names of the
/// scalar's length are compared, each by a signature of two words that holds all of a name of
/// up to 16 bytes (see ``signature(_:)``), so a lookup is a few loads and compares.
public struct NameSet: Sendable {
    /// The names, in the order given.
    public let names: [String]
    /// One entry per name, grouped by length in the order given: those `n` bytes long are
    /// `entries[lengthStart[n]..<lengthStart[n + 1]]`.
    private let entries: [Entry]
    private let lengthStart: [Int]
    /// Every name's UTF-8 bytes, one after another (read only for names longer than 16 bytes).
    private let bytes: [UInt8]

    /// A name's signature, its index, and where its bytes start in `bytes`.
    private struct Entry: Sendable {
        var low: UInt64
        var high: UInt64
        var index: Int
        var offset: Int
    }

    /// A set of `names`; a name's index is its place in `names`.
    public init(_ names: [String]) {
        self.names = names
        var bytes: [UInt8] = []
        var all: [(length: Int, entry: Entry)] = []
        for (index, name) in names.enumerated() {
            let utf8 = Array(name.utf8)
            let signature = utf8.withUnsafeBufferPointer { NameSet.signature($0) }
            all.append((utf8.count, Entry(low: signature.low, high: signature.high, index: index, offset: bytes.count)))
            bytes.append(contentsOf: utf8)
        }
        var entries: [Entry] = []
        var lengthStart = [0]
        for length in 0...(all.map(\.length).max() ?? 0) {
            // In the order given, so that of equal names the first is found.
            entries.append(contentsOf: all.filter { $0.length == length }.map(\.entry))
            lengthStart.append(entries.count)
        }
        self.entries = entries
        self.lengthStart = lengthStart
        self.bytes = bytes
    }

    /// The index of the name equal to `text` (as `String ==` has it), or nil: ASCII text is
    /// matched as bytes, other text compared as `String`s.
    public func index(of text: String) -> Int? {
        let matched = text.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            bytes.allSatisfy { $0 < 0x80 } ? .some(index(ofBytes: bytes)) : .none
        }
        if case .some(.some(let index)) = matched { return index }
        return names.firstIndex(of: text)
    }

    /// Two words that, for text of a given length up to 16 bytes, differ whenever the bytes do:
    /// 1–3 bytes are the first, middle and last; 4–7 the first four and the last four; 8–16 the
    /// first eight and the last eight (overlapping loads cover every byte). Longer text is
    /// compared in full once its signature matches.
    @inline(__always) static func signature(_ text: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64) {
        let n = text.count
        // Every load lies inside `text[0..<n]`: `base + 0` and `base + n - k` with `k <= n`.
        guard n > 0, let base = text.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        if n < 4 {
            return (UInt64(base[0]) | UInt64(base[n &>> 1]) &<< 8 | UInt64(base[n &- 1]) &<< 16, 0)
        }
        if n < 8 {
            let first = UInt64(raw.loadUnaligned(as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
            return (first | last &<< 32, 0)
        }
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
    }

    /// The index of the name whose UTF-8 bytes are `written`, or nil.
    @inline(__always) func index(ofBytes written: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = written.count
        guard length &+ 1 < lengthStart.count else { return nil }
        let (low, high) = NameSet.signature(written)
        // Unchecked reads: `lengthStart[length]...lengthStart[length + 1]` lie inside `entries`,
        // as `init` built them together; each candidate's bytes are `length` long at its offset.
        return lengthStart.withUnsafeBufferPointer { starts in
            entries.withUnsafeBufferPointer { entries in
                var next = starts[length]
                let end = starts[length &+ 1]
                while next < end {
                    let entry = entries[next]
                    if entry.low == low && entry.high == high && (length <= 16 || equalsName(at: entry.offset, written)) {
                        return entry.index
                    }
                    next &+= 1
                }
                return nil
            }
        }
    }
}

extension NameSet {
    /// Whether the `written.count` bytes of the names at `offset` are `written`.
    private func equalsName(at offset: Int, _ written: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            // The name's bytes lie inside `bytes` by construction (`init`); checked here all the same.
            guard offset >= 0, offset &+ written.count <= bytes.count else { return false }
            return UnsafeBufferPointer(rebasing: bytes[offset..<offset &+ written.count]).elementsEqual(written)
        }
    }
}

/// One key/value pair of a mapping and its key's index in a ``NameSet`` (-1 when the key is no
/// scalar or no name of the set): what ``YAMLDocument/matchKeys(of:in:into:)`` writes.
public struct KeyMatch: Sendable {
    public let key: NodeID
    public let value: NodeID
    public let index: Int
}
