/// A closed set of names (a mapping's allowed keys, an enum's values) that scalars are looked up
/// in as bytes, with no `String` made (``YAMLDocument/index(of:in:)``): only the names of the
/// scalar's length are compared.
public struct NameSet: Sendable {
    /// The names, in the order given.
    public let names: [String]
    /// Each name's UTF-8 bytes and index, by length: those `n` bytes long are `byLength[n]`, in the
    /// order given, so that of equal names the first is found.
    private let byLength: [[(bytes: [UInt8], index: Int)]]

    /// A set of `names`; a name's index is its place in `names`.
    public init(_ names: [String]) {
        self.names = names
        var byLength = Array(repeating: [(bytes: [UInt8], index: Int)](), count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for (index, name) in names.enumerated() {
            byLength[name.utf8.count].append((Array(name.utf8), index))
        }
        self.byLength = byLength
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

    /// The index of the name whose UTF-8 bytes are `written`, or nil.
    func index(ofBytes written: UnsafeBufferPointer<UInt8>) -> Int? {
        guard written.count < byLength.count else { return nil }
        return byLength[written.count].first { $0.bytes.elementsEqual(written) }?.index
    }
}

/// One key/value pair of a mapping and its key's index in a ``NameSet`` (-1 when the key is no
/// scalar or no name of the set): what ``YAMLDocument/matchKeys(of:in:into:)`` writes.
public struct KeyMatch: Sendable {
    public let key: NodeID
    public let value: NodeID
    public let index: Int
}
