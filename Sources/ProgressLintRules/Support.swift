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

extension Indicator {
    /// ``Indicator/knownComponent``, found in a table made once: the enum's own initialiser
    /// compares the text with each case in turn, and three rules ask for every indicator. A
    /// dictionary of `String`s matches as `==` does (canonically equivalent texts hash alike).
    var tabledComponent: KnownComponent? { component.flatMap { KnownComponentTable.byName[$0.value] } }
}

private enum KnownComponentTable {
    static let byName = Dictionary(uniqueKeysWithValues: KnownComponent.allCases.map { ($0.rawValue, $0) })
}
