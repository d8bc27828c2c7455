import ProgressLintYAML

/// The path of a node from its document's root, e.g. `indicators[upload].accessibility.label`.
///
/// Sequence items that are mappings with an `id` are named by it, so the path
/// stays the same when items are reordered or lines move. A node reached through
/// an alias is named where it is written.
public enum YAMLPath {
    /// The path of `node` in `document`.
    public static func of(_ node: NodeID, in document: YAMLDocument) -> String {
        var segments: [String] = []
        var current = node
        var steps = 0
        while let parent = document[current].parent, steps < 10_000 {
            steps += 1
            let container = document[parent]
            if container.kind == .sequence {
                let items = container.items
                let index = items.firstIndex(of: current) ?? 0
                segments.append("[\(itemName(items[index], index: index, in: document))]")
            } else {
                for (key, value) in container.pairs {
                    if value == current {
                        segments.append("." + document[key].value)
                        break
                    }
                    if key == current {
                        segments.append("." + document[key].value)
                        break
                    }
                }
            }
            current = parent
        }
        var path = segments.reversed().joined()
        if path.hasPrefix(".") { path.removeFirst() }
        return path
    }

    private static func itemName(_ item: NodeID, index: Int, in document: YAMLDocument) -> String {
        let node = document[item]
        if node.kind == .mapping {
            for (key, value) in node.pairs where document[key].value == "id" {
                let v = document[value]
                if v.kind == .scalar, !v.value.isEmpty { return v.value }
            }
        }
        return String(index)
    }
}
