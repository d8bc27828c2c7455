/// Finds the YAML paths of a root list's items and of one field of each, without spelling them
/// (``YAMLItemPath``), for a rule that keeps a path for every item and reports few.
public struct YAMLListItemPaths: Sendable {
    /// The root key whose value is the list, and the items' key whose value is the field.
    public let list: StaticString
    public let field: StaticString
    /// The list, once found; nil until then, or when it is not one.
    private var found: NodeID?
    private var checkedList = false
    /// The walk along the list, as ``YAMLPath`` names items: the next place, and the highest
    /// node before it (a place holds its item first when the item is above all before it).
    private var next = 0
    private var highest = Int32(-1)

    /// Paths in the list at the root's `list`, and of its items' `field`.
    public init(list: StaticString, field: StaticString) {
        self.list = list
        self.field = field
    }

    /// The path of `node`, which is `item` or a value of it (its `field`'s, say); `id` is the
    /// node of the item's `id` as the spec read it.
    public mutating func path(of node: NodeID, item: NodeID, id: NodeID?, in document: YAMLDocument) -> YAMLItemPath {
        if let (place, atField) = place(of: node, item: item, id: id, in: document) {
            return YAMLItemPath(text: nil, item: place, atField: atField)
        }
        return YAMLItemPath(text: YAMLPath.of(node, in: document), item: nil, atField: false)
    }

    /// `path` spelt, the item named `id` (its `id`'s value) when it is named by it.
    public func spelled(_ path: YAMLItemPath, id: String?) -> String? {
        guard let item = path.item else { return path.text }
        var text = list.description + "[" + (item < 0 ? id ?? "" : String(item)) + "]"
        if path.atField { text += "." + field.description }
        return text
    }

    /// The item's place (-1 when named by its `id`) and whether `node` is its field's; nil where
    /// the path is not `list[name]` or `list[name].field`.
    private mutating func place(of node: NodeID, item: NodeID, id: NodeID?, in document: YAMLDocument)
        -> (item: Int, atField: Bool)? {
        guard let list = list(of: item, in: document), document.parent(of: item) == list else { return nil }
        // The item's place: the walk goes on from the previous item's; past the end, it starts again.
        if next >= document.itemCount(of: list) || document.item(next, of: list) != item {
            if !walk(to: item, in: list, document: document) {
                (next, highest) = (0, -1)
                guard walk(to: item, in: list, document: document) else { return nil }
            }
        } else if !walk(to: item, in: list, document: document) {
            return nil
        }
        let place = next - 1
        // The item's name: its first `id` with a non-empty scalar, as `YAMLPath` reads it.
        var name = place
        for n in 0..<document.pairCount(of: item) {
            let (key, value) = document.pair(n, of: item)
            guard document.valueEquals(key, "id") else { continue }
            if document.kind(of: value) == .scalar, document.valueByteCount(of: value) > 0 {
                guard value == id else { return nil }
                name = -1
                break
            }
        }
        if node == item { return (name, false) }
        guard document.parent(of: node) == item else { return nil }
        for n in 0..<document.pairCount(of: item) {
            let (key, value) = document.pair(n, of: item)
            if value == node || key == node {
                return document.valueEquals(key, field) ? (name, true) : nil
            }
        }
        return nil
    }

    /// Walks on to `item`; whether it is there, held first (otherwise the walk is at the end).
    private mutating func walk(to item: NodeID, in list: NodeID, document: YAMLDocument) -> Bool {
        let count = document.itemCount(of: list)
        while next < count {
            let candidate = document.item(next, of: list)
            let first = candidate.index > highest
            if first { highest = candidate.index }
            next += 1
            if candidate == item { return first }
        }
        return false
    }

    /// The list holding `item`, when it is the value of the document root's `list` key.
    private mutating func list(of item: NodeID, in document: YAMLDocument) -> NodeID? {
        if checkedList { return found }
        checkedList = true
        guard let list = document.parent(of: item), document.kind(of: list) == .sequence,
              let root = document.parent(of: list), document.parent(of: root) == nil else { return nil }
        for n in 0..<document.pairCount(of: root) {
            let (key, value) = document.pair(n, of: root)
            if value == list || key == list {
                if document.valueEquals(key, self.list) { found = list }
                return found
            }
        }
        return nil
    }
}
