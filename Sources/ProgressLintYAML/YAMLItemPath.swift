/// The YAML path of a node of a root list's item, kept unspelt while it is `list[name]` or
/// `list[name].field` (nearly always); ``YAMLListItemPaths`` finds and spells them.
public struct YAMLItemPath: Hashable, Sendable {
    /// The path spelt, for a node that is not an item or its field (reached through `<<` or an alias).
    public var text: String?
    /// The item's place in the list, or -1 when it is named by its `id`; nil when ``text`` is the path.
    public var item: Int?
    /// Whether the node is the item's field (`list[name].field`) rather than the item.
    public var atField: Bool

    /// A path, as ``YAMLListItemPaths`` finds it or as it is read back.
    public init(text: String?, item: Int?, atField: Bool) {
        self.text = text
        self.item = item
        self.atField = atField
    }
}
