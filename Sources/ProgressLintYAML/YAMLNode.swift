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

/// Storage of one node in a document's arena.
struct NodeRecord {
    var kind: NodeKind
    var style: ScalarStyle
    var flow: Bool
    /// For a scalar: its byte length, first and last byte, or 0 when it is not ASCII; keys whose
    /// fingerprints differ cannot be equal (see `Builder.findDuplicateKeys`). 0 for collections.
    var fingerprint: UInt32 = 0
    var range: SourceRange
    /// Scalar value; empty for collections.
    var value: String
    /// Explicit tag, resolved by libyaml (`!!str` → `tag:yaml.org,2002:str`).
    var tag: String?
    /// The first collection that holds this node (-1 for the root).
    var parent: Int32
    /// Children in `YAMLDocument.children`: items, or key and value alternating.
    var firstChild: Int32
    var childCount: Int32
    /// Nodes this node stands for once aliases are expanded (saturating).
    var expandedSize: Int
    /// Bytes of scalar text (plus one per node) reached from this node, aliases expanded.
    var expandedBytes: Int
}
