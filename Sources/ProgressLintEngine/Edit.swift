import ProgressLintYAML

/// One change to a file: the bytes `[start, end)` replaced by `content`.
public struct Edit: Hashable, Sendable {
    /// The first byte replaced (0-based, counting a byte order mark).
    public var start: Int
    /// The byte just past the last one replaced (`start` for an insertion).
    public var end: Int
    /// The replacement text.
    public var content: String
    /// Line and column (1-based, columns in characters) of `start` and `end`.
    public var startPosition: SourcePosition
    public var endPosition: SourcePosition

    /// Creates an edit.
    public init(start: Int, end: Int, content: String, startPosition: SourcePosition = .start,
                endPosition: SourcePosition = .start) {
        self.start = start
        self.end = end
        self.content = content
        self.startPosition = startPosition
        self.endPosition = endPosition
    }
}
