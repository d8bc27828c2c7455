import ProgressLintSpec
import ProgressLintYAML

/// What a dashboard draws of one screen: its effective thresholds and each indicator's timing
/// (the `screens[]` of the JSON report, the timelines of the HTML one). Made by the engine from
/// the spec model while the file's nodes are still there; kept by the runner in a
/// ``ScreenTimingList`` on disk.
public struct ScreenTiming: Hashable, Sendable {
    /// The file, as displayed.
    public var path: String
    /// `screen` as written, or nil when the screen has no name.
    public var screen: String?
    /// Which document of the file it is (0-based, empty documents counted).
    public var documentIndex: Int
    /// The effective platform (the spec's, else the configuration's), or nil.
    public var platform: String?
    /// The thresholds of the configuration that applies to the file.
    public var thresholds: Thresholds
    /// The indicators, in the order written.
    public var indicators: [IndicatorTiming]

    /// Creates a screen's timing.
    public init(path: String, screen: String?, documentIndex: Int, platform: String?, thresholds: Thresholds,
                indicators: [IndicatorTiming]) {
        self.path = path
        self.screen = screen
        self.documentIndex = documentIndex
        self.platform = platform
        self.thresholds = thresholds
        self.indicators = indicators
    }

    /// The timing of `screen`, decoded from `document`, under `configuration`.
    public init(_ screen: Screen, path: String, platform: Platform?, configuration: Configuration,
                document: YAMLDocument) {
        self.init(path: path, screen: screen.name?.value, documentIndex: screen.documentIndex,
                  platform: platform?.rawValue, thresholds: configuration.thresholds,
                  indicators: screen.indicators.map { IndicatorTiming($0, document: document) })
    }
}
