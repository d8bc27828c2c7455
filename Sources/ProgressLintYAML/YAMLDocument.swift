/// One YAML document: an arena of nodes with their source ranges.
///
/// Nodes are addressed by ``NodeID``. Collections list their children in one
/// shared array, so a document costs a few arrays however many nodes it has.
public struct YAMLDocument: Sendable {
    var nodes = NodeStore()
    var children: [Int32] = []
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
    public func kind(of id: NodeID) -> NodeKind { nodes[Int(id.index)].kind }
    /// How a scalar was written (`.none` for collections).
    public func style(of id: NodeID) -> ScalarStyle { nodes[Int(id.index)].style }
    /// The scalar's text (empty for collections).
    public func value(of id: NodeID) -> String { nodes[Int(id.index)].value }
    /// The node's explicit tag, if any.
    public func tag(of id: NodeID) -> String? { tags.isEmpty ? nil : tags[id.index] }

    /// Whether the node is a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    public func isNull(_ id: NodeID) -> Bool {
        // Fields are read in place: copying the record out would retain and release its strings.
        let i = Int(id.index)
        guard case .scalar(let value) = nodes[i].content, nodes[i].style == .plain, value.utf8.count <= 4,
              tag(of: id) == nil
        else { return false }
        switch value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// How many key/value pairs a mapping has (0 for other kinds); ``pair(_:of:)`` reads them.
    public func pairCount(of id: NodeID) -> Int {
        let i = Int(id.index)
        if case .mapping(_, let count) = nodes[i].content { return Int(count) / 2 }
        return 0
    }

    /// The key and value of a mapping's pair number `n` (0-based, in source order).
    public func pair(_ n: Int, of id: NodeID) -> (key: NodeID, value: NodeID) {
        let at = Int(nodes[Int(id.index)].children.first) + 2 * n
        return (NodeID(children[at]), NodeID(children[at + 1]))
    }

    /// How many items a sequence has (0 for other kinds); ``item(_:of:)`` reads them.
    public func itemCount(of id: NodeID) -> Int {
        let i = Int(id.index)
        if case .sequence(_, let count) = nodes[i].content { return Int(count) }
        return 0
    }

    /// A sequence's item number `n` (0-based).
    public func item(_ n: Int, of id: NodeID) -> NodeID {
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
        return node.kind == .scalar && node.style == .plain && node.value.isEmpty && node.tag == nil
    }
}

/// A view of one node of a ``YAMLDocument``.
public struct YAMLNode {
    let document: YAMLDocument
    /// The node's identity.
    public let id: NodeID

    // Each accessor reads one field in place: copying the whole record would retain and
    // release its strings on every access.
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
