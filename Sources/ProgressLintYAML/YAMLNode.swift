/// The identity of a node inside one ``YAMLDocument``.
///
/// An alias shares the identity of its anchored node, so a value reached through
/// `*alias` or `<<` is the same node, and is reported where it is written.
public struct NodeID: Hashable, Comparable, Sendable {
    /// Index into the document's node arena.
    public let index: Int32

    init(_ index: Int32) { self.index = index }
    init(_ index: Int) { self.index = Int32(index) }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.index < rhs.index }
}

/// What a node is.
public enum NodeKind: UInt8, Sendable {
    case scalar, sequence, mapping
}

/// How a scalar was written.
public enum ScalarStyle: UInt8, Sendable {
    /// Collections have no scalar style.
    case none
    case plain, singleQuoted, doubleQuoted, literal, folded

    /// Whether the scalar was written in quotes or as a block, so it is text whatever it says.
    public var isQuotedOrBlock: Bool { self != .plain && self != .none }
}

/// Storage of one node in a document's arena: 48 bytes, since a 10 MB file may hold 5 million
/// nodes (`[1,1,1,…]`). Positions are kept as `UInt32`s (files are at most 1 GB) and turned into
/// ``SourcePosition``s on access; tags, which few nodes have, are kept beside the arena.
struct NodeRecord {
    /// A scalar's text, or where a collection's children are in `YAMLDocument.children`
    /// (items, or key and value alternating).
    enum Content {
        case scalar(String)
        case sequence(firstChild: Int32, count: Int32)
        case mapping(firstChild: Int32, count: Int32)
    }

    var content: Content
    var start: PackedPosition
    var end: PackedPosition
    /// The first collection that holds this node (-1 for the root).
    var parent: Int32
    var style: ScalarStyle
    var flow: Bool

    var kind: NodeKind {
        switch content {
        case .scalar: return .scalar
        case .sequence: return .sequence
        case .mapping: return .mapping
        }
    }

    /// Scalar value; empty for collections.
    var value: String {
        if case .scalar(let value) = content { return value }
        return ""
    }

    /// Where the children start in `YAMLDocument.children`, and how many there are (0 for a scalar).
    var children: (first: Int32, count: Int32) {
        switch content {
        case .scalar: return (0, 0)
        case .sequence(let first, let count), .mapping(let first, let count): return (first, count)
        }
    }

    var range: SourceRange { SourceRange(start: start.position, end: end.position) }
}

/// A ``SourcePosition`` in 12 bytes, as libyaml counts it (0-based line, column and offset),
/// each clamped to `UInt32.max` (files are at most 1 GB).
struct PackedPosition: Equatable {
    var line: UInt32
    var column: UInt32
    var offset: UInt32

    static let start = PackedPosition(line: 0, column: 0, offset: 0)

    var position: SourcePosition {
        SourcePosition(line: Int(line) + 1, column: Int(column) + 1, characterOffset: Int(offset))
    }
}

/// The node arena, in chunks of 65,536 records: growing it never copies more than one chunk,
/// so a document of millions of nodes never holds its arena twice while it grows.
struct NodeStore {
    private static let shift = 16
    private static let mask = (1 << shift) - 1
    private var chunks: [[NodeRecord]] = []
    private(set) var count = 0

    var indices: Range<Int> { 0..<count }

    mutating func append(_ record: consuming NodeRecord) {
        if count & NodeStore.mask == 0 {
            // The first chunk grows as an array does (most documents have a few nodes); the
            // next ones are made whole.
            var chunk: [NodeRecord] = []
            if count > 0 { chunk.reserveCapacity(NodeStore.mask + 1) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(record)
        count += 1
    }

    subscript(index: Int) -> NodeRecord {
        _read { yield chunks[index &>> NodeStore.shift][index & NodeStore.mask] }
        _modify { yield &chunks[index &>> NodeStore.shift][index & NodeStore.mask] }
    }
}
