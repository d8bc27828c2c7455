import ProgressLintEngine
import ProgressLintSpec
@testable import ProgressLintRun
import Testing

/// ``ScreenTimingList/readScreens(at:_:)``: the fields it hands over are those ``ScreenTimingList/screens(at:)`` reads.
@Suite struct ScreenTimingVisitTests {
    /// Rebuilds ``ScreenTiming``s from what a visit hands over.
    struct Rebuilder: ScreenTimingVisitor {
        var screens: [ScreenTiming] = []
        var events: [String] = []

        static func text(_ bytes: UnsafeRawBufferPointer?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

        mutating func screen(_ s: EncodedScreen) {
            var thresholds = Thresholds()
            thresholds.instant = ProgressLintSpec.Duration(milliseconds: s.thresholds.0)
            thresholds.noticeable = ProgressLintSpec.Duration(milliseconds: s.thresholds.1)
            thresholds.attention = ProgressLintSpec.Duration(milliseconds: s.thresholds.2)
            thresholds.showAfterMax = ProgressLintSpec.Duration(milliseconds: s.thresholds.3)
            thresholds.updatesEveryMax = ProgressLintSpec.Duration(milliseconds: s.thresholds.4)
            if s.thresholds.5 != s.thresholds.2 { thresholds.determinateAfter = ProgressLintSpec.Duration(milliseconds: s.thresholds.5) }
            thresholds.minDisplay = ProgressLintSpec.Duration(milliseconds: s.thresholds.6)
            screens.append(ScreenTiming(path: Self.text(s.path) ?? "", screen: Self.text(s.screen), documentIndex: s.documentIndex,
                                        platform: Self.text(s.platform), thresholds: thresholds, indicators: []))
            events.append("screen \(s.indicatorCount)")
        }

        mutating func indicator(_ i: EncodedIndicator) {
            screens[screens.count - 1].indicators.append(IndicatorTiming(
                id: Self.text(i.id), line: i.line, endLine: i.endLine, style: Self.text(i.style), determinate: i.determinate,
                component: Self.text(i.component), presentation: Self.text(i.presentation) ?? "",
                location: Self.text(i.location) ?? "", showAfterMs: i.showAfterMs, durationMinMs: i.durationMinMs,
                durationMaxMs: i.durationMaxMs, phases: [], becomes: []))
            events.append("indicator \(i.phaseCount) \(i.becomesCount)")
        }

        mutating func phase(name: UnsafeRawBufferPointer?, share: Double?, durationMs: Double?) {
            let s = screens.count - 1, i = screens[s].indicators.count - 1
            screens[s].indicators[i].phases.append(PhaseTiming(name: Self.text(name), share: share, durationMs: durationMs))
            events.append("phase")
        }

        mutating func becomes(when: UnsafeRawBufferPointer?, determinate: Bool?, style: UnsafeRawBufferPointer?) {
            let s = screens.count - 1, i = screens[s].indicators.count - 1
            screens[s].indicators[i].becomes.append(BecomesTiming(when: Self.text(when), determinate: determinate, style: Self.text(style)))
            events.append("becomes")
        }

        mutating func endIndicator() { events.append("end indicator") }
        mutating func endScreen() { events.append("end screen") }
    }

    static func screens() -> [ScreenTiming] {
        var thresholds = Thresholds()
        thresholds.attention = .seconds(12.5)
        let full = IndicatorTiming(
            id: "upload ✓", line: 3, endLine: 9, style: "bar", determinate: true, component: "AppSpinner",
            presentation: "overlay", location: "toolbar", showAfterMs: 500, durationMinMs: 0.25, durationMaxMs: 30_000,
            phases: [PhaseTiming(name: "Send", share: 0.9, durationMs: nil), PhaseTiming(name: nil, share: nil, durationMs: 2)],
            becomes: [BecomesTiming(when: "size known", determinate: true, style: "bar"),
                      BecomesTiming(when: nil, determinate: nil, style: nil)])
        let bare = IndicatorTiming(
            id: nil, line: 12, endLine: 12, style: nil, determinate: false, component: nil, presentation: "", location: "",
            showAfterMs: nil, durationMinMs: nil, durationMaxMs: nil, phases: [], becomes: [])
        return [
            ScreenTiming(path: "a.yaml", screen: "Upload", documentIndex: 0, platform: "ios", thresholds: thresholds,
                         indicators: [full, bare, full]),
            ScreenTiming(path: "a.yaml", screen: nil, documentIndex: 2, platform: nil, thresholds: Thresholds(), indicators: []),
            ScreenTiming(path: "a.yaml", screen: "Last", documentIndex: 3, platform: "android", thresholds: Thresholds(),
                         indicators: [bare]),
        ]
    }

    @Test func aReadHandsOverEveryFieldScreensAtReadsInOrder() {
        var list = ScreenTimingList()
        list.append(Self.screens(), file: 1)
        var read = Rebuilder()
        #expect(list.readScreens(at: 1, &read))
        #expect(read.screens == Self.screens())
        #expect(read.screens == list.screens(at: 1))
        #expect(read.events.prefix(9) == ["screen 3", "indicator 2 2", "phase", "phase", "becomes", "becomes", "end indicator",
                                          "indicator 0 0", "end indicator"])
        // A file with no screens, and positions it has not, read as whole with nothing handed over.
        for position in [0, 2, -1] {
            var none = Rebuilder()
            #expect(list.readScreens(at: position, &none))
            #expect(none.events.isEmpty)
        }
    }

    @Test func truncatedBytesHandOverTheWholeScreensScreensAtReadsAndSayWhenTheLastIsNot() {
        let bytes = ScreenTimingList.encode(Self.screens())
        var wholeCounts: Set<Int> = []
        var short = 0
        for length in 1..<bytes.count {
            var list = ScreenTimingList()
            bytes.withUnsafeBytes { list.appendEncoded(UnsafeRawBufferPointer(rebasing: $0[0..<length]), file: 0) }
            var read = Rebuilder()
            let whole = list.readScreens(at: 0, &read)
            let ended = read.events.filter { $0 == "end screen" }.count
            #expect(Array(read.screens.prefix(ended)) == list.screens(at: 0), "\(length) bytes")
            if whole {
                #expect(read.screens.count == ended, "\(length) bytes")
            } else {
                // What came after the last whole screen is at most the start of one more.
                short += 1
                #expect(read.screens.count - ended <= 1, "\(length) bytes")
            }
            wholeCounts.insert(ended)
        }
        #expect(short > 0 && short < bytes.count - 1)
        // The cut falls in each screen in turn: none, one and two screens are whole (and a cut
        // right after the last screen's indicator count reads, there as here, as a screen without indicators).
        #expect(wholeCounts.isSuperset(of: [0, 1, 2]))
    }
}
