import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace

/// The JSON report's `screens[]`: one entry per screen in report order, with the effective
/// thresholds of its configuration and each indicator's timing and finding counts. Written file
/// by file straight from the run's ``ScreenTimingList``: each field goes from the stored bytes
/// into the report, between key texts made once per report (with their commas, line breaks and
/// indentation), with no ``ScreenTiming``, `String` or array made per screen or indicator. The
/// text is what ``JSONWriter`` writes for the same values member by member (a test compares them).
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

    /// Writes `screens` as an array of every file's screens.
    static func write(_ result: RunResult, report: RunReport, into json: inout JSONWriter) {
        var index = FindingIndex()
        json.value(writtenBy: { out, level in
            var text = ScreenText(texts: Texts(level: level))
            swap(&text.out, &out)
            for file in report.byFile {
                guard let position = file.position else { continue }
                if file.diagnostics.isEmpty {
                    text.counts.removeAll(keepingCapacity: true)
                } else {
                    index.reset()
                    result.timings.visitScreens(at: position, &index)
                    index.count(file.diagnostics, into: &text.counts)
                }
                text.countsBase = 0
                result.timings.visitScreens(at: position, &text)
            }
            text.put(text.screens > 0 ? text.t.arrayEnd : [0x5B, 0x5D])
            swap(&text.out, &out)
        })
    }

    /// The texts between values, with their separators and indentation, for a `screens` array
    /// at `level`: its screens at L = `level` + 1 (their members at L + 1), an indicator's
    /// members at M = L + 3.
    struct Texts {
        let firstScreen: [UInt8], nextScreen: [UInt8], arrayEnd: [UInt8]
        let screen: [UInt8], platform: [UInt8], instant: [UInt8], noticeable: [UInt8], attention: [UInt8],
            showAfterMax: [UInt8], updatesEveryMax: [UInt8], indicators: [UInt8], firstIndicator: [UInt8],
            nextIndicator: [UInt8], indicatorsEnd: [UInt8], screenEnd: [UInt8]
        let line: [UInt8], style: [UInt8], determinate: [UInt8], component: [UInt8], presentation: [UInt8],
            location: [UInt8], showAfter: [UInt8], minMs: [UInt8], maxMs: [UInt8], unknown: [UInt8], phases: [UInt8],
            firstPhase: [UInt8], nextPhase: [UInt8], share: [UInt8], durationMs: [UInt8], memberEnd: [UInt8],
            listEnd: [UInt8], becomes: [UInt8], firstState: [UInt8], nextState: [UInt8], stateDeterminate: [UInt8],
            stateStyle: [UInt8], findings: [UInt8], warning: [UInt8], info: [UInt8], indicatorEnd: [UInt8]

        init(level: Int) {
            func indent(_ level: Int) -> String { "\n" + String(repeating: " ", count: 2 * level) }
            func key(_ key: String, _ level: Int, first: Bool = false) -> [UInt8] {
                Array(((first ? "{" : ",") + indent(level) + "\"\(key)\": ").utf8)
            }
            func text(_ s: String) -> [UInt8] { Array(s.utf8) }
            let l = level + 1, m = l + 3
            firstScreen = text("[" + indent(l)) + key("path", l + 1, first: true)
            nextScreen = text("," + indent(l)) + key("path", l + 1, first: true)
            arrayEnd = text(indent(level) + "]")
            screen = key("screen", l + 1)
            platform = key("platform", l + 1)
            instant = key("thresholds", l + 1) + key("instantMs", l + 2, first: true)
            noticeable = key("noticeableMs", l + 2)
            attention = key("attentionMs", l + 2)
            showAfterMax = key("showAfterMaxMs", l + 2)
            updatesEveryMax = key("updatesEveryMaxMs", l + 2)
            indicators = text(indent(l + 1) + "}") + key("indicators", l + 1)
            firstIndicator = text("[" + indent(l + 2)) + key("id", m, first: true)
            nextIndicator = text("," + indent(l + 2)) + key("id", m, first: true)
            indicatorsEnd = text(indent(l + 1) + "]")
            screenEnd = text(indent(l) + "}")
            line = key("line", m)
            style = key("style", m)
            determinate = key("determinate", m)
            component = key("component", m)
            presentation = key("presentation", m)
            location = key("location", m)
            showAfter = key("showAfterMs", m)
            minMs = key("duration", m) + key("minMs", m + 1, first: true)
            maxMs = key("maxMs", m + 1)
            unknown = key("unknown", m + 1)
            phases = text(indent(m) + "}") + key("phases", m)
            firstPhase = text("[" + indent(m + 1)) + key("name", m + 2, first: true)
            nextPhase = text("," + indent(m + 1)) + key("name", m + 2, first: true)
            share = key("share", m + 2)
            durationMs = key("durationMs", m + 2)
            memberEnd = text(indent(m + 1) + "}")
            listEnd = text(indent(m) + "]")
            becomes = key("becomes", m)
            firstState = text("[" + indent(m + 1)) + key("when", m + 2, first: true)
            nextState = text("," + indent(m + 1)) + key("when", m + 2, first: true)
            stateDeterminate = key("determinate", m + 2)
            stateStyle = key("style", m + 2)
            findings = key("findings", m) + key("error", m + 1, first: true)
            warning = key("warning", m + 1)
            info = key("info", m + 1)
            indicatorEnd = text(indent(m) + "}" + indent(l + 2) + "}")
        }
    }

    /// Writes screens as ``JSONWriter`` writes their members, from the fields
    /// ``ScreenTimingList/visitScreens(at:_:)`` hands over.
    struct ScreenText: ScreenTimingVisitor {
        var out = ReportStream()
        let t: Texts
        /// Each indicator's findings in the current file (by screen, then indicator, flat); none means all zero.
        var counts: [Counts] = []
        /// Where the current screen's indicators start in `counts`.
        var countsBase = 0
        /// Screens written so far (of all files).
        var screens = 0
        /// The current screen's indicators written, and the current indicator's phases and states.
        var indicatorNumber = 0, phaseNumber = 0, stateNumber = 0
        var phaseCount = 0, stateCount = 0

        init(texts: Texts) { t = texts }

        mutating func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { out.write(bytes: $0) }
        }

        mutating func put(ascii text: StaticString) { out.write(ascii: text) }

        mutating func string(_ bytes: UnsafeRawBufferPointer?) {
            guard let bytes else { return put(ascii: "null") }
            // Most texts are printable ASCII without `"`, `\` or `[`: copied between quotes as they are.
            for byte in bytes where byte &- 0x20 >= 0x5F || byte == 0x22 || byte == 0x5C || byte == 0x5B {
                return JSONWriter.escape(utf8: bytes, into: &out)
            }
            out.write(byte: 0x22)
            out.write(bytes: bytes.assumingMemoryBound(to: UInt8.self))
            out.write(byte: 0x22)
        }

        mutating func bool(_ value: Bool) { put(ascii: value ? "true" : "false") }

        /// A number as ``JSONWriter/double(_:)`` writes it; a whole one (most durations) as an integer.
        mutating func number(_ value: Double?) {
            guard let value else { return put(ascii: "null") }
            if value == value.rounded(), abs(value) < 1e15 {
                out.write(int: Int(value))
            } else if !value.isFinite {
                put(ascii: "null")
            } else {
                out.write(String(value))
            }
        }

        mutating func screen(_ s: EncodedScreen) {
            put(screens == 0 ? t.firstScreen : t.nextScreen)
            screens += 1
            string(s.path)
            put(t.screen)
            string(s.screen)
            put(t.platform)
            string(s.platform)
            put(t.instant)
            number(s.thresholds.0)
            put(t.noticeable)
            number(s.thresholds.1)
            put(t.attention)
            number(s.thresholds.2)
            put(t.showAfterMax)
            number(s.thresholds.3)
            put(t.updatesEveryMax)
            number(s.thresholds.4)
            put(t.indicators)
            if s.indicatorCount == 0 { put(ascii: "[]") }
            indicatorNumber = 0
        }

        mutating func indicator(_ i: EncodedIndicator) {
            put(indicatorNumber == 0 ? t.firstIndicator : t.nextIndicator)
            string(i.id)
            put(t.line)
            out.write(int: i.line)
            put(t.style)
            string(i.style)
            put(t.determinate)
            bool(i.determinate)
            put(t.component)
            string(i.component)
            put(t.presentation)
            emptyOr(i.presentation)
            put(t.location)
            emptyOr(i.location)
            put(t.showAfter)
            number(i.showAfterMs)
            put(t.minMs)
            number(i.durationMinMs)
            put(t.maxMs)
            number(i.durationMaxMs)
            put(t.unknown)
            bool(i.durationMaxMs == nil)
            put(t.phases)
            phaseNumber = 0
            phaseCount = i.phaseCount
            stateNumber = 0
            stateCount = i.becomesCount
            if phaseCount == 0 { afterPhases() }
        }

        /// A text that is empty when absent.
        mutating func emptyOr(_ bytes: UnsafeRawBufferPointer?) {
            if let bytes { string(bytes) } else { put(ascii: "\"\"") }
        }

        mutating func afterPhases() {
            put(phaseCount == 0 ? [0x5B, 0x5D] : t.listEnd)
            put(t.becomes)
            if stateCount == 0 { put(ascii: "[]") }
        }

        mutating func phase(name: UnsafeRawBufferPointer?, share s: Double?, durationMs d: Double?) {
            put(phaseNumber == 0 ? t.firstPhase : t.nextPhase)
            string(name)
            put(t.share)
            number(s)
            put(t.durationMs)
            number(d)
            put(t.memberEnd)
            phaseNumber += 1
            if phaseNumber == phaseCount { afterPhases() }
        }

        mutating func becomes(when: UnsafeRawBufferPointer?, determinate d: Bool?, style s: UnsafeRawBufferPointer?) {
            put(stateNumber == 0 ? t.firstState : t.nextState)
            string(when)
            put(t.stateDeterminate)
            if let d { bool(d) } else { put(ascii: "null") }
            put(t.stateStyle)
            string(s)
            put(t.memberEnd)
            stateNumber += 1
            if stateNumber == stateCount { put(t.listEnd) }
        }

        mutating func endIndicator() {
            let n = countsBase + indicatorNumber
            let c = n < counts.count ? counts[n] : Counts()
            put(t.findings)
            out.write(int: c.error)
            put(t.warning)
            out.write(int: c.warning)
            put(t.info)
            out.write(int: c.info)
            put(t.indicatorEnd)
            indicatorNumber += 1
        }

        mutating func endScreen() {
            if indicatorNumber > 0 { put(t.indicatorsEnd) }
            put(t.screenEnd)
            countsBase += indicatorNumber
        }
    }

    /// One file's screens' document indexes and indicators' ids and lines, to find which
    /// indicator each finding is about (as ``ScreenTiming/indicatorIndex(of:)`` does).
    struct FindingIndex: ScreenTimingVisitor {
        /// Per screen: its document and where its indicators start in `indicators`.
        var screens: [(documentIndex: Int, first: Int)] = []
        /// Per indicator: its id's bytes in `ids` (nil when it has none) and its lines.
        var indicators: [(id: Range<Int>?, line: Int, endLine: Int)] = []
        var ids: [UInt8] = []

        mutating func reset() {
            screens.removeAll(keepingCapacity: true)
            indicators.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
        }

        mutating func screen(_ screen: EncodedScreen) { screens.append((screen.documentIndex, indicators.count)) }

        mutating func indicator(_ indicator: EncodedIndicator) {
            var id: Range<Int>?
            if let bytes = indicator.id {
                id = ids.count..<(ids.count + bytes.count)
                ids.append(contentsOf: bytes)
            }
            indicators.append((id, indicator.line, indicator.endLine))
        }

        mutating func phase(name: UnsafeRawBufferPointer?, share: Double?, durationMs: Double?) {}
        mutating func becomes(when: UnsafeRawBufferPointer?, determinate: Bool?, style: UnsafeRawBufferPointer?) {}
        mutating func endIndicator() {}
        mutating func endScreen() {}

        /// Whether the indicator numbered `i` has the id `id` (as `String`s compare: its stored bytes decoded).
        func has(_ i: Int, id: String) -> Bool {
            guard let range = indicators[i].id else { return false }
            let bytes = ids[range]
            if id.utf8.elementsEqual(bytes) { return true }
            // Different bytes are different ASCII texts; other texts compare as `String`s do.
            if id.utf8.allSatisfy({ $0 < 0x80 }) && bytes.allSatisfy({ $0 < 0x80 }) { return false }
            return String(decoding: bytes, as: UTF8.self) == id
        }

        /// Each indicator's findings among `diagnostics`, flat by screen then indicator.
        func count(_ diagnostics: [Diagnostic], into counts: inout [Counts]) {
            counts.removeAll(keepingCapacity: true)
            counts.append(contentsOf: repeatElement(Counts(), count: indicators.count))
            for d in diagnostics {
                guard let s = screens.firstIndex(where: { $0.documentIndex == d.documentIndex }) else { continue }
                let range = screens[s].first..<(s + 1 < screens.count ? screens[s + 1].first : indicators.count)
                let line = d.range.start.line
                func holds(_ i: Int) -> Bool { indicators[i].line <= line && line <= indicators[i].endLine }
                var found: Int?
                if let id = d.indicator {
                    found = range.first(where: { has($0, id: id) && holds($0) }) ?? range.first(where: { has($0, id: id) })
                }
                if found == nil { found = range.first(where: holds) }
                if let found { counts[found].add(d.severity) }
            }
        }
    }
}
