import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace

/// The JSON report's `screens[]`: one entry per screen in report order, with its thresholds and each
/// indicator's timing and finding counts, written straight from the stored timings with no `String`
/// per screen; the text is what ``JSONWriter`` writes for the same values (a test compares them).
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

    /// Writes `screens` as an array at nesting `level` into `buffer`, a file at a time, reading the
    /// findings from the start (the text the pieces of ``write(_:report:places:level:jobs:to:)`` make).
    static func write(_ result: RunResult, report: RunReport, level: Int, into buffer: inout ReportBuffer) {
        var arena = TextArena()
        defer { arena.free() }
        var index = FindingIndex()
        var text = ScreenText(out: buffer, texts: Texts(level: level, arena: &arena))
        let timings = report.screenReader()
        let files = report.fileReader()
        var findings = JSONReporter.FileFindings(report.diagnostics.briefs(from: report.diagnostics.start))
        for position in 0..<report.fileCount {
            writeScreens(ofFile: position, files: files, timings: timings, findings: &findings, index: &index, into: &text)
        }
        text.out.put(text.screens > 0 ? text.t.arrayEnd : text.t.emptyArray)
        buffer = text.out
    }

    /// Writes the screens of the file at `position` into `text`, counting the findings of its path
    /// that come next in `findings` against its indicators.
    static func writeScreens(ofFile position: Int, files: RunReport.FileReader, timings: RunReport.ScreenReader,
                             findings: inout JSONReporter.FileFindings, index: inout FindingIndex,
                             into text: inout ScreenText) {
        text.counts.removeAll(keepingCapacity: true)
        files.withPath(at: position) { path in
            guard findings.has(path) else { return }
            index.reset()
            // In one pass: a screen whose bytes run short is not written, so what is counted against it is never read.
            _ = timings.readScreens(at: position, &index)
            text.counts.append(contentsOf: repeatElement(Counts(), count: index.indicators.count))
            findings.take(path) { index.count($0, into: &text.counts) }
        }
        text.countsBase = 0
        text.screenMark = text.out.mark
        text.screensAtMark = text.screens
        // A screen whose bytes run short, and every one after it, is left out.
        if !timings.readScreens(at: position, &text) { text.leaveOutLastScreen() }
        text.out.endItem()
    }

    /// Files in a piece of `screens` rendered on its own: within a ``ReportBuffer``'s first allocation
    /// (larger pieces grow every slot's buffer, and the peak memory with them).
    static let filesPerPiece = 24

    /// Writes `screens` as an array at nesting `level` to `stream`, the text ``write(_:report:level:into:)``
    /// writes, rendered in ranges of files on `jobs` threads (``ReportPieces``), each reading the findings
    /// from its place in `places`.
    static func write(_ result: RunResult, report: RunReport, places: JSONReporter.PiecePlaces, level: Int, jobs: Int,
                      to stream: inout ReportStream) {
        let files = report.fileCount
        let (pieces, overflow) = files.addingReportingOverflow(filesPerPiece - 1)
        var screens = 0
        if !overflow {
            ReportPieces.write(
                count: pieces / filesPerPiece, jobs: jobs, to: &stream,
                renderer: { Pieces(report: report, places: places, level: level) },
                write: { stream, buffer, items in
                    guard items > 0, !buffer.written.isEmpty else { return }
                    if screens > 0 { buffer.written[0] = 0x2C }
                    screens += items
                    stream.write(block: UnsafeBufferPointer(buffer.written))
                })
        }
        if screens == 0 { return stream.write(ascii: "[]") }
        stream.write(lineBreakAfterComma: false, spaces: 2 * Swift.max(0, level))
        stream.write(byte: 0x5D)
    }

    /// Renders ranges of ``filesPerPiece`` files' screens, on one thread.
    final class Pieces: ReportPieceRenderer {
        let report: RunReport
        let files: RunReport.FileReader
        let timings: RunReport.ScreenReader
        let places: JSONReporter.PiecePlaces
        var arena = TextArena()
        var index = FindingIndex()
        var text: ScreenText

        init(report: RunReport, places: JSONReporter.PiecePlaces, level: Int) {
            self.report = report
            files = report.fileReader()
            timings = report.screenReader()
            self.places = places
            text = ScreenText(out: ReportBuffer.collecting(), texts: Texts(level: level, arena: &arena))
        }

        deinit {
            arena.free()
            text.out.free()
        }

        func render(_ piece: Int, into buffer: inout ReportBuffer) -> Int {
            let start = piece * ScreenTimingJSON.filesPerPiece
            let end = Swift.min(files.count, start + ScreenTimingJSON.filesPerPiece)
            guard start < end else { return 0 }
            swap(&text.out, &buffer)
            defer { swap(&text.out, &buffer) }
            text.screens = 0
            var findings = places.findings(ofPiece: piece, in: report)
            findings.skipEarlierFile(before: start, files: files)
            for position in start..<end {
                ScreenTimingJSON.writeScreens(ofFile: position, files: files, timings: timings, findings: &findings,
                                              index: &index, into: &text)
            }
            return text.screens
        }
    }

    /// Texts made once per report, each in an allocation of its own, freed together.
    struct TextArena {
        private var made: [UnsafeMutableBufferPointer<UInt8>] = []

        /// `bytes`, kept until ``free()``.
        mutating func keep(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(1, bytes.count))
            _ = copy.initialize(from: bytes)
            made.append(copy)
            return UnsafeBufferPointer(rebasing: copy[0..<bytes.count])
        }

        func free() {
            for bytes in made { bytes.deallocate() }
        }
    }

    /// The texts between values, with their separators and indentation, for a `screens` array
    /// at `level`: its screens at L = `level` + 1 (their members at L + 1), an indicator's
    /// members at M = L + 3. Pointers into a ``TextArena``: written with no reference counted.
    struct Texts {
        let firstScreen, nextScreen, arrayEnd, emptyArray, null, emptyText, falseText, trueText: UnsafeBufferPointer<UInt8>
        let screen, platform, instant, noticeable, attention, showAfterMax, updatesEveryMax, determinateAfter, minDisplay,
            indicators,
            noIndicators, firstIndicator, nextIndicator, indicatorsEnd, screenEnd: UnsafeBufferPointer<UInt8>
        let line, style, determinate, component, presentation, location, showAfter, minMs, maxMs, unknown, phases,
            firstPhase, nextPhase, share, durationMs, memberEnd, listEnd, becomes, noBecomes, firstState, nextState,
            stateDeterminate, stateStyle, findings, warning, info, indicatorEnd: UnsafeBufferPointer<UInt8>

        init(level: Int, arena: inout TextArena) {
            func indent(_ level: Int) -> String { "\n" + String(repeating: " ", count: 2 * level) }
            func key(_ key: String, _ level: Int, first: Bool = false) -> [UInt8] {
                Array(((first ? "{" : ",") + indent(level) + "\"\(key)\": ").utf8)
            }
            func text(_ s: String) -> [UInt8] { Array(s.utf8) }
            func keep(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> { arena.keep(bytes) }
            let l = level + 1, m = l + 3
            firstScreen = keep(text("[" + indent(l)) + key("path", l + 1, first: true))
            nextScreen = keep(text("," + indent(l)) + key("path", l + 1, first: true))
            arrayEnd = keep(text(indent(level) + "]"))
            emptyArray = keep(text("[]"))
            null = keep(text("null"))
            emptyText = keep(text("\"\""))
            falseText = keep(text("false"))
            trueText = keep(text("true"))
            screen = keep(key("screen", l + 1))
            platform = keep(key("platform", l + 1))
            instant = keep(key("thresholds", l + 1) + key("instantMs", l + 2, first: true))
            noticeable = keep(key("noticeableMs", l + 2))
            attention = keep(key("attentionMs", l + 2))
            showAfterMax = keep(key("showAfterMaxMs", l + 2))
            updatesEveryMax = keep(key("updatesEveryMaxMs", l + 2))
            determinateAfter = keep(key("determinateAfterMs", l + 2))
            minDisplay = keep(key("minDisplayMs", l + 2))
            indicators = keep(text(indent(l + 1) + "}") + key("indicators", l + 1))
            noIndicators = keep(text(indent(l + 1) + "}") + key("indicators", l + 1) + text("[]"))
            firstIndicator = keep(text("[" + indent(l + 2)) + key("id", m, first: true))
            nextIndicator = keep(text("," + indent(l + 2)) + key("id", m, first: true))
            indicatorsEnd = keep(text(indent(l + 1) + "]"))
            screenEnd = keep(text(indent(l) + "}"))
            line = keep(key("line", m))
            style = keep(key("style", m))
            determinate = keep(key("determinate", m))
            component = keep(key("component", m))
            presentation = keep(key("presentation", m))
            location = keep(key("location", m))
            showAfter = keep(key("showAfterMs", m))
            minMs = keep(key("duration", m) + key("minMs", m + 1, first: true))
            maxMs = keep(key("maxMs", m + 1))
            unknown = keep(key("unknown", m + 1))
            phases = keep(text(indent(m) + "}") + key("phases", m))
            firstPhase = keep(text("[" + indent(m + 1)) + key("name", m + 2, first: true))
            nextPhase = keep(text("," + indent(m + 1)) + key("name", m + 2, first: true))
            share = keep(key("share", m + 2))
            durationMs = keep(key("durationMs", m + 2))
            memberEnd = keep(text(indent(m + 1) + "}"))
            listEnd = keep(text(indent(m) + "]"))
            becomes = keep(key("becomes", m))
            noBecomes = keep(key("becomes", m) + text("[]"))
            firstState = keep(text("[" + indent(m + 1)) + key("when", m + 2, first: true))
            nextState = keep(text("," + indent(m + 1)) + key("when", m + 2, first: true))
            stateDeterminate = keep(key("determinate", m + 2))
            stateStyle = keep(key("style", m + 2))
            findings = keep(key("findings", m) + key("error", m + 1, first: true))
            warning = keep(key("warning", m + 1))
            info = keep(key("info", m + 1))
            indicatorEnd = keep(text(indent(m) + "}" + indent(l + 2) + "}"))
        }
    }

    /// Writes screens as ``JSONWriter`` writes their members, from the fields
    /// ``RunReport/ScreenReader/readScreens(at:_:)`` hands over, into a ``ReportBuffer``.
    struct ScreenText: ScreenTimingVisitor {
        var out: ReportBuffer
        let t: Texts
        /// Each indicator's findings in the current file (by screen, then indicator, flat); none means all zero.
        var counts: [Counts] = []
        /// Where the current screen's indicators start in `counts`.
        var countsBase = 0
        /// Screens written so far (of all files).
        var screens = 0
        /// Where `out` was when the last screen ended (or the file began), and `screens` then: to
        /// leave out a screen whose bytes run short.
        var screenMark = 0, screensAtMark = 0
        /// The current screen's indicators written, and the current indicator's phases and states.
        var indicatorNumber = 0, phaseNumber = 0, stateNumber = 0
        var phaseCount = 0, stateCount = 0

        init(out: ReportBuffer, texts: Texts) {
            self.out = out
            t = texts
        }

        /// Takes back what was written since the last screen ended: a screen whose bytes ran short.
        mutating func leaveOutLastScreen() {
            out.rollBack(to: screenMark)
            screens = screensAtMark
        }

        @inline(__always) mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { out.put(bytes) }

        @inline(__always) mutating func string(_ bytes: UnsafeRawBufferPointer?) {
            guard let bytes else { return put(t.null) }
            out.string(utf8: bytes.assumingMemoryBound(to: UInt8.self))
        }

        @inline(__always) mutating func bool(_ value: Bool) { put(value ? t.trueText : t.falseText) }

        @inline(__always) mutating func number(_ value: Double?) { out.number(value) }

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
            put(t.determinateAfter)
            number(s.thresholds.5)
            put(t.minDisplay)
            number(s.thresholds.6)
            put(s.indicatorCount == 0 ? t.noIndicators : t.indicators)
            indicatorNumber = 0
        }

        mutating func indicator(_ i: EncodedIndicator) {
            put(indicatorNumber == 0 ? t.firstIndicator : t.nextIndicator)
            string(i.id)
            put(t.line)
            out.int(i.line)
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
        @inline(__always) mutating func emptyOr(_ bytes: UnsafeRawBufferPointer?) {
            if let bytes { out.string(utf8: bytes.assumingMemoryBound(to: UInt8.self)) } else { put(t.emptyText) }
        }

        mutating func afterPhases() {
            if phaseCount > 0 { put(t.listEnd) } else { put(t.emptyArray) }
            put(stateCount == 0 ? t.noBecomes : t.becomes)
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
            if let d { bool(d) } else { put(t.null) }
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
            out.int(c.error)
            put(t.warning)
            out.int(c.warning)
            put(t.info)
            out.int(c.info)
            put(t.indicatorEnd)
            indicatorNumber += 1
        }

        mutating func endScreen() {
            if indicatorNumber > 0 { put(t.indicatorsEnd) }
            put(t.screenEnd)
            countsBase += indicatorNumber
            screenMark = out.mark
            screensAtMark = screens
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
        func has(_ i: Int, id: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let range = indicators[i].id else { return false }
            let bytes = ids[range]
            if id.elementsEqual(bytes) { return true }
            // Different bytes are different ASCII texts; other texts compare as `String`s do.
            if id.allSatisfy({ $0 < 0x80 }) && bytes.allSatisfy({ $0 < 0x80 }) { return false }
            return String(decoding: bytes, as: UTF8.self) == String(decoding: id, as: UTF8.self)
        }

        /// Counts `d` against the indicator it is about, in `counts` (flat by screen then indicator),
        /// as ``ScreenTiming/indicatorIndex(of:)`` finds it; a finding about no screen's document is not counted.
        func count(_ d: RunReport.FindingBrief, into counts: inout [Counts]) {
            guard let documentIndex = d.documentIndex,
                  let s = screens.firstIndex(where: { $0.documentIndex == documentIndex }) else { return }
            let range = screens[s].first..<(s + 1 < screens.count ? screens[s + 1].first : indicators.count)
            let line = d.line
            func holds(_ i: Int) -> Bool { indicators[i].line <= line && line <= indicators[i].endLine }
            var found = d.withIndicatorUTF8 { id -> Int? in
                // Lines first: an id's bytes are compared only for the indicator that holds the finding.
                guard let id else { return nil }
                return range.first(where: { holds($0) && has($0, id: id) }) ?? range.first(where: { has($0, id: id) })
            }
            if found == nil { found = range.first(where: holds) }
            if let found { counts[found].add(d.severity) }
        }
    }
}
