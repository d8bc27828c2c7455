/// How much a diagnostic matters. Only `error` makes the run fail.
public enum Severity: String, Comparable, CaseIterable, Codable, Sendable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A rule's severity as configured: off, or a severity.
public enum RuleLevel: Hashable, Sendable {
    case off
    case on(Severity)

    /// Parses `off`, `info`, `warning` or `error`.
    public init?(_ text: String) {
        if text == "off" {
            self = .off
        } else if let severity = Severity(rawValue: text) {
            self = .on(severity)
        } else {
            return nil
        }
    }

    /// The config spelling.
    public var name: String {
        switch self {
        case .off: return "off"
        case .on(let severity): return severity.rawValue
        }
    }
}
