import ProgressLintYAML

/// One screen: one YAML document of a spec file.
public struct Screen: Sendable {
    /// The document's root mapping.
    public var node: NodeID
    /// Which document of the file this is (0-based, empty documents counted).
    public var documentIndex: Int
    /// `version`, if written (1 is the only version).
    public var version: Located<Int>?
    /// `platform`, if written.
    public var platform: Located<Platform>?
    /// `screen`: the name used in messages.
    public var name: Located<String>?
    /// `indicators`, in order.
    public var indicators: [Indicator] = []

    /// Creates an empty screen at a node.
    public init(node: NodeID, documentIndex: Int) {
        self.node = node
        self.documentIndex = documentIndex
    }

    /// The name to use in messages.
    public var displayName: String {
        guard let name = name?.value else { return "(unnamed screen)" }
        // No more UTF-8 bytes than the quote limit is no more characters: nothing to clip, and no
        // walk over the name's characters to find that out.
        return name.utf8.count <= String.messageQuoteLimit ? name : name.clippedForMessage
    }
}
