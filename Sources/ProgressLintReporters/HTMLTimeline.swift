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

/// One indicator's timeline in the HTML report: an SVG on a logarithmic axis from 10 ms to 1 h,
/// with the screen's `instant`, `noticeable` and `attention` thresholds drawn and labelled, the
/// work's span (a range as a range, `unknown` as a dashed open end), the visible span from
/// `show-after` (hatched while indeterminate, solid while determinate, split evenly among the
/// `becomes` states, whose moments a spec names but does not time), the phases as segments, and
/// each finding as a numbered marker whose shape and word give its severity.
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

    /// The SVG of one indicator's timeline. `title` names it for assistive technology; the
    /// timing table beside it says the same in words.
    static func svg(_ indicator: IndicatorTiming, thresholds: Thresholds, markers: [Marker], id: String, title: String) -> String {
        var rows = ["work", "visible"]
        let phaseSegments = phases(indicator)
        if !phaseSegments.isEmpty { rows.append("phases") }
        if !markers.isEmpty { rows.append("findings") }
        let placed = place(markers, indicator)
        let markerLines = (placed.map(\.line).max() ?? 0) + 1
        let rowTop: (Int) -> Double = { 28 + 28 * Double($0) }
        let rowsEnd = rowTop(rows.count) + (markers.isEmpty ? 0 : 20 * Double(markerLines - 1))
        let height = rowsEnd + 22
        var s = "<svg class=\"tl\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"group\" aria-labelledby=\"\(id)-t\">"
        s += "<title id=\"\(id)-t\">\(HTMLText.escape(title))</title>"
        s += "<g aria-hidden=\"true\">"
        // The axis: ticks and their labels.
        s += "<line class=\"ax\" x1=\"\(n(left))\" y1=\"20\" x2=\"\(n(left + plot))\" y2=\"20\"/>"
        for tick in ticks {
            let tx = n(x(tick.ms))
            s += "<line class=\"ax\" x1=\"\(tx)\" y1=\"16\" x2=\"\(tx)\" y2=\"\(n(rowsEnd))\"/><text x=\"\(tx)\" y=\"12\" class=\"tk\">\(tick.label)</text>"
        }
        for (r, name) in rows.enumerated() {
            s += "<text x=\"4\" y=\"\(n(rowTop(r) + 16))\" class=\"rl\">\(name)</text>"
        }
        // The thresholds, dashed in three patterns and labelled under the chart.
        for (name, ms, cls) in [("instant", thresholds.instant.milliseconds, "ti"),
                                ("noticeable", thresholds.noticeable.milliseconds, "tn"),
                                ("attention", thresholds.attention.milliseconds, "ta")] {
            let tx = n(x(ms))
            s += "<line class=\"th \(cls)\" x1=\"\(tx)\" y1=\"20\" x2=\"\(tx)\" y2=\"\(n(rowsEnd))\"/>"
            s += "<text x=\"\(tx)\" y=\"\(n(rowsEnd + 16))\" class=\"tl-\(cls)\">\(name) \(text(ms))</text>"
        }
        // `determinate-after`, where a config or profile moved it off `attention`: in attention's
        // colour, dotted (styled inline, so pages without it keep their style sheet).
        if thresholds.determinateAfter != thresholds.attention {
            let ms = thresholds.determinateAfter.milliseconds, tx = n(x(ms))
            s += "<line class=\"th ta\" style=\"stroke-dasharray:1 3\" x1=\"\(tx)\" y1=\"20\" x2=\"\(tx)\" y2=\"\(n(rowsEnd))\"/>"
            s += "<text x=\"\(tx)\" y=\"\(n(rowsEnd + 16))\" class=\"tl-ta\">determinate-after \(text(ms))</text>"
        }
        // The work: a range, one moment, or unknown.
        let workY = rowTop(0) + 8
        if let minMs = indicator.durationMinMs, let maxMs = indicator.durationMaxMs {
            let a = x(minMs), b = Swift.max(x(maxMs), a + 3)
            s += "<rect class=\"wk\" x=\"\(n(a))\" y=\"\(n(workY))\" width=\"\(n(b - a))\" height=\"12\"/>"
            s += "<line class=\"wkw\" x1=\"\(n(a))\" y1=\"\(n(workY - 3))\" x2=\"\(n(a))\" y2=\"\(n(workY + 15))\"/>"
            s += "<line class=\"wkw\" x1=\"\(n(b))\" y1=\"\(n(workY - 3))\" x2=\"\(n(b))\" y2=\"\(n(workY + 15))\"/>"
        } else {
            let a = x(indicator.showAfterMs ?? 0)
            s += "<line class=\"wku\" x1=\"\(n(a))\" y1=\"\(n(workY + 6))\" x2=\"\(n(left + plot))\" y2=\"\(n(workY + 6))\"/>"
            s += "<text x=\"\(n(left + plot - 4))\" y=\"\(n(workY + 2))\" class=\"wkt\">unknown ?</text>"
        }
        // The visible span: hatched while indeterminate, solid while determinate.
        let visible = states(indicator)
        let visY = rowTop(1) + 8
        for (a, b, determinate) in visible.segments {
            s += "<rect class=\"\(determinate ? "vd" : "vi")\" x=\"\(n(a))\" y=\"\(n(visY))\" width=\"\(n(Swift.max(b - a, 1)))\" height=\"12\"/>"
        }
        if indicator.durationMaxMs == nil {
            s += "<text x=\"\(n(left + plot - 4))\" y=\"\(n(visY - 2))\" class=\"wkt\">until done</text>"
        }
        if visible.segments.count > 1 {
            for (a, _, _) in visible.segments.dropFirst() {
                s += "<line class=\"sep\" x1=\"\(n(a))\" y1=\"\(n(visY - 3))\" x2=\"\(n(a))\" y2=\"\(n(visY + 15))\"/>"
            }
        }
        if let showAfter = indicator.showAfterMs {
            s += "<text x=\"\(n(x(showAfter)))\" y=\"\(n(visY - 2))\" class=\"sa\">show-after \(text(showAfter))</text>"
        }
        // Phases: alternating fills, numbered.
        if !phaseSegments.isEmpty {
            let y = rowTop(2) + 8
            for (i, (a, b, _)) in phaseSegments.enumerated() {
                s += "<rect class=\"\(i % 2 == 0 ? "pa" : "pb")\" x=\"\(n(a))\" y=\"\(n(y))\" width=\"\(n(b - a))\" height=\"12\"/>"
                if b - a > 14 { s += "<text x=\"\(n((a + b) / 2))\" y=\"\(n(y + 10))\" class=\"pn\">\(i + 1)</text>" }
            }
        }
        s += "</g>"
        // Findings: shape and word, each a link to the finding.
        if !markers.isEmpty {
            let top = rowTop(rows.count - 1) + 14
            for (mx, line, marker) in placed {
                let y = top + 20 * Double(line)
                let word = marker.severity.rawValue
                s += "<a href=\"#f\(marker.number)\" class=\"mk\" data-sev=\"\(word)\" data-rule=\"\(HTMLText.escape(marker.rule))\""
                    + " data-platform=\"\(HTMLText.escape(marker.platform ?? "none"))\">"
                s += "<title>finding \(marker.number): \(word), \(HTMLText.escape(marker.rule))</title>"
                s += shape(marker.severity, x: mx, y: y)
                s += "<text x=\"\(n(mx + 9))\" y=\"\(n(y + 4))\" class=\"m-\(word)\">\(marker.number) \(word)</text></a>"
            }
        }
        s += "</svg>"
        return s
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
