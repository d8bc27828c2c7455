/// A point in a source file as libyaml marks it: 1-based line and column, columns and
/// `characterOffset` counting Unicode characters, as editors show them.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// 0-based offset from the start of the file, in characters.
    public var characterOffset: Int

    /// Creates a position from 1-based line and column and a 0-based character offset.
    public init(line: Int, column: Int, characterOffset: Int = 0) {
        self.line = line
        self.column = column
        self.characterOffset = characterOffset
    }

    /// The start of a file.
    public static let start = SourcePosition(line: 1, column: 1, characterOffset: 0)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range `[start, end)` of source text.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// The first character of the range.
    public var start: SourcePosition
    /// The position just after the last character of the range.
    public var end: SourcePosition

    /// Creates a range from its bounds.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// An empty range at one position.
    public init(at position: SourcePosition) {
        self.start = position
        self.end = position
    }

    public var description: String { "\(start)-\(end)" }
}
