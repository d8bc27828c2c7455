/// The identity of a node inside one ``YAMLDocument``: an alias shares its anchored node's, so a
/// value reached through `*alias` or `<<` is reported where it is written.
public struct NodeID: Hashable, Comparable, Sendable {
    /// Index into the document's node arena.
    public let index: Int32

    @usableFromInline init(_ index: Int32) { self.index = index }
    @usableFromInline init(_ index: Int) { self.index = Int32(index) }

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

/// Storage of one node in a document's arena: 40 bytes and no references, since a 10 MB file may
/// hold 5 million nodes. Text is a range of the document's one buffer, positions are `UInt32`s
/// (files are at most 1 GB); `@inlinable` because the decoder and rules read fields in hot loops.
@usableFromInline struct NodeRecord: Sendable {
    /// A scalar's text: its offset in `YAMLDocument.text`; a collection's children: where they
    /// start in `YAMLDocument.children` (items, or key and value alternating).
    @usableFromInline var first: UInt32
    /// A scalar's length in bytes, or how many children a collection has.
    @usableFromInline var count: UInt32
    @usableFromInline var start: PackedPosition
    @usableFromInline var end: PackedPosition
    /// The first collection that holds this node (-1 for the root).
    @usableFromInline var parent: Int32
    @usableFromInline var kind: NodeKind
    @usableFromInline var style: ScalarStyle
    @usableFromInline var flow: Bool
    /// Whether a scalar's text is all ASCII (so byte equality is text equality); true for collections.
    @usableFromInline var isASCII: Bool

    /// Where the children start in `YAMLDocument.children`, and how many there are (0 for a scalar).
    @inlinable var children: (first: Int32, count: Int32) {
        kind == .scalar ? (0, 0) : (Int32(bitPattern: first), Int32(bitPattern: count))
    }

    /// The scalar's bytes in the document's text (empty for collections).
    @inlinable var textRange: Range<Int> {
        kind == .scalar ? Int(first)..<Int(first) + Int(count) : 0..<0
    }

    var range: SourceRange { SourceRange(start: start.position, end: end.position) }
}

/// A ``SourcePosition`` in 12 bytes, as libyaml counts it (0-based line, column and offset),
/// each clamped to `UInt32.max` (files are at most 1 GB).
@usableFromInline struct PackedPosition: Equatable, Sendable {
    @usableFromInline var line: UInt32
    @usableFromInline var column: UInt32
    @usableFromInline var offset: UInt32

    static let start = PackedPosition(line: 0, column: 0, offset: 0)

    var position: SourcePosition {
        SourcePosition(line: Int(line) + 1, column: Int(column) + 1, characterOffset: Int(offset))
    }
}

/// The node arena, in chunks of 65,536 records: the builder hands each chunk over whole as it
/// fills (its own buffer holds one chunk at most), so a document of millions of nodes never holds
/// its arena twice while it grows. `last` holds the records past the full chunks.
@usableFromInline struct NodeStore: Sendable {
    @inlinable static var shift: Int { 16 }
    @inlinable static var mask: Int { (1 << shift) - 1 }
    /// The full chunks, `1 << shift` records each.
    @usableFromInline var full: [[NodeRecord]] = []
    /// The records past the full chunks.
    @usableFromInline var last: [NodeRecord] = []
    var count: Int { full.count &<< NodeStore.shift + last.count }

    var indices: Range<Int> { 0..<count }

    // Plain `get`/`set`: a record holds no references, so copying one is a copy of 40 bytes
    // (a `_read` coroutine that yields in two places would allocate its frame on every read).
    @inlinable subscript(index: Int) -> NodeRecord {
        @inline(__always) get {
            let chunk = index &>> NodeStore.shift
            return chunk == full.count ? last[index & NodeStore.mask] : full[chunk][index & NodeStore.mask]
        }
        @inline(__always) set {
            let chunk = index &>> NodeStore.shift
            if chunk == full.count { last[index & NodeStore.mask] = newValue } else { full[chunk][index & NodeStore.mask] = newValue }
        }
    }
}
