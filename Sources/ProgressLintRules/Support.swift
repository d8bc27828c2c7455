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
    /// Text the spec already gives for what is happening (label, announcement, accessibility label), quoted.
    static func knownText(_ indicator: Indicator) -> String? {
        let accessibility = indicator.accessibility?.value
        let candidates = [indicator.label?.value, accessibility?.announce?.value.start?.value, accessibility?.label?.value]
        return candidates.compactMap { $0 }.map { $0.trimmed() }.first { !$0.isEmpty }.map { "\"\($0)\"" }
    }

    /// ` (e.g. "Upload complete")` from the indicator's `task`, or nothing when it has none.
    static func completionExample(_ indicator: Indicator) -> String {
        guard let task = indicator.task?.value.trimmed(), let first = task.first else { return "" }
        let words = task.replacingDashes()
        return " (e.g. \"\(first.uppercased())\(words.dropFirst()) complete\")"
    }
}

extension String {
    fileprivate func replacingDashes() -> String { String(map { $0 == "-" || $0 == "_" ? " " : $0 }) }
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
