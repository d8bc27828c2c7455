import ProgressLintEngine
import ProgressLintSpec

/// Small phrases shared by rule messages.
enum Phrase {
    /// `for up to 2m`, `for an unknown time`.
    static func howLong(_ indicator: Indicator) -> String {
        guard let max = indicator.maxDuration else { return "for an unknown time" }
        return "for up to \(max)"
    }

    /// `duration: 2s..30s` or `duration: unknown` (the default).
    static func durationKey(_ indicator: Indicator) -> String {
        if let duration = indicator.duration { return "duration: \(duration.value)" }
        return "duration: unknown (the default)"
    }

    /// Whether the expected duration reaches `threshold`, counting unknown as reaching it when `orUnknown`.
    static func reaches(_ indicator: Indicator, _ threshold: Duration, orUnknown: Bool) -> Bool {
        guard let max = indicator.maxDuration else { return orUnknown }
        return max >= threshold
    }
}

extension String {
    /// Lower-case, trimmed, without trailing dots or an ellipsis: how `vague-labels` compares labels.
    func normalizedLabel() -> String { LabelText.normalized(self) }
}

extension Phrase {
    /// The known component `known` as a message names it: `UIProgressView` as written (`quoted`
    /// puts it in backticks), or for a wrapper declared under the config's `components:`, what was
    /// written and what it stands for: `` `BrandProgressBar` (as `UIProgressView`) ``.
    static func component(_ indicator: Indicator, _ known: KnownComponent, quoted: Bool = false) -> String {
        if let wrapper = indicator.wrapperName {
            return "`\(wrapper.clippedForMessage)` (as `\(known.rawValue)`)"
        }
        return quoted ? "`\(known.rawValue)`" : known.rawValue
    }
}

extension Phrase {
    /// A platform by its public name: iOS, iPadOS, macOS, tvOS, watchOS, Android, web, Ubuntu Touch.
    static func platform(_ platform: Platform) -> String {
        switch platform {
        case .ios: return "iOS"
        case .ipados: return "iPadOS"
        case .macos: return "macOS"
        case .tvos: return "tvOS"
        case .watchos: return "watchOS"
        case .android: return "Android"
        case .web: return "the web"
        case .ubuntuTouch: return "Ubuntu Touch"
        }
    }
}

extension Phrase {
    /// How every message cites a threshold: "the 10 s attention threshold" (the value as configured,
    /// the threshold by its name). Messages say "past" it or "below" it.
    static func threshold(_ value: Duration, _ name: String) -> String {
        "the \(spaced(value)) \(name) threshold"
    }

    /// `10s` → `10 s`, `100ms` → `100 ms`: a duration in running text, not as written in a spec.
    static func spaced(_ value: Duration) -> String {
        let text = value.description
        guard let unit = text.firstIndex(where: \.isLetter) else { return text }
        return text[..<unit] + " " + text[unit...]
    }

    /// "may run for up to 15s, past the 10 s attention threshold" or "may run for an unknown time".
    static func mayRun(_ indicator: Indicator, past value: Duration, _ name: String) -> String {
        guard let max = indicator.maxDuration else { return "may run for an unknown time" }
        return "may run for up to \(max), past \(threshold(value, name))"
    }

    /// A repeat interval that fits a wait of at most `max`: 30s for long or unknown waits, a
    /// shorter one (below the wait) otherwise, so the announcement repeats at least once.
    static func repeatInterval(_ indicator: Indicator) -> Duration {
        guard let max = indicator.maxDuration else { return .seconds(30) }
        for seconds in [30.0, 20, 15, 10, 5, 2, 1] where Duration.seconds(seconds) < max { return .seconds(seconds) }
        return Duration(milliseconds: Swift.max(1, (max.milliseconds / 2).rounded(.down)))
    }

    /// An `updates-every` within `thresholds.updates-every-max`: 1s, or the threshold when lower.
    static func updateInterval(_ context: RuleContext) -> Duration {
        Swift.min(.seconds(1), context.thresholds.updatesEveryMax)
    }
}
