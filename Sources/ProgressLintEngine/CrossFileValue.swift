import ProgressLintSpec
import ProgressLintYAML

/// A value a ``CrossFileRule`` keeps per screen until every file is read. It declares its fields,
/// in order, and how it is made from them; the engine writes them and reads them back (in memory,
/// or past a bound in a temporary file), so a run of many files stays small:
///
/// ```swift
/// struct Sighting: CrossFileValue {
///     var task: String
///     var location: String
///     var range: SourceRange
///     var screen: String?
///     static let layout = CrossFileLayout(Sighting.init, \.task, \.location, \.range, \.screen)
/// }
/// ```
///
/// Fields are the ``CrossFileField``s: numbers, texts, booleans, ranges and positions, enums with
/// such raw values, optionals and arrays of them. A value whose layout starts with another's
/// fields may be read as that other value (see ``CrossFileRecord/read(_:)``).
public protocol CrossFileValue: Sendable {
    /// The value's fields, in the order they are kept.
    static var layout: CrossFileLayout<Self> { get }
}

/// A kept value that cannot be read back: its record ends before its fields do, or holds what no
/// field of its type can be (damaged storage, or a layout that does not start as the record's).
public struct CrossFileReadError: Error, Hashable, Sendable {
    /// What was wrong.
    public let reason: String

    @usableFromInline init(_ reason: String) { self.reason = reason }
}
