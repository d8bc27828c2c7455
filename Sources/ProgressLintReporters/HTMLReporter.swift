import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSpec
import ProgressLintSupport

/// One self-contained HTML page for people: the run, counts at a glance, each screen's
/// indicators on a timeline against its thresholds with their findings and code frames beside
/// them, then the rules and the files as tables.
///
/// Nothing leaves the page: its Content-Security-Policy allows no request, and its style and
/// script are inline, allowed by hash. The same run gives the same bytes (no clock, no random).
/// Text from specs is escaped in every context (``HTMLText``). The page reads whole with scripts
/// off; the script only adds filters by severity, platform and rule, kept in the fragment. With
/// ``ReportContext/previous`` (`--compare`), findings new since then are marked and fixed ones listed.
public struct HTMLReporter: Reporter {
    public static let name = "html"
    /// An earlier report of this format, by how its report starts (white space left out).
    public static func recognises(_ prefix: ReportPrefix) -> Bool {
        prefix.hasPrefix("<!DOCTYPEhtml>") || prefix.hasPrefix("<!doctypehtml>") || prefix.hasPrefix("<html")
    }
    public static let summary = "one self-contained HTML page: timelines against the thresholds, findings, rules, files"

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let report = context.report(result)
        let bySeverity = [Severity.error, .warning, .info].map { ($0, report.count($0)) }
        // With --compare: this run's fingerprints first (a pass over the findings), then what is new and fixed.
        var current: Set<String>?
        var newCount = 0
        if let previous = context.previous {
            var fingerprints = Fingerprint.Sequence(for: report)
            var set = Set<String>()
            for d in report.diagnostics {
                let fp = fingerprints.next(d)
                set.insert(fp)
                if !previous.fingerprints.contains(fp) { newCount += 1 }
            }
            current = set
        }
        let fixed = current.map { set in context.previous?.findings.filter { !set.contains($0.fingerprint) } ?? [] } ?? []

        out.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.write("<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLAssets.contentSecurityPolicy)\">\n")
        out.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        out.write("<meta name=\"generator\" content=\"\(Tool.name) \(Tool.version)\">\n")
        out.write("<title>progress-lint report</title>\n<style>")
        out.write(HTMLAssets.style)
        out.write("</style>\n</head>\n<body>\n")
        out.write(HTMLAssets.definitions)
        out.write("\n<header>\n<h1>progress-lint report</h1>\n")
        let total = bySeverity.reduce(0) { $0 + $1.1 }
        out.write("<p>\(result.files.count) files, \(result.screens) screens, \(result.indicators) indicators: "
                  + "\(bySeverity[0].1) errors, \(bySeverity[1].1) warnings, \(bySeverity[2].1) infos.</p>\n</header>\n")
        out.write("<nav class=\"toc\" aria-label=\"Contents\"><ul><li><a href=\"#run\">The run</a></li>"
                  + "<li><a href=\"#glance\">At a glance</a></li><li><a href=\"#screens\">Screens</a></li>"
                  + "<li><a href=\"#rules\">Rules</a></li><li><a href=\"#files\">Files</a></li></ul></nav>\n<main>\n")

        // The run: honest when it could not lint everything.
        out.write("<section aria-labelledby=\"run\">\n<h2 id=\"run\">The run</h2>\n")
        if result.isComplete {
            out.write("<p class=\"ok\">Complete: every file asked for was linted by \(Tool.name) \(Tool.version).</p>\n")
        } else {
            let count = result.runErrors.count
            out.write("<p class=\"ok sev-error\">Incomplete: \(count) \(count == 1 ? "problem" : "problems") stopped the run from "
                      + "linting everything (the command exits 2). The counts below are of what was linted.</p>\n<ul>\n")
            for error in result.runErrors {
                var place = error.path.map { HTMLText.escape($0) } ?? ""
                if let line = error.line { place += ":\(line)" }
                if let column = error.column { place += ":\(column)" }
                out.write("<li>\(place.isEmpty ? "" : "<span class=\"muted\">\(place)</span> ")\(HTMLText.escape(error.message))</li>\n")
            }
            out.write("</ul>\n")
        }
        if context.quiet { out.write("<p>Only errors are shown (<code>--quiet</code>).</p>\n") }
        if let previous = context.previous {
            out.write("<p>Compared with an earlier report of \(previous.findings.count) findings: "
                      + "<span class=\"badge b-new\">new</span> \(newCount), <span class=\"badge b-fixed\">fixed</span> \(fixed.count).</p>\n")
            if !fixed.isEmpty {
                out.write("<table><caption>Fixed since the earlier report</caption><thead><tr><th scope=\"col\">Severity</th>"
                          + "<th scope=\"col\">Rule</th><th scope=\"col\">Where</th><th scope=\"col\">Message</th></tr></thead><tbody>\n")
                for f in fixed {
                    out.write("<tr><td>\(HTMLText.escape(f.severity))</td><td>\(HTMLText.escape(f.rule))</td><td>"
                              + HTMLText.escape(f.path) + (f.line.map { ":\($0)" } ?? "")
                              + "</td><td>\(HTMLText.escape(f.message))</td></tr>\n")
                }
                out.write("</tbody></table>\n")
            }
        }
        out.write("</section>\n")

        glance(result, report: report, bySeverity: bySeverity, total: total, into: &out)

        // Screens, file by file: one file's screens and findings in memory at a time.
        out.write("<section aria-labelledby=\"screens\">\n<h2 id=\"screens\">Screens</h2>\n")
        filters(report: report, into: &out)
        var fingerprints = Fingerprint.Sequence(for: report)
        var number = 0
        // Findings of a path no file has belong to no file's section.
        for file in report.byFile {
            guard let position = file.position else { continue }
            let screens = result.timings.screens(at: position)
            let prints = file.diagnostics.map { fingerprints.next($0) }
            guard !screens.isEmpty || !file.diagnostics.isEmpty else { continue }
            fileSection(path: file.path, position: position, screens: screens, diagnostics: file.diagnostics,
                        fingerprints: prints, context: context, number: &number, into: &out)
        }
        out.write("</section>\n")

        rules(context: context, report: report, into: &out)
        files(report, into: &out)
        out.write("</main>\n<footer><p class=\"muted\">Written by progress-lint \(Tool.version). "
                  + "This page loads nothing from the network.</p></footer>\n<script>")
        out.write(HTMLAssets.script)
        out.write("</script>\n</body>\n</html>\n")
    }

    private func glance(_ result: RunResult, report: RunReport, bySeverity: [(Severity, Int)], total: Int,
                        into out: inout ReportStream) {
        out.write("<section aria-labelledby=\"glance\">\n<h2 id=\"glance\">At a glance</h2>\n<ul class=\"inline\">\n")
        // By severity.
        out.write("<li><table><caption>Findings by severity</caption><thead><tr><th scope=\"col\">Severity</th>"
                  + "<th scope=\"col\">Findings</th></tr></thead><tbody>\n")
        for (severity, count) in bySeverity {
            out.write("<tr><th scope=\"row\">\(HTMLTimeline.glyph(severity)) <span class=\"sev-\(severity.rawValue)\">"
                      + "\(severity.rawValue)</span></th><td class=\"n\">\(count)</td></tr>\n")
        }
        out.write("<tr><th scope=\"row\">all</th><td class=\"n\">\(total)</td></tr></tbody></table></li>\n")
        counts("Findings by rule", "Rule", report.byRule, into: &out)
        counts("Findings by platform", "Platform", report.byPlatform, into: &out)
        let inventory = result.inventory
        counts("Indicators by style", "Style", inventory.byStyle, into: &out)
        func share(_ n: Int, _ of: Int) -> String {
            of == 0 ? "–" : "\(Int((Double(n) * 100 / Double(of)).rounded()))% (\(n) of \(of))"
        }
        out.write("<li><table><caption>Inventory shares</caption><thead><tr><th scope=\"col\">Indicators that</th>"
                  + "<th scope=\"col\">Share</th></tr></thead><tbody>\n")
        for (what, text) in [("are determinate", share(inventory.determinate, inventory.indicators)),
                             ("offer Cancel", share(inventory.cancel, inventory.indicators)),
                             ("announce completion", share(inventory.completionAnnouncement, inventory.indicators)),
                             ("are animated and have a Reduce Motion fallback", share(inventory.reduceMotionFallback, inventory.animated))] {
            out.write("<tr><th scope=\"row\">\(what)</th><td class=\"n\">\(text)</td></tr>\n")
        }
        out.write("</tbody></table></li>\n</ul>\n</section>\n")
    }

    private func counts(_ caption: String, _ column: String, _ counts: [String: Int], into out: inout ReportStream) {
        out.write("<li><table><caption>\(caption)</caption><thead><tr><th scope=\"col\">\(column)</th>"
                  + "<th scope=\"col\">Count</th></tr></thead><tbody>\n")
        if counts.isEmpty { out.write("<tr><td>none</td><td class=\"n\">0</td></tr>\n") }
        for key in counts.keys.sorted() {
            out.write("<tr><td>\(HTMLText.escape(key))</td><td class=\"n\">\(counts[key]!)</td></tr>\n")
        }
        out.write("</tbody></table></li>\n")
    }

    private func filters(report: RunReport, into out: inout ReportStream) {
        out.write("<nav id=\"filters\" aria-label=\"Filters\" hidden>\n")
        func group(_ legend: String, _ name: String, _ values: [String]) {
            out.write("<fieldset><legend>\(legend)</legend>")
            for (i, value) in values.enumerated() {
                let id = "flt-\(name)-\(i)"
                out.write("<label for=\"\(id)\"><input type=\"checkbox\" id=\"\(id)\" name=\"\(name)\" value=\"\(HTMLText.escape(value))\" checked> "
                          + "\(HTMLText.escape(value))</label>")
            }
            out.write("</fieldset>\n")
        }
        group("Severity", "severity", ["error", "warning", "info"])
        group("Platform", "platform", report.byPlatform.keys.sorted())
        group("Rule", "rule", report.byRule.keys.sorted())
        out.write("<p id=\"shown\" role=\"status\"></p>\n</nav>\n")
    }

    /// One file: each screen with its indicators' timelines and findings; findings outside any screen last.
    private func fileSection(path: String, position: Int, screens: [ScreenTiming], diagnostics: [Diagnostic],
                             fingerprints: [String], context: ReportContext, number: inout Int,
                             into out: inout ReportStream) {
        out.write("<div class=\"file\">\n<h3 id=\"file-\(position)\">\(HTMLText.escape(path))</h3>\n")
        // Which screen and indicator each finding is about.
        var placed = [Bool](repeating: false, count: diagnostics.count)
        for (s, screen) in screens.enumerated() {
            let platform = screen.platform ?? "none"
            let name = screen.screen.map { HTMLText.escape($0) } ?? "(unnamed screen)"
            out.write("<div class=\"screen\" data-platform=\"\(HTMLText.escape(platform))\">\n"
                      + "<h4 id=\"screen-\(position)-\(s)\"><bdi>\(name)</bdi> <span class=\"muted\">(\(HTMLText.escape(platform)))</span></h4>\n")
            let t = screen.thresholds
            out.write("<p class=\"muted\">Thresholds: instant \(t.instant), noticeable \(t.noticeable), attention \(t.attention), "
                      + "show-after-max \(t.showAfterMax), updates-every-max \(t.updatesEveryMax)"
                      + (t.determinateAfter != t.attention ? ", determinate-after \(t.determinateAfter)" : "") + ".</p>\n")
            var byIndicator = [[Int]](repeating: [], count: screen.indicators.count)
            var aboutScreen: [Int] = []
            for (k, d) in diagnostics.enumerated() where !placed[k] && screen.holds(d) {
                placed[k] = true
                if let i = screen.indicatorIndex(of: d) { byIndicator[i].append(k) } else { aboutScreen.append(k) }
            }
            if screen.indicators.isEmpty { out.write("<p>No indicators.</p>\n") }
            for (i, indicator) in screen.indicators.enumerated() {
                let first = number + 1
                let markers = byIndicator[i].enumerated().map { j, k in
                    HTMLTimeline.Marker(number: first + j, severity: diagnostics[k].severity, rule: diagnostics[k].ruleID,
                                        yamlPath: diagnostics[k].yamlPath, platform: diagnostics[k].platform)
                }
                let id = "i\(position)-\(s)-\(i)"
                let label = indicator.id.map { HTMLText.escape($0) } ?? "(no id)"
                out.write("<div class=\"ind\">\n<div>\n<h5 id=\"\(id)\">Indicator <bdi>\(label)</bdi> "
                          + "<span class=\"muted\">line \(indicator.line)</span></h5>\n<figure>")
                let title = "Timeline of indicator \(indicator.id ?? "(no id)"): " + summary(indicator)
                out.write(HTMLTimeline.svg(indicator, thresholds: screen.thresholds, markers: markers, id: id + "-c", title: title))
                out.write("<figcaption>Log time axis 10 ms to 1 h; dashed lines are the thresholds; hatched while "
                          + "indeterminate, solid while determinate. The table says the same.</figcaption></figure>\n")
                timingTable(indicator, into: &out)
                out.write("</div>\n<div>\n")
                findings(byIndicator[i], diagnostics, fingerprints, context: context, number: &number,
                         heading: "Findings", into: &out)
                out.write("</div>\n</div>\n")
            }
            if !aboutScreen.isEmpty {
                findings(aboutScreen, diagnostics, fingerprints, context: context, number: &number,
                         heading: "Findings about the screen", into: &out)
            }
            out.write("</div>\n")
        }
        let rest = diagnostics.indices.filter { !placed[$0] }
        if !rest.isEmpty {
            findings(rest, diagnostics, fingerprints, context: context, number: &number,
                     heading: screens.isEmpty ? "Findings" : "Findings outside the screens", into: &out)
        }
        out.write("</div>\n")
    }

    /// The timing in words, for the chart's text equivalent.
    private func summary(_ indicator: IndicatorTiming) -> String {
        var parts: [String] = []
        if let minMs = indicator.durationMinMs, let maxMs = indicator.durationMaxMs {
            parts.append(minMs == maxMs ? "work takes \(HTMLTimeline.text(maxMs))"
                         : "work takes \(HTMLTimeline.text(minMs)) to \(HTMLTimeline.text(maxMs))")
        } else {
            parts.append("work duration unknown")
        }
        parts.append("appears after \(HTMLTimeline.text(indicator.showAfterMs ?? 0))")
        parts.append(indicator.determinate ? "determinate" : "indeterminate")
        if !indicator.phases.isEmpty { parts.append("\(indicator.phases.count) phases") }
        if !indicator.becomes.isEmpty { parts.append("\(indicator.becomes.count) later states") }
        return parts.joined(separator: ", ")
    }

    private func timingTable(_ indicator: IndicatorTiming, into out: inout ReportStream) {
        func text(_ ms: Double?) -> String { ms.map { HTMLTimeline.text($0) } ?? "not written" }
        var rows: [(String, String)] = []
        rows.append(("style", HTMLText.escape(indicator.style ?? "not written")
                     + (indicator.component.map { ", component " + HTMLText.escape($0) } ?? "")))
        rows.append(("determinate", indicator.determinate ? "yes" : "no"))
        rows.append(("presentation", "\(HTMLText.escape(indicator.presentation)) in \(HTMLText.escape(indicator.location))"))
        if let minMs = indicator.durationMinMs, let maxMs = indicator.durationMaxMs {
            rows.append(("duration", minMs == maxMs ? HTMLTimeline.text(maxMs) : "\(HTMLTimeline.text(minMs)) to \(HTMLTimeline.text(maxMs))"))
        } else {
            rows.append(("duration", "unknown"))
        }
        rows.append(("show-after", indicator.showAfterMs.map { HTMLTimeline.text($0) } ?? "not written (0s)"))
        for (i, phase) in indicator.phases.enumerated() {
            var parts: [String] = []
            if let share = phase.share { parts.append("share \(share)") }
            if let d = phase.durationMs { parts.append(HTMLTimeline.text(d)) }
            rows.append(("phase \(i + 1)", "<bdi>\(HTMLText.escape(phase.name ?? "(no name)"))</bdi>"
                         + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))))
        }
        for (i, state) in indicator.becomes.enumerated() {
            var parts: [String] = []
            if let d = state.determinate { parts.append(d ? "determinate" : "indeterminate") }
            if let s = state.style { parts.append(HTMLText.escape(s)) }
            rows.append(("becomes \(i + 1)", "when <bdi>\(HTMLText.escape(state.when ?? "(not said)"))</bdi>"
                         + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))))
        }
        out.write("<table class=\"timing\"><caption>Timing</caption><tbody>\n")
        for (key, value) in rows { out.write("<tr><th scope=\"row\">\(key)</th><td>\(value)</td></tr>\n") }
        out.write("</tbody></table>\n")
    }

    /// A numbered list of findings, each with its severity's shape and word, rule, message and code frame.
    private func findings(_ indices: [Int], _ diagnostics: [Diagnostic], _ fingerprints: [String], context: ReportContext,
                          number: inout Int, heading: String, into out: inout ReportStream) {
        guard !indices.isEmpty else {
            out.write("<p class=\"muted\">No findings.</p>\n")
            return
        }
        out.write("<p><strong>\(heading)</strong></p>\n<ol class=\"findings\">\n")
        for k in indices {
            let d = diagnostics[k]
            number += 1
            let word = d.severity.rawValue
            let rule = HTMLText.escape(d.ruleID)
            out.write("<li class=\"finding\" id=\"f\(number)\" data-sev=\"\(word)\" data-rule=\"\(rule)\" "
                      + "data-platform=\"\(HTMLText.escape(d.platform ?? "none"))\"><p>\(HTMLTimeline.glyph(d.severity)) "
                      + "<strong class=\"sev-\(word)\">\(number) \(word)</strong> "
                      + Self.ruleName(d.ruleID, context: context))
            if let previous = context.previous, k < fingerprints.count, !previous.fingerprints.contains(fingerprints[k]) {
                out.write(" <span class=\"badge b-new\">new</span>")
            }
            out.write(" <span class=\"muted\">line \(d.range.start.line), column \(d.startColumn(context.columnUnit))</span>"
                      + "</p>\n<p>\(HTMLText.escape(d.message))</p>\n")
            let frame = CodeFrame.lines(d, color: false)
            if !frame.isEmpty {
                out.write("<pre tabindex=\"0\">")
                out.write(frame.map { HTMLText.escape($0) }.joined(separator: "\n"))
                out.write("</pre>\n")
            }
            out.write("</li>\n")
        }
        out.write("</ol>\n")
    }

    /// A rule's id as HTML: a link to its page where `docs-url` gives one, plain text otherwise
    /// (no address that does not exist).
    private static func ruleName(_ id: String, context: ReportContext) -> String {
        guard let address = context.documentationURI(for: id) else { return "<code>\(HTMLText.escape(id))</code>" }
        return "<a href=\"\(HTMLText.escape(address))\">\(HTMLText.escape(id))</a>"
    }

    private func rules(context: ReportContext, report: RunReport, into out: inout ReportStream) {
        let byRule = report.byRule
        out.write("<section aria-labelledby=\"rules\">\n<h2 id=\"rules\">Rules</h2>\n<table><caption>Every rule, with "
                  + "its findings in this report</caption><thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Name</th>"
                  + "<th scope=\"col\">Default severity</th><th scope=\"col\">Findings</th></tr></thead><tbody>\n")
        var listed = Set<String>()
        for rule in context.rules {
            listed.insert(rule.id)
            out.write("<tr><td>\(Self.ruleName(rule.id, context: context))</td>"
                      + "<td>\(HTMLText.escape(rule.name))</td><td>\(rule.defaultSeverity.rawValue)</td>"
                      + "<td class=\"n\">\(byRule[rule.id] ?? 0)</td></tr>\n")
        }
        for id in byRule.keys.sorted() where !listed.contains(id) {
            out.write("<tr><td>\(HTMLText.escape(id))</td><td></td><td></td><td class=\"n\">\(byRule[id]!)</td></tr>\n")
        }
        out.write("</tbody></table>\n</section>\n")
    }

    private func files(_ report: RunReport, into out: inout ReportStream) {
        out.write("<section aria-labelledby=\"files\">\n<h2 id=\"files\">Files</h2>\n<table><caption>Every file linted, "
                  + "in path order</caption><thead><tr><th scope=\"col\">Path</th><th scope=\"col\">Screens</th>"
                  + "<th scope=\"col\">Indicators</th><th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th>"
                  + "<th scope=\"col\">Infos</th></tr></thead><tbody>\n")
        for (position, file, c) in report.fileCounts {
            // Files with a section (screens or findings) are linked to it.
            let name = file.screens > 0 || c.total > 0
                ? "<a href=\"#file-\(position)\">\(HTMLText.escape(file.path))</a>" : HTMLText.escape(file.path)
            out.write("<tr><td>\(name)</td><td class=\"n\">\(file.screens)</td>"
                      + "<td class=\"n\">\(file.indicators)</td><td class=\"n\">\(c.errors)</td><td class=\"n\">\(c.warnings)</td>"
                      + "<td class=\"n\">\(c.infos)</td></tr>\n")
        }
        out.write("</tbody></table>\n</section>\n")
    }
}
