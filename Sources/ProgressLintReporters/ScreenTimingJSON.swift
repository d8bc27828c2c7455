import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace

/// The JSON report's `screens[]`: one entry per screen in report order, with the effective
/// thresholds of its configuration and each indicator's timing and finding counts. Written file
/// by file from the run's ``ScreenTimingList``, one file's screens and diagnostics in memory at a time.
enum ScreenTimingJSON {
    /// Findings by severity for one indicator: error, warning, info.
    struct Counts: Hashable {
        var error = 0, warning = 0, info = 0

        mutating func add(_ severity: Severity) {
            switch severity {
            case .error: error += 1
            case .warning: warning += 1
            case .info: info += 1
            }
        }
    }

    /// Each indicator's finding counts (by screen, then indicator) from the file's diagnostics.
    static func counts(_ screens: [ScreenTiming], _ diagnostics: [Diagnostic]) -> [[Counts]] {
        var counts = screens.map { [Counts](repeating: Counts(), count: $0.indicators.count) }
        for d in diagnostics {
            guard let s = screens.firstIndex(where: { $0.holds(d) }), let i = screens[s].indicatorIndex(of: d) else { continue }
            counts[s][i].add(d.severity)
        }
        return counts
    }

    /// Writes `screens` as an array of every file's screens.
    static func write(_ result: RunResult, report: RunReport, into json: inout JSONWriter) {
        json.beginArray()
        for file in report.byFile {
            guard let position = file.position else { continue }
            let screens = result.timings.screens(at: position)
            guard !screens.isEmpty else { continue }
            let counts = counts(screens, file.diagnostics)
            for (s, screen) in screens.enumerated() { write(screen, counts: counts[s], into: &json) }
        }
        json.end()
    }

    static func write(_ screen: ScreenTiming, counts: [Counts], into json: inout JSONWriter) {
        json.beginObject()
        json.key(literal: "path")
        json.string(screen.path)
        json.key(literal: "screen")
        json.string(screen.screen)
        json.key(literal: "platform")
        json.string(screen.platform)
        json.key(literal: "thresholds")
        json.beginObject()
        let t = screen.thresholds
        for (key, value) in [("instantMs", t.instant), ("noticeableMs", t.noticeable), ("attentionMs", t.attention),
                             ("showAfterMaxMs", t.showAfterMax), ("updatesEveryMaxMs", t.updatesEveryMax)] {
            json.key(key)
            number(value.milliseconds, into: &json)
        }
        json.end()
        json.key(literal: "indicators")
        json.beginArray()
        for (i, indicator) in screen.indicators.enumerated() {
            json.beginObject()
            json.key(literal: "id")
            json.string(indicator.id)
            json.key(literal: "line")
            json.int(indicator.line)
            json.key(literal: "style")
            json.string(indicator.style)
            json.key(literal: "determinate")
            json.bool(indicator.determinate)
            json.key(literal: "component")
            json.string(indicator.component)
            json.key(literal: "presentation")
            json.string(indicator.presentation)
            json.key(literal: "location")
            json.string(indicator.location)
            json.key(literal: "showAfterMs")
            optional(indicator.showAfterMs, into: &json)
            json.key(literal: "duration")
            json.beginObject()
            json.key(literal: "minMs")
            optional(indicator.durationMinMs, into: &json)
            json.key(literal: "maxMs")
            optional(indicator.durationMaxMs, into: &json)
            json.key(literal: "unknown")
            json.bool(indicator.durationUnknown)
            json.end()
            json.key(literal: "phases")
            json.beginArray()
            for phase in indicator.phases {
                json.beginObject()
                json.key(literal: "name")
                json.string(phase.name)
                json.key(literal: "share")
                optional(phase.share, into: &json)
                json.key(literal: "durationMs")
                optional(phase.durationMs, into: &json)
                json.end()
            }
            json.end()
            json.key(literal: "becomes")
            json.beginArray()
            for state in indicator.becomes {
                json.beginObject()
                json.key(literal: "when")
                json.string(state.when)
                json.key(literal: "determinate")
                if let d = state.determinate { json.bool(d) } else { json.null() }
                json.key(literal: "style")
                json.string(state.style)
                json.end()
            }
            json.end()
            let c = i < counts.count ? counts[i] : Counts()
            json.key(literal: "findings")
            json.beginObject()
            json.key(literal: "error")
            json.int(c.error)
            json.key(literal: "warning")
            json.int(c.warning)
            json.key(literal: "info")
            json.int(c.info)
            json.end()
            json.end()
        }
        json.end()
        json.end()
    }

    private static func optional(_ value: Double?, into json: inout JSONWriter) {
        if let value { number(value, into: &json) } else { json.null() }
    }

    /// A number as ``JSONWriter/double(_:)`` writes it; a whole one (most durations) without making a `String`.
    private static func number(_ value: Double, into json: inout JSONWriter) {
        if value == value.rounded(), abs(value) < 1e15 {
            json.int(Int(value))
        } else {
            json.double(value)
        }
    }
}
