import ProgressLintYAML

/// The platform components the spec format knows (its component table).
public enum KnownComponent: String, SpecEnum {
    case uiActivityIndicatorView = "UIActivityIndicatorView"
    case uiProgressView = "UIProgressView"
    case uiRefreshControl = "UIRefreshControl"
    case progressView = "ProgressView"
    case nsProgressIndicator = "NSProgressIndicator"
    case progressBar = "ProgressBar"
    case linearProgressIndicator = "LinearProgressIndicator"
    case circularProgressIndicator = "CircularProgressIndicator"
    case swipeRefreshLayout = "SwipeRefreshLayout"
    case htmlProgress = "progress"
    case activityIndicator = "ActivityIndicator"
    /// HTML's `<meter>`: a gauge (disk use, a score), never the progress of a task (revision 1.3).
    case htmlMeter = "meter"

    /// The known component named `name` (as `init(rawValue:)` finds it, matched as bytes).
    public static func named(_ name: String) -> KnownComponent? { names.index(of: name).map { cases[$0] } }
    /// The known component the scalar `node` names (as ``named(_:)`` finds it), matched as its bytes.
    static func named(_ node: NodeID, in document: YAMLDocument) -> KnownComponent? {
        document.index(of: node, in: names).map { cases[$0] }
    }
    private static let cases = allCases
    private static let names = NameSet(cases.map(\.rawValue))

    /// Its place in the table (and in `allCases`), found without hashing its name.
    public var ordinal: Int {
        switch self {
        case .uiActivityIndicatorView: return 0
        case .uiProgressView: return 1
        case .uiRefreshControl: return 2
        case .progressView: return 3
        case .nsProgressIndicator: return 4
        case .progressBar: return 5
        case .linearProgressIndicator: return 6
        case .circularProgressIndicator: return 7
        case .swipeRefreshLayout: return 8
        case .htmlProgress: return 9
        case .activityIndicator: return 10
        case .htmlMeter: return 11
        }
    }

    /// Whether a component can be determinate.
    public enum Determinacy: Sendable { case never, always, either }

    /// The platforms it exists on.
    public var platforms: Set<Platform> {
        switch self {
        case .uiActivityIndicatorView, .uiProgressView: return [.ios, .ipados, .tvos]
        case .uiRefreshControl: return [.ios, .ipados]
        case .progressView: return [.ios, .ipados, .macos, .tvos, .watchos]
        case .nsProgressIndicator: return [.macos]
        case .progressBar: return [.android, .ubuntuTouch]
        case .linearProgressIndicator, .circularProgressIndicator, .swipeRefreshLayout: return [.android]
        case .htmlProgress, .htmlMeter: return [.web]
        case .activityIndicator: return [.ubuntuTouch]
        }
    }

    /// The styles it can take.
    public var styles: Set<IndicatorStyle> {
        switch self {
        case .uiActivityIndicatorView, .circularProgressIndicator, .activityIndicator: return [.spinner]
        case .uiProgressView, .linearProgressIndicator, .htmlProgress, .htmlMeter: return [.bar]
        case .uiRefreshControl, .swipeRefreshLayout: return [.refreshControl]
        case .progressView, .nsProgressIndicator, .progressBar: return [.bar, .spinner]
        }
    }

    /// Whether it can be determinate.
    public var determinacy: Determinacy {
        switch self {
        case .uiActivityIndicatorView, .uiRefreshControl, .swipeRefreshLayout, .activityIndicator: return .never
        case .uiProgressView, .htmlMeter: return .always
        default: return .either
        }
    }
}
