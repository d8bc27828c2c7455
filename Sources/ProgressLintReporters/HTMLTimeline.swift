#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSpec

/// One indicator's timeline in the HTML report (an SVG on a log axis from 10 ms to 1 h, with the
/// thresholds, the work, the visible span, the phases and the findings), positions computed here
/// and drawn by the page's script.
enum HTMLTimeline {
    /// A finding drawn on the chart: its number on the page, severity and YAML path.
    struct Marker {
        var number: Int
        var severity: Severity
        var rule: String
        var yamlPath: String?
        var platform: String?
    }

    static let width = 760.0
    static let left = 88.0
    static let right = 24.0
    static let plot = width - left - right
    static let axisStart = 10.0
    static let axisEnd = 3_600_000.0
    static let ticks: [(ms: Double, label: String)] = [
        (10, "10ms"), (100, "100ms"), (1000, "1s"), (10_000, "10s"), (60_000, "1m"), (600_000, "10m"), (3_600_000, "1h"),
    ]

    /// The x of a time on the axis; times outside 10 ms–1 h sit at its ends.
    static func x(_ ms: Double) -> Double {
        let clamped = Swift.min(Swift.max(ms.isFinite ? ms : axisEnd, axisStart), axisEnd)
        return left + plot * (log10(clamped) - log10(axisStart)) / (log10(axisEnd) - log10(axisStart))
    }

    /// A coordinate with one decimal.
    static func n(_ value: Double) -> String {
        // Coordinates are within the chart; anything else (never expected) is drawn at 0, never a trap.
        guard value.isFinite, abs(value) < 1e9 else { return "0" }
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10, rest = abs(tenths % 10)
        return rest == 0 ? String(whole) : "\(whole).\(rest)"
    }

    /// A duration as a spec writes it (`250ms`, `1.5s`, `2m`).
    static func text(_ ms: Double) -> String { Duration(milliseconds: ms).description }

    /// The segments of the visible span: (start x, end x, determinate), one per state.
    static func states(_ indicator: IndicatorTiming) -> (start: Double, end: Double, segments: [(Double, Double, Bool)]) {
        let start = x(indicator.showAfterMs ?? 0)
        let end = indicator.durationMaxMs.map { Swift.max(x($0), start + 2) } ?? (left + plot)
        var determinate = [indicator.determinate]
        for state in indicator.becomes { determinate.append(state.determinate ?? determinate.last!) }
        let step = (end - start) / Double(determinate.count)
        let segments = determinate.enumerated().map { i, d in (start + step * Double(i), start + step * Double(i + 1), d) }
        return (start, end, segments)
    }

    /// The phases' segments: (start x, end x, label). Placed by their durations when every phase
    /// has one, else by their shares of the work's longest duration, else evenly over the work.
    static func phases(_ indicator: IndicatorTiming) -> [(Double, Double, String)] {
        let phases = indicator.phases
        guard !phases.isEmpty else { return [] }
        var bounds: [Double] = []
        if phases.allSatisfy({ $0.durationMs != nil }) {
            var t = 0.0
            bounds.append(x(0))
            for p in phases {
                t += p.durationMs ?? 0
                bounds.append(x(t))
            }
        } else {
            let startMs = indicator.showAfterMs ?? 0
            let endMs = indicator.durationMaxMs ?? axisEnd
            let a = x(startMs), b = Swift.max(x(endMs), a + 2)
            let shares = phases.map { $0.share.map { $0.isFinite ? Swift.min(Swift.max(0, $0), 1) : 0 } ?? 0 }
            let total = shares.reduce(0, +)
            bounds.append(a)
            var acc = 0.0
            for (i, share) in shares.enumerated() {
                acc += total > 0 ? share / total : 1 / Double(phases.count)
                bounds.append(i == phases.count - 1 ? b : a + (b - a) * acc)
            }
        }
        return phases.enumerated().map { i, p in (bounds[i], Swift.max(bounds[i + 1], bounds[i] + 1), p.name ?? "phase \(i + 1)") }
    }

    /// Where a finding is drawn: by the key its YAML path names, else nil (placed in turn from the left).
    static func anchor(_ marker: Marker, _ indicator: IndicatorTiming) -> Double? {
        guard let path = marker.yamlPath else { return nil }
        if path.contains("show-after") { return x(indicator.showAfterMs ?? 0) }
        if path.contains("duration"), let max = indicator.durationMaxMs { return x(max) }
        if path.contains("phases") {
            let p = phases(indicator)
            if let first = p.first, let last = p.last { return (first.0 + last.1) / 2 }
        }
        if path.contains("becomes") || path.contains("determinate") || path.contains("style") {
            let s = states(indicator)
            return (s.start + s.end) / 2
        }
        return nil
    }

    /// The threshold lines a screen's timelines draw: name, time and style class (`ti`, `tn`,
    /// `ta` have their own dash patterns; another class is drawn as a plain threshold line).
    /// `determinate-after` is drawn where a config or profile moved it off `attention`, and only there.
    static func thresholdLines(_ thresholds: Thresholds) -> [(name: String, ms: Double, cls: String)] {
        var lines = [("instant", thresholds.instant.milliseconds, "ti"),
                     ("noticeable", thresholds.noticeable.milliseconds, "tn"),
                     ("attention", thresholds.attention.milliseconds, "ta")]
        if thresholds.determinateAfter != thresholds.attention {
            lines.append(("determinate-after", thresholds.determinateAfter.milliseconds, "td"))
        }
        return lines
    }

    /// The axis's ticks as the page's script draws them: `[[x, label], …]` (JSON).
    static var ticksJSON: String {
        "[" + ticks.map { "[\(n(x($0.ms))),\"\($0.label)\"]" }.joined(separator: ",") + "]"
    }

    /// A screen's threshold lines as the page's script draws them: `[[x, label, class], …]` (JSON).
    static func thresholdsJSON(_ thresholds: Thresholds) -> String {
        "[" + thresholdLines(thresholds).map { "[\(n(x($0.ms))),\(HTMLText.json("\($0.name) \(text($0.ms))")),\(HTMLText.json($0.cls))]" }
            .joined(separator: ",") + "]"
    }

    /// The JSON the page's script draws one timeline from, every position computed here:
    /// `[work, visible, showAfter, phases, markers]` (markers `[x, line, number, severity 0-2,
    /// rule, platform]`).
    static func geometry(_ indicator: IndicatorTiming, markers: [Marker]) -> String {
        var s = "["
        if let minMs = indicator.durationMinMs, let maxMs = indicator.durationMaxMs {
            let a = x(minMs), b = Swift.max(x(maxMs), a + 3)
            s += "[\(n(a)),\(n(b))]"
        } else {
            s += "[\(n(x(indicator.showAfterMs ?? 0)))]"
        }
        s += ",[" + states(indicator).segments.map { "[\(n($0.0)),\(n(Swift.max($0.1 - $0.0, 1) + $0.0)),\($0.2 ? 1 : 0)]" }
            .joined(separator: ",") + "]"
        if let showAfter = indicator.showAfterMs {
            s += ",[\(n(x(showAfter))),\(HTMLText.json(text(showAfter)))]"
        } else {
            s += ",0"
        }
        s += ",[" + phases(indicator).map { "[\(n($0.0)),\(n($0.1))]" }.joined(separator: ",") + "]"
        s += ",[" + place(markers, indicator).map { mx, line, m in
            "[\(n(mx)),\(line),\(m.number),\(severityCode(m.severity)),\(HTMLText.json(m.rule)),\(HTMLText.json(m.platform ?? "none"))]"
        }.joined(separator: ",") + "]]"
        return s
    }

    /// A severity as the page's data writes it: 0 error, 1 warning, 2 info.
    static func severityCode(_ severity: Severity) -> Int {
        switch severity {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    /// Where each marker goes: at its anchor, else after the one before, never over another
    /// (each takes ``markerWidth``); past the axis's end on a further line.
    static func place(_ markers: [Marker], _ indicator: IndicatorTiming) -> [(x: Double, line: Int, marker: Marker)] {
        var placed: [(x: Double, line: Int, marker: Marker)] = []
        var line = 0
        var next = left + 8
        for marker in markers {
            var mx = Swift.max(Swift.min(anchor(marker, indicator) ?? next, width - markerWidth), next)
            if mx + markerWidth > width {
                line += 1
                mx = left + 8
            }
            placed.append((mx, line, marker))
            next = mx + markerWidth
        }
        return placed
    }

    /// The room one marker and its label take.
    static let markerWidth = 100.0

    /// The marker of a severity: a triangle for errors, a square for warnings, a circle for infos.
    static func shape(_ severity: Severity, x: Double, y: Double) -> String {
        switch severity {
        case .error:
            return "<polygon class=\"s-error\" points=\"\(n(x)),\(n(y - 7)) \(n(x + 7)),\(n(y + 6)) \(n(x - 7)),\(n(y + 6))\"/>"
        case .warning:
            return "<rect class=\"s-warning\" x=\"\(n(x - 6))\" y=\"\(n(y - 6))\" width=\"12\" height=\"12\"/>"
        case .info:
            return "<circle class=\"s-info\" cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"6\"/>"
        }
    }

    /// The same shape as a small inline SVG for the findings list (decorative: the word follows it).
    static func glyph(_ severity: Severity) -> String {
        "<svg class=\"gl\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">" + shape(severity, x: 8, y: 8.5) + "</svg>"
    }
}
