import ProgressLintSpec
import ProgressLintYAML

/// A rule whose verdict needs something from every file of the run (``consistent-location``),
/// in the shape of SwiftLint's `CollectingRule`.
///
/// Per screen it collects values of its own type ``Info`` (a ``CrossFileValue``); once every
/// file is read the engine hands it all of them, with the file each came from (files in path order,
/// then each file's values in the order collected), and it returns its findings. Meanwhile the
/// engine keeps the values encoded (in memory, or on disk past a bound), so a run of many files
/// stays small: read them in passes rather than keeping them all.
public protocol CrossFileRule: Rule {
    /// What one screen contributes: what the rule compares, and what it needs to report.
    associatedtype Info: CrossFileValue
    /// The values this screen contributes.
    func collect(_ screen: Screen, context: RuleContext) -> [Info]
    /// The findings once every value is in (severity is the engine's: the file's configured one).
    /// `infos` may be iterated more than once; each pass reads the values again in the same order.
    func finish(_ infos: CrossFileValues<Info>) -> [CrossFileFinding]
}

extension CrossFileRule {
    public var kind: RuleKind { .crossFile(AnyCrossFileRule(self)) }

    /// Cross-file rules report nothing per screen.
    public func check(_ screen: Screen, context: RuleContext) -> [Violation] { [] }
}

/// What a ``CrossFileRule`` reports about one value: where, about whom, and what.
public struct CrossFileFinding: Hashable, Sendable {
    /// The file the value came from (its configuration gives the severity).
    public var file: CrossFileSource
    /// Where to report it.
    public var range: SourceRange
    /// The message.
    public var message: String
    /// The screen, indicator, YAML path and scalar value reported with it.
    public var screen: String?
    public var indicator: String?
    public var yamlPath: String?
    public var value: String?

    /// Creates a finding.
    public init(file: CrossFileSource, range: SourceRange, message: String, screen: String? = nil,
                indicator: String? = nil, yamlPath: String? = nil, value: String? = nil) {
        self.file = file
        self.range = range
        self.message = message
        self.screen = screen
        self.indicator = indicator
        self.yamlPath = yamlPath
        self.value = value
    }
}
