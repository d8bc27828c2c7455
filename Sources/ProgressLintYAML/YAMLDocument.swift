/// One YAML document: an arena of nodes (``NodeID``) with their source ranges, children in one
/// shared array, so a document costs a few arrays however many nodes it has.
public struct YAMLDocument: Sendable {
    @usableFromInline var nodes = NodeStore()
    @usableFromInline var children: [Int32] = []
    /// Every scalar's text, one after another: a node holds a byte range of it. libyaml has
    /// checked the input as UTF-8 (and refuses escapes of surrogates or past U+10FFFF), so every
    /// range is valid UTF-8 and a `String` made from one repairs nothing.
    @usableFromInline var text: [UInt8] = []
    /// Explicit tags, by node index: few nodes have one.
    var tags: [Int32: String] = [:]

    /// The root node, or nil for a document with no content.
    public internal(set) var root: NodeID?
    /// Where the document starts (its `---`, or its first node).
    public internal(set) var start: SourcePosition = .start
    /// Keys that repeat an earlier key of the same mapping: (the repeated key, the first one).
    public internal(set) var duplicateKeys: [(duplicate: NodeID, first: NodeID)] = []

    /// Where the document ends (libyaml's end of the document, past any `...`).
    public internal(set) var end: SourcePosition = .start

    /// Nodes that an alias (or a merge key's alias) refers to: they are read in more than one place.
    var aliasTargets: Set<Int32> = []

    /// Whether an alias refers to the node, so that it is read in more than one place.
    public func isAliased(_ id: NodeID) -> Bool { aliasTargets.contains(id.index) }

    /// Calls `body` with the range of every scalar that spans some text, in source order.
    public func forEachScalarRange(_ body: (SourceRange) -> Void) {
        for i in nodes.indices where nodes[i].kind == .scalar && nodes[i].start != nodes[i].end {
            body(nodes[i].range)
        }
    }

    /// How many nodes the document holds (aliases not expanded).
    public var nodeCount: Int { nodes.count }

    /// Every node, in the order they start in the source.
    public var nodeIDs: [NodeID] { (0..<nodes.count).map { NodeID($0) } }

    /// A read-only view of a node.
    public subscript(id: NodeID) -> YAMLNode { YAMLNode(document: self, id: id) }

    // Reading one field of a node straight from the arena, without making a ``YAMLNode`` view
    // (a view holds a copy of the document, retaining its arrays): for hot loops.

    /// Scalar, sequence or mapping.
    @inlinable public func kind(of id: NodeID) -> NodeKind { nodes[Int(id.index)].kind }
    /// How a scalar was written (`.none` for collections).
    @inlinable public func style(of id: NodeID) -> ScalarStyle { nodes[Int(id.index)].style }
    /// The scalar's text (empty for collections), made on each call: hot paths read the bytes
    /// (``withValueBytes(of:_:)``, ``valueEquals(_:_:)``).
    public func value(of id: NodeID) -> String {
        let range = nodes[Int(id.index)].textRange
        if range.isEmpty { return "" }
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Calls `body` with the scalar's UTF-8 bytes (empty for collections); they are valid only inside `body`.
    public func withValueBytes<R>(of id: NodeID, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let range = nodes[Int(id.index)].textRange
        // `textRange` lies inside `text` by construction (the builder appends the bytes it names).
        return try text.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// How many UTF-8 bytes the scalar's text has (0 for collections).
    @inlinable public func valueByteCount(of id: NodeID) -> Int { nodes[Int(id.index)].textRange.count }

    /// Whether the scalar's text is exactly `bytes` (false for collections, whatever `bytes` is).
    public func valueEquals(_ id: NodeID, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard nodes[Int(id.index)].kind == .scalar else { return false }
        return withValueBytes(of: id) { $0.elementsEqual(bytes) }
    }

    /// Whether the scalar's text is exactly `text`, compared as bytes (false for collections).
    /// Meant for ASCII literals, where byte equality is `String` equality.
    public func valueEquals(_ id: NodeID, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { valueEquals(id, UnsafeRawBufferPointer($0)) }
    }

    /// Whether the scalar's text is all ASCII (true for collections), so that comparing its bytes
    /// is comparing its text.
    @inlinable public func isASCII(_ id: NodeID) -> Bool { nodes[Int(id.index)].isASCII }

    /// The node's explicit tag, if any.
    public func tag(of id: NodeID) -> String? { tags.isEmpty ? nil : tags[id.index] }

    /// Whether the node is a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    public func isNull(_ id: NodeID) -> Bool { isNull(id, nodes[Int(id.index)]) }

    /// A scalar's style and whether it is null (``isNull(_:)``), from one read of the arena; nil for
    /// a collection. For the decoder, which checks all three for every value it reads.
    public func scalarStyle(of id: NodeID) -> (style: ScalarStyle, isNull: Bool)? {
        let record = nodes[Int(id.index)]
        guard record.kind == .scalar else { return nil }
        return (record.style, isNull(id, record))
    }

    /// ``isNull(_:)`` for the node `id` whose record is `record`.
    private func isNull(_ id: NodeID, _ record: NodeRecord) -> Bool {
        guard record.kind == .scalar, record.style == .plain, record.count <= 4, tag(of: id) == nil
        else { return false }
        // The scalar's bytes are `text[start..<start + count]` (read with checked subscripts).
        let start = Int(record.first)
        switch record.count {
        case 0: return true
        case 1: return text[start] == UInt8(ascii: "~")
        case 4:
            // null, Null or NULL.
            let n = text[start], rest = (text[start + 1], text[start + 2], text[start + 3])
            return (n == UInt8(ascii: "n") || n == UInt8(ascii: "N"))
                && (rest == (UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l"))
                    || (n == UInt8(ascii: "N") && rest == (UInt8(ascii: "U"), UInt8(ascii: "L"), UInt8(ascii: "L"))))
        default: return false
        }
    }

    /// How many key/value pairs a mapping has (0 for other kinds); ``pair(_:of:)`` reads them.
    @inlinable public func pairCount(of id: NodeID) -> Int {
        let i = Int(id.index)
        return nodes[i].kind == .mapping ? Int(nodes[i].count) / 2 : 0
    }

    /// The key and value of a mapping's pair number `n` (0-based, in source order).
    @inlinable public func pair(_ n: Int, of id: NodeID) -> (key: NodeID, value: NodeID) {
        let at = Int(nodes[Int(id.index)].children.first) + 2 * n
        return (NodeID(children[at]), NodeID(children[at + 1]))
    }

    /// How many items a sequence has (0 for other kinds); ``item(_:of:)`` reads them.
    @inlinable public func itemCount(of id: NodeID) -> Int {
        let i = Int(id.index)
        return nodes[i].kind == .sequence ? Int(nodes[i].count) : 0
    }

    /// A sequence's item number `n` (0-based).
    @inlinable public func item(_ n: Int, of id: NodeID) -> NodeID {
        NodeID(children[Int(nodes[Int(id.index)].children.first) + n])
    }

    /// The collection that first holds the node, nil for the root.
    public func parent(of id: NodeID) -> NodeID? {
        let p = nodes[Int(id.index)].parent
        return p < 0 ? nil : NodeID(p)
    }

    /// Whether the document has no content: no root, or an empty plain scalar.
    public var isEmpty: Bool {
        guard let root else { return true }
        let node = self[root]
        return node.kind == .scalar && node.style == .plain && valueByteCount(of: root) == 0 && node.tag == nil
    }
}

/// A view of one node of a ``YAMLDocument``.
public struct YAMLNode {
    let document: YAMLDocument
    /// The node's identity.
    public let id: NodeID

    // Each accessor reads one field in place.
    private var index: Int { Int(id.index) }

    /// Scalar, sequence or mapping.
    public var kind: NodeKind { document.kind(of: id) }
    /// How a scalar was written (`.none` for collections).
    public var style: ScalarStyle { document.style(of: id) }
    /// Whether a collection was written in flow style (`[…]`, `{…}`).
    public var isFlow: Bool { document.nodes[index].flow }
    /// Start and end of the node in the source.
    public var range: SourceRange { document.nodes[index].range }
    /// The scalar's text (empty for collections).
    public var value: String { document.value(of: id) }
    /// The node's explicit tag, if any.
    public var tag: String? { document.tag(of: id) }

    /// A plain scalar that YAML reads as null (`~`, `null`, or nothing).
    public var isNull: Bool { document.isNull(id) }

    /// The collection that first holds this node, nil for the root.
    public var parent: NodeID? { document.parent(of: id) }

    /// The items of a sequence (empty for other kinds).
    public var items: [NodeID] {
        guard kind == .sequence else { return [] }
        return childSlice.map { NodeID($0) }
    }

    /// The key/value pairs of a mapping, in source order (empty for other kinds).
    public var pairs: [(key: NodeID, value: NodeID)] {
        guard kind == .mapping else { return [] }
        let slice = childSlice
        var result: [(key: NodeID, value: NodeID)] = []
        result.reserveCapacity(slice.count / 2)
        var i = slice.startIndex
        while i + 1 < slice.endIndex {
            result.append((NodeID(slice[i]), NodeID(slice[i + 1])))
            i += 2
        }
        return result
    }

    /// Number of items of a sequence, or pairs of a mapping.
    public var count: Int {
        switch kind {
        case .scalar: return 0
        case .sequence: return Int(document.nodes[index].children.count)
        case .mapping: return Int(document.nodes[index].children.count) / 2
        }
    }

    private var childSlice: ArraySlice<Int32> {
        let (first, count) = document.nodes[index].children
        return document.children[Int(first)..<Int(first) + Int(count)]
    }
}

extension YAMLDocument {
    /// Writes each pair of the mapping `id` to the start of `matches` with its key's index in `set`,
    /// and returns how many (0 for other kinds); `matches` is reused across mappings, the decoder's hot loop.
    public func matchKeys(of id: NodeID, in set: NameSet, into matches: inout [KeyMatch]) -> Int {
        let mapping = nodes[Int(id.index)]
        guard mapping.kind == .mapping else { return 0 }
        let first = Int(mapping.first), count = Int(mapping.count), pairs = count / 2
        if matches.count < pairs {
            matches.append(contentsOf: repeatElement(KeyMatch(key: id, value: id, index: -1), count: pairs - matches.count))
        }
        return matches.withUnsafeMutableBufferPointer { matches in
            children.withUnsafeBufferPointer { children in
                text.withUnsafeBufferPointer { text in
                    // The children of a mapping lie inside `children` by construction (the builder appends
                    // them), and `matches` holds `pairs` entries (grown above): checked once here, both
                    // are then used unchecked.
                    precondition(first >= 0 && first &+ count <= children.count && pairs <= matches.count)
                    for n in 0..<pairs {
                        let key = NodeID(children[first &+ 2 &* n]), value = NodeID(children[first &+ 2 &* n &+ 1])
                        let record = nodes[Int(key.index)]
                        var index = -1
                        if record.kind == .scalar {
                            if record.isASCII {
                                let start = Int(record.first), length = Int(record.count)
                                // As in `index(of:in:)`: the scalar's bytes lie inside `text`, checked once.
                                precondition(start &+ length <= text.count)
                                index = set.index(ofBytes: UnsafeBufferPointer(start: text.baseAddress.map { $0 + start },
                                                                               count: length)) ?? -1
                            } else {
                                index = set.names.firstIndex(of: self.value(of: key)) ?? -1
                            }
                        }
                        matches[n] = KeyMatch(key: key, value: value, index: index)
                    }
                    return pairs
                }
            }
        }
    }

    /// The index in `set` of the name equal to the scalar's text as `String ==` has it, or nil
    /// (always nil for a collection). ASCII text is matched as bytes; other text is compared as
    /// `String`s, since canonically equivalent text (the Kelvin sign and `K`) is equal.
    public func index(of id: NodeID, in set: NameSet) -> Int? {
        // The record is read once (each read of the arena finds its chunk).
        let record = nodes[Int(id.index)]
        guard record.kind == .scalar else { return nil }
        guard record.isASCII else { return set.names.firstIndex(of: value(of: id)) }
        let start = Int(record.first), count = Int(record.count)
        // `start..<start + count` lies inside `text` by construction (the builder appends the bytes
        // it names); checked once here, the bytes are then read unchecked.
        return text.withUnsafeBufferPointer { text in
            precondition(start &+ count <= text.count)
            return set.index(ofBytes: UnsafeBufferPointer(start: text.baseAddress.map { $0 + start }, count: count))
        }
    }
}
