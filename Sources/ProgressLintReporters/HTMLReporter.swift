import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSpec
import ProgressLintSupport

/// One self-contained HTML page: an overview first (counts, the screens with most findings, the
/// slowest indicators, what `--compare` finds new and fixed), then every finding, the files and
/// the rules. A screen's details are drawn by the page's script from a data block, one JSON line a
/// file, so the page holds a few elements per finding and none per file or indicator.
/// Nothing leaves the page (its Content-Security-Policy allows no request), the same run gives the
/// same bytes, and spec text is escaped in every context; with scripts off, everything but the
/// drawn details still reads whole.
public struct HTMLReporter: Reporter {
    public static let name = "html"
    /// An earlier report of this format, by how its report starts (white space left out).
    public static func recognises(_ prefix: ReportPrefix) -> Bool {
        prefix.hasPrefix("<!DOCTYPEhtml>") || prefix.hasPrefix("<!doctypehtml>") || prefix.hasPrefix("<html")
    }
    public static let summary = "one self-contained HTML page: timelines against the thresholds, findings, rules, files"

    public init() {}

    /// How many screens and indicators the overview ranks, and how many new findings it lists.
    static let ranked = 20
    static let newListed = 100

    /// A screen in the overview's ranking: its file and place, name and findings.
    struct RankedScreen {
        var position: Int, index: Int, path: String, name: String?, platform: String?
        var counts = SeverityCounts()
        var total: Int { counts.errors + counts.warnings + counts.infos }
    }

    /// An indicator in the overview's ranking: its longest duration against its attention threshold.
    struct RankedIndicator {
        var position: Int, screen: Int, index: Int, path: String, id: String?, line: Int
        var maxMs: Double, attentionMs: Double
        var ratio: Double { attentionMs > 0 ? maxMs / attentionMs : maxMs }
    }

    /// A finding new since the earlier report, as the overview lists it.
    struct NewFinding {
        var number: Int, position: Int?, path: String, line: Int, severity: Severity, rule: String, message: String
    }

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let report = context.report(result)
        let bySeverity = [Severity.error, .warning, .info].map { ($0, report.count($0)) }
        // The first pass: every finding's number and fingerprint, the findings' HTML (it grows with
        // the findings, never with the files), the screens and indicators the overview ranks.
        var current = Set<String>()
        var newCount = 0
        var newList: [NewFinding] = []
        var worst: [RankedScreen] = []
        var slowest: [RankedIndicator] = []
        var unknownDurations = 0
        var findingsHTML = ""
        var fingerprints = Fingerprint.Sequence(for: report)
        var number = 0
        for file in report.byFile {
            let isNew: [Bool] = file.diagnostics.map { d in
                guard let previous = context.previous else { return false }
                let fp = fingerprints.next(d)
                current.insert(fp)
                return !previous.fingerprints.contains(fp)
            }
            if let position = file.position {
                for (s, screen) in report.screens(at: position).enumerated() {
                    var ranked = RankedScreen(position: position, index: s, path: file.path, name: screen.screen, platform: screen.platform)
                    for d in file.diagnostics where screen.holds(d) { ranked.counts.add(d.severity) }
                    if ranked.total > 0 { Self.keep(ranked, in: &worst) { (Double($0.total), Double($0.counts.errors), Double($0.counts.warnings)) } }
                    for (i, indicator) in screen.indicators.enumerated() {
                        guard let maxMs = indicator.durationMaxMs else {
                            unknownDurations += 1
                            continue
                        }
                        let r = RankedIndicator(position: position, screen: s, index: i, path: file.path, id: indicator.id,
                                                line: indicator.line, maxMs: maxMs, attentionMs: screen.thresholds.attention.milliseconds)
                        Self.keep(r, in: &slowest) { ($0.ratio, $0.maxMs, 0) }
                    }
                }
            }
            guard !file.diagnostics.isEmpty else { continue }
            let first = number + 1
            findingsHTML += file.position.map { "<h3 id=\"file-\($0)\"><a href=\"#file-\($0)\" data-p=\"\($0)\">\(HTMLText.escape(file.path))</a></h3>\n" }
                ?? "<h3>\(HTMLText.escape(file.path))</h3>\n"
            findingsHTML += "<ol class=\"findings\" start=\"\(first)\">\n"
            for (k, d) in file.diagnostics.enumerated() {
                number += 1
                if isNew[k] {
                    newCount += 1
                    if newList.count < Self.newListed {
                        newList.append(NewFinding(number: number, position: file.position, path: file.path, line: d.range.start.line,
                                                  severity: d.severity, rule: d.ruleID, message: d.message))
                    }
                }
                let word = d.severity.rawValue
                findingsHTML += "<li class=\"finding\" id=\"f\(number)\" data-sev=\"\(word)\" data-rule=\"\(HTMLText.escape(d.ruleID))\" "
                    + "data-platform=\"\(HTMLText.escape(d.platform ?? "none"))\"><b class=\"g-\(word) sev-\(word)\">\(number) \(word)</b> "
                    + Self.ruleName(d.ruleID, context: context)
                    + (isNew[k] ? " <span class=\"badge b-new\">new</span>" : "")
                    + " line \(d.range.start.line), column \(d.startColumn(context.columnUnit)): \(HTMLText.escape(d.message))</li>\n"
            }
            findingsHTML += "</ol>\n"
        }
        let fixed = context.previous.map { previous in previous.findings.filter { !current.contains($0.fingerprint) } } ?? []

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
        out.write("<p>\(result.fileCount) files, \(result.screens) screens, \(result.indicators) indicators: "
                  + "\(bySeverity[0].1) errors, \(bySeverity[1].1) warnings, \(bySeverity[2].1) infos.</p>\n</header>\n")
        out.write("<nav class=\"toc\" aria-label=\"Contents\"><ul><li><a href=\"#run\">The run</a></li>"
                  + "<li><a href=\"#glance\">At a glance</a></li><li><a href=\"#worst\">Most findings</a></li>"
                  + "<li><a href=\"#slowest\">Slowest</a></li><li><a href=\"#findings\">Findings</a></li>"
                  + "<li><a href=\"#files\">Files</a></li><li><a href=\"#rules\">Rules</a></li></ul></nav>\n<main>\n")

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
            if !newList.isEmpty {
                out.write("<table><caption>New since the earlier report"
                          + (newCount > newList.count ? " (the first \(newList.count) of \(newCount); every one is marked new under Findings)" : "")
                          + "</caption><thead><tr><th scope=\"col\">Finding</th><th scope=\"col\">Rule</th><th scope=\"col\">Where</th>"
                          + "<th scope=\"col\">Message</th></tr></thead><tbody>\n")
                for f in newList {
                    out.write("<tr><td><a href=\"#f\(f.number)\">\(f.number) \(f.severity.rawValue)</a></td><td>\(HTMLText.escape(f.rule))</td><td>"
                              + HTMLText.escape(f.path) + ":\(f.line)</td><td>\(HTMLText.escape(f.message))</td></tr>\n")
                }
                out.write("</tbody></table>\n")
            }
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

        let (byRule, byPlatform) = report.countsByRuleAndPlatform()
        glance(result, byRule: byRule, byPlatform: byPlatform, bySeverity: bySeverity, total: total, into: &out)
        ranking(worst: worst, slowest: slowest, unknownDurations: unknownDurations, into: &out)

        // Every finding, file by file, as plain HTML (no code frames: the details show those).
        out.write("<section aria-labelledby=\"findings\">\n<h2 id=\"findings\">Findings</h2>\n")
        out.write("<p>Every finding, file by file. A file's path opens its screens: each indicator's timeline against "
                  + "the thresholds, its timing table and its findings with their code.</p>\n")
        out.write("<noscript><p>The timelines, timing tables and code need scripts; the JSON report "
                  + "(<code>--format json</code>) has the same timing in <code>screens[]</code>.</p></noscript>\n")
        filters(rules: byRule.keys.sorted(), platforms: byPlatform.keys.sorted(), into: &out)
        out.write(findingsHTML.isEmpty ? "<p>No findings.</p>\n" : findingsHTML)
        out.write("</section>\n")

        files(report, into: &out)
        rules(context: context, byRule: byRule, into: &out)
        out.write("</main>\n")
        out.write("<dialog id=\"detail\" aria-labelledby=\"detail-h\"><div class=\"bar\"><h2 id=\"detail-h\" tabindex=\"-1\">Details</h2>"
                  + "<button type=\"button\" id=\"close\">Close</button></div><div id=\"detail-body\"></div></dialog>\n")
        out.write("<footer><p class=\"muted\">Written by progress-lint \(Tool.version). "
                  + "This page loads nothing from the network.</p></footer>\n")
        data(result, report: report, rules: byRule.keys.sorted(), context: context, into: &out)
        out.write("<script>")
        out.write(HTMLAssets.script)
        out.write("</script>\n</body>\n</html>\n")
    }

    /// Keeps the ``ranked`` greatest by `key` (ties: the first seen), in order, greatest first.
    static func keep<T>(_ item: T, in list: inout [T], by key: (T) -> (Double, Double, Double)) {
        let k = key(item)
        if list.count >= ranked, let last = list.last, !(k > key(last)) { return }
        var at = list.count
        while at > 0, k > key(list[at - 1]) { at -= 1 }
        list.insert(item, at: at)
        if list.count > ranked { list.removeLast() }
    }

    /// The overview's rankings: the screens with the most findings, the slowest indicators.
    private func ranking(worst: [RankedScreen], slowest: [RankedIndicator], unknownDurations: Int, into out: inout ReportStream) {
        func link(_ position: Int, screen: Int, indicator: Int? = nil, _ text: String) -> String {
            "<a href=\"#file-\(position)\" data-p=\"\(position)\" data-s=\"\(screen)\"\(indicator.map { " data-i=\"\($0)\"" } ?? "")>\(text)</a>"
        }
        out.write("<section aria-labelledby=\"worst\">\n<h2 id=\"worst\">Screens with the most findings</h2>\n")
        if worst.isEmpty {
            out.write("<p>No screen has a finding.</p>\n")
        } else {
            out.write("<table><caption>The \(worst.count) screens with the most findings; a screen opens its timelines and code</caption>"
                      + "<thead><tr><th scope=\"col\">Screen</th><th scope=\"col\">File</th><th scope=\"col\">Platform</th>"
                      + "<th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th></tr></thead><tbody>\n")
            for r in worst {
                let name = "<bdi>" + (r.name.map { HTMLText.escape($0) } ?? "(unnamed screen)") + "</bdi>"
                out.write("<tr><td>\(link(r.position, screen: r.index, name))</td><td>\(HTMLText.escape(r.path))</td>"
                          + "<td>\(HTMLText.escape(r.platform ?? "none"))</td><td class=\"n\">\(r.counts.errors)</td>"
                          + "<td class=\"n\">\(r.counts.warnings)</td><td class=\"n\">\(r.counts.infos)</td></tr>\n")
            }
            out.write("</tbody></table>\n")
        }
        out.write("</section>\n<section aria-labelledby=\"slowest\">\n<h2 id=\"slowest\">Slowest indicators</h2>\n")
        if slowest.isEmpty {
            out.write("<p>No indicator has a known duration.</p>\n")
        } else {
            out.write("<table><caption>The \(slowest.count) indicators whose longest duration is furthest past their screen's "
                      + "attention threshold</caption><thead><tr><th scope=\"col\">Indicator</th><th scope=\"col\">File</th>"
                      + "<th scope=\"col\">Longest duration</th><th scope=\"col\">Attention threshold</th>"
                      + "<th scope=\"col\">Times the threshold</th></tr></thead><tbody>\n")
            for r in slowest {
                let name = "<bdi>" + (r.id.map { HTMLText.escape($0) } ?? "(no id)") + "</bdi> line \(r.line)"
                let ratio = (r.ratio * 10).rounded() / 10
                out.write("<tr><td>\(link(r.position, screen: r.screen, indicator: r.index, name))</td><td>\(HTMLText.escape(r.path))</td>"
                          + "<td class=\"n\">\(HTMLTimeline.text(r.maxMs))</td><td class=\"n\">\(HTMLTimeline.text(r.attentionMs))</td>"
                          + "<td class=\"n\">\(HTMLTimeline.n(ratio))×</td></tr>\n")
            }
            out.write("</tbody></table>\n")
        }
        if unknownDurations > 0 {
            out.write("<p>\(unknownDurations) \(unknownDurations == 1 ? "indicator has" : "indicators have") an unknown duration.</p>\n")
        }
        out.write("</section>\n")
    }

    private func glance(_ result: RunResult, byRule: [String: Int], byPlatform: [String: Int], bySeverity: [(Severity, Int)], total: Int,
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
        counts("Findings by rule", "Rule", byRule, into: &out)
        counts("Findings by platform", "Platform", byPlatform, into: &out)
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

    private func filters(rules: [String], platforms: [String], into out: inout ReportStream) {
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
        group("Platform", "platform", platforms)
        group("Rule", "rule", rules)
        out.write("<p id=\"shown\" role=\"status\"></p>\n</nav>\n")
    }

    /// One indicator as the page's script reads it (JSON): `[id, line, style, determinate 0/1,
    /// presentation, duration, show-after or null, [[phase name, its timing]…], [[becomes' when,
    /// what it becomes]…], geometry, [its findings]]`, every time as a spec writes it. The script
    /// makes the timing table and the chart's title (the timing in words) from these.
    private func indicatorJSON(_ indicator: IndicatorTiming, markers: [HTMLTimeline.Marker], findings: [Int]) -> String {
        let duration: String
        if let minMs = indicator.durationMinMs, let maxMs = indicator.durationMaxMs {
            duration = minMs == maxMs ? HTMLTimeline.text(maxMs) : "\(HTMLTimeline.text(minMs)) to \(HTMLTimeline.text(maxMs))"
        } else {
            duration = "unknown"
        }
        var s = "[" + (indicator.id.map { HTMLText.json($0) } ?? "null") + ",\(indicator.line),"
            + HTMLText.json((indicator.style ?? "not written") + (indicator.component.map { ", component " + $0 } ?? ""))
            + ",\(indicator.determinate ? 1 : 0)," + HTMLText.json("\(indicator.presentation) in \(indicator.location)")
            + "," + HTMLText.json(duration) + "," + (indicator.showAfterMs.map { HTMLText.json(HTMLTimeline.text($0)) } ?? "null") + ",["
        s += indicator.phases.map { phase in
            var parts: [String] = []
            if let share = phase.share { parts.append("share \(share)") }
            if let d = phase.durationMs { parts.append(HTMLTimeline.text(d)) }
            return "[" + HTMLText.json(phase.name ?? "(no name)") + "," + HTMLText.json(parts.joined(separator: ", ")) + "]"
        }.joined(separator: ",") + "],["
        s += indicator.becomes.map { state in
            var parts: [String] = []
            if let d = state.determinate { parts.append(d ? "determinate" : "indeterminate") }
            if let style = state.style { parts.append(style) }
            return "[" + HTMLText.json(state.when ?? "(not said)") + "," + HTMLText.json(parts.joined(separator: ", ")) + "]"
        }.joined(separator: ",") + "],"
        s += HTMLTimeline.geometry(indicator, markers: markers) + ",[" + findings.map(String.init).joined(separator: ",") + "]]"
        return s
    }

    /// The data the page's script draws a file's details from: one JSON value a line in a
    /// `<script type="application/jsonl" id="data">` element (never run), so opening a file reads
    /// its line alone: a header with the files' counts, one line per file (its screens, its
    /// findings, its findings outside the screens), then the thresholds.
    private func data(_ result: RunResult, report: RunReport, rules: [String], context: ReportContext,
                      into out: inout ReportStream) {
        out.write("<script type=\"application/jsonl\" id=\"data\">")
        var docs: [String: String] = [:]
        for id in rules { docs[id] = context.documentationURI(for: id) }
        out.write("{\"ticks\":" + HTMLTimeline.ticksJSON
                  + ",\"docs\":{" + docs.keys.sorted().map { "\(HTMLText.json($0)):\(HTMLText.json(docs[$0]!))" }.joined(separator: ",")
                  + "},\"files\":[")
        for (position, file, c) in report.fileCounts {
            out.write((position == 0 ? "[" : ",[") + HTMLText.json(file.path)
                      + ",\(file.screens),\(file.indicators),\(c.errors),\(c.warnings),\(c.infos)]")
        }
        out.write("]}")
        var thresholdIndex: [String: Int] = [:]
        var thresholdList: [String] = []
        var fingerprints = Fingerprint.Sequence(for: report)
        var number = 0
        for file in report.byFile {
            let prints = file.diagnostics.map { d in context.previous.map { _ in fingerprints.next(d) } }
            let first = number
            number += file.diagnostics.count
            guard let position = file.position else { continue }
            let screens = report.screens(at: position)
            var line = "\n[["
            var placed = [Bool](repeating: false, count: file.diagnostics.count)
            for (s, screen) in screens.enumerated() {
                let t = screen.thresholds
                let full = "[" + HTMLText.json("instant \(t.instant), noticeable \(t.noticeable), attention \(t.attention), "
                                               + "show-after-max \(t.showAfterMax), updates-every-max \(t.updatesEveryMax)"
                                               + (t.determinateAfter != t.attention ? ", determinate-after \(t.determinateAfter)" : ""))
                    + "," + HTMLTimeline.thresholdsJSON(t) + "]"
                let thresholds: Int
                if let known = thresholdIndex[full] {
                    thresholds = known
                } else {
                    thresholds = thresholdList.count
                    thresholdIndex[full] = thresholds
                    thresholdList.append(full)
                }
                var byIndicator = [[Int]](repeating: [], count: screen.indicators.count)
                var aboutScreen: [Int] = []
                for (k, d) in file.diagnostics.enumerated() where !placed[k] && screen.holds(d) {
                    placed[k] = true
                    if let i = screen.indicatorIndex(of: d) { byIndicator[i].append(k) } else { aboutScreen.append(k) }
                }
                line += (s == 0 ? "[" : ",[") + (screen.screen.map { HTMLText.json($0) } ?? "null") + ","
                    + (screen.platform.map { HTMLText.json($0) } ?? "null") + ",\(thresholds),["
                for (i, indicator) in screen.indicators.enumerated() {
                    let markers = byIndicator[i].map { k in
                        let d = file.diagnostics[k]
                        return HTMLTimeline.Marker(number: first + k + 1, severity: d.severity, rule: d.ruleID,
                                                   yamlPath: d.yamlPath, platform: d.platform)
                    }
                    line += (i == 0 ? "" : ",") + indicatorJSON(indicator, markers: markers, findings: byIndicator[i])
                }
                line += "],[" + aboutScreen.map(String.init).joined(separator: ",") + "]]"
            }
            line += "],["
            for (k, d) in file.diagnostics.enumerated() {
                let isNew = prints[k].map { !(context.previous?.fingerprints.contains($0) ?? true) } ?? false
                line += (k == 0 ? "[" : ",[") + "\(first + k + 1),\(HTMLTimeline.severityCode(d.severity)),\(HTMLText.json(d.ruleID)),"
                    + "\(d.range.start.line),\(d.startColumn(context.columnUnit)),\(HTMLText.json(d.message)),["
                    + CodeFrame.lines(d, color: false).map { HTMLText.json($0) }.joined(separator: ",")
                    + "],\(isNew ? 1 : 0),\(HTMLText.json(d.platform ?? "none"))]"
            }
            line += "],[" + file.diagnostics.indices.filter { !placed[$0] }.map(String.init).joined(separator: ",") + "]]"
            out.write(line)
        }
        out.write("\n{\"thresholds\":[" + thresholdList.joined(separator: ",") + "]}</script>\n")
    }

    /// A rule's id as HTML: a link to its page where `docs-url` gives one, plain text otherwise
    /// (no address that does not exist).
    private static func ruleName(_ id: String, context: ReportContext) -> String {
        guard let address = context.documentationURI(for: id) else { return "<code>\(HTMLText.escape(id))</code>" }
        return "<a href=\"\(HTMLText.escape(address))\">\(HTMLText.escape(id))</a>"
    }

    private func rules(context: ReportContext, byRule: [String: Int], into out: inout ReportStream) {
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

    /// Every file: with scripts on, a table the page's script fills from the data, a page at a
    /// time, found by path; with scripts off, the whole table (a `<noscript>` element is only
    /// text when scripts run, so it adds nothing to the page then).
    private func files(_ report: RunReport, into out: inout ReportStream) {
        out.write("<section aria-labelledby=\"files\">\n<h2 id=\"files\">Files</h2>\n")
        out.write("<div id=\"browser\" hidden><p><label for=\"q\">Files whose path contains</label> <input type=\"search\" id=\"q\"> "
                  + "<label for=\"only\"><input type=\"checkbox\" id=\"only\"> only files with findings</label></p>"
                  + "<p id=\"fcount\" role=\"status\"></p>"
                  + "<table><caption>Files in path order; a path opens its screens</caption><thead><tr><th scope=\"col\">Path</th>"
                  + "<th scope=\"col\">Screens</th><th scope=\"col\">Indicators</th><th scope=\"col\">Errors</th>"
                  + "<th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th></tr></thead><tbody id=\"frows\"></tbody></table>"
                  + "<p><button type=\"button\" id=\"more\">Show more files</button></p></div>\n<noscript>")
        out.write("<table><caption>Every file linted, in path order</caption><thead><tr><th scope=\"col\">Path</th><th scope=\"col\">Screens</th>"
                  + "<th scope=\"col\">Indicators</th><th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th>"
                  + "<th scope=\"col\">Infos</th></tr></thead><tbody>\n")
        for (position, file, c) in report.fileCounts {
            // Files with findings are linked to them; the others are where the overview's links to them lead.
            let row = c.total > 0 ? "<tr><td><a href=\"#file-\(position)\">\(HTMLText.escape(file.path))</a></td>"
                : "<tr id=\"file-\(position)\"><td>\(HTMLText.escape(file.path))</td>"
            out.write(row + "<td class=\"n\">\(file.screens)</td>"
                      + "<td class=\"n\">\(file.indicators)</td><td class=\"n\">\(c.errors)</td><td class=\"n\">\(c.warnings)</td>"
                      + "<td class=\"n\">\(c.infos)</td></tr>\n")
        }
        out.write("</tbody></table></noscript>\n</section>\n")
    }
}
