import ProgressLintYAML

/// The path of a node from its document's root, e.g. `indicators[upload].accessibility.label`.
///
/// Sequence items that are mappings with an `id` are named by it, so the path
/// stays the same when items are reordered or lines move. A node reached through
/// an alias is named where it is written.
public enum YAMLPath {
    /// The path segment of each child of the collections already seen, so that naming many
    /// nodes of one long list costs one pass over it, not one per node (100,000 diagnostics
    /// in one list took minutes). Valid for one document.
    public struct Cache {
        var segments: [NodeID: [NodeID: String]] = [:]

        /// An empty cache.
        public init() {}
    }

    /// The path of `node` in `document`. For one node: each step scans its parent's children
    /// directly, building nothing; naming many nodes of one document wants the cached form.
    public static func of(_ node: NodeID, in document: YAMLDocument) -> String {
        path(of: node, in: document) { child, parent in segment(of: child, in: parent, document: document) }
    }

    /// The path of `node` in `document`, reusing and filling `cache` (one per document). The same
    /// path as ``of(_:in:)``: one walk up, one naming of each step, only the look-up differs.
    public static func of(_ node: NodeID, in document: YAMLDocument, cache: inout Cache) -> String {
        path(of: node, in: document) { child, parent in
            if cache.segments[parent] == nil { cache.segments[parent] = childSegments(parent, in: document) }
            return cache.segments[parent]?[child]
        }
    }

    /// The segments from the root down to `node`, each found by `segment(child, parent)`.
    private static func path(of node: NodeID, in document: YAMLDocument,
                             segment: (_ child: NodeID, _ parent: NodeID) -> String?) -> String {
        var segments: [String] = []
        var current = node
        var steps = 0
        while let parent = document.parent(of: current), steps < 10_000 {
            steps += 1
            if let segment = segment(current, parent) { segments.append(segment) }
            current = parent
        }
        segments.reverse()
        var path = segments.joined()
        if path.hasPrefix(".") { path.removeFirst() }
        return path
    }

    /// The segment naming `child` in `parent`, as ``childSegments(_:in:)`` would (first place wins).
    private static func segment(of child: NodeID, in parent: NodeID, document: YAMLDocument) -> String? {
        if document.kind(of: parent) == .sequence {
            for n in 0..<document.itemCount(of: parent) where document.item(n, of: parent) == child {
                return itemSegment(child, index: n, in: document)
            }
        } else {
            for n in 0..<document.pairCount(of: parent) {
                let (key, value) = document.pair(n, of: parent)
                if value == child || key == child { return keySegment(key, in: document) }
            }
        }
        return nil
    }

    /// The segment naming each child of `parent`; the first place a child appears wins.
    private static func childSegments(_ parent: NodeID, in document: YAMLDocument) -> [NodeID: String] {
        let container = document[parent]
        var result: [NodeID: String] = [:]
        if container.kind == .sequence {
            for (index, item) in container.items.enumerated() where result[item] == nil {
                result[item] = itemSegment(item, index: index, in: document)
            }
        } else {
            for (key, value) in container.pairs {
                let segment = keySegment(key, in: document)
                if result[value] == nil { result[value] = segment }
                if result[key] == nil { result[key] = segment }
            }
        }
        return result
    }

    /// `.key`: the segment of a mapping's key and its value.
    private static func keySegment(_ key: NodeID, in document: YAMLDocument) -> String { "." + document.value(of: key) }

    /// `[id]` (or `[index]` when the item has no `id`): the segment of a sequence's item.
    private static func itemSegment(_ item: NodeID, index: Int, in document: YAMLDocument) -> String {
        "[" + itemName(item, index: index, in: document) + "]"
    }

    private static func itemName(_ item: NodeID, index: Int, in document: YAMLDocument) -> String {
        for n in 0..<document.pairCount(of: item) {
            let (key, value) = document.pair(n, of: item)
            guard document.value(of: key) == "id" else { continue }
            if document.kind(of: value) == .scalar {
                let id = document.value(of: value)
                if !id.isEmpty { return id }
            }
        }
        return String(index)
    }
}
