import ProgressLintEngine
import ProgressLintSpec
@testable import ProgressLintRun
import Testing

/// ``ScreenTimingList/visitScreens(at:_:)``: the fields it hands over are those ``ScreenTimingList/screens(at:)`` reads.
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

    @Test func aVisitHandsOverEveryFieldScreensAtReadsInOrder() {
        var list = ScreenTimingList()
        list.append(Self.screens(), file: 1)
        var visit = Rebuilder()
        list.visitScreens(at: 1, &visit)
        #expect(visit.screens == Self.screens())
        #expect(visit.screens == list.screens(at: 1))
        #expect(visit.events.prefix(9) == ["screen 3", "indicator 2 2", "phase", "phase", "becomes", "becomes", "end indicator",
                                           "indicator 0 0", "end indicator"])
        // A file with no screens, and positions it has not, hand over nothing.
        for position in [0, 2, -1] {
            var none = Rebuilder()
            list.visitScreens(at: position, &none)
            #expect(none.events.isEmpty)
        }
    }

    @Test func truncatedBytesHandOverTheWholeScreensScreensAtReadsAndNothingElse() {
        let bytes = ScreenTimingList.encode(Self.screens())
        var wholeCounts: Set<Int> = []
        for length in 1..<bytes.count {
            var list = ScreenTimingList()
            bytes.withUnsafeBytes { list.appendEncoded(UnsafeRawBufferPointer(rebasing: $0[0..<length]), file: 0) }
            var visit = Rebuilder()
            list.visitScreens(at: 0, &visit)
            #expect(visit.screens == list.screens(at: 0), "\(length) bytes")
            #expect(visit.events.filter { $0 == "end screen" }.count == visit.screens.count)
            wholeCounts.insert(visit.screens.count)
        }
        // The cut falls in each screen in turn: none, one and two screens are whole (and a cut
        // right after the last screen's indicator count reads, there as here, as a screen without indicators).
        #expect(wholeCounts.isSuperset(of: [0, 1, 2]))
    }

    @Test func aReadInOnePassHandsOverWhatAVisitDoesAndSaysWhenTheLastScreenIsNotWhole() {
        let bytes = ScreenTimingList.encode(Self.screens())
        var short = 0
        for length in 1...bytes.count {
            var list = ScreenTimingList()
            bytes.withUnsafeBytes { list.appendEncoded(UnsafeRawBufferPointer(rebasing: $0[0..<length]), file: 0) }
            var visit = Rebuilder()
            list.visitScreens(at: 0, &visit)
            var read = Rebuilder()
            let whole = list.readScreens(at: 0, &read)
            if whole {
                #expect(read.events == visit.events, "\(length) bytes")
                #expect(read.screens == visit.screens)
            } else {
                // What it handed over since the last screen ended is what a visit leaves out.
                short += 1
                let ended = (read.events.lastIndex(of: "end screen") ?? -1) + 1
                #expect(Array(read.events[..<ended]) == visit.events, "\(length) bytes")
                #expect(read.screens.prefix(visit.screens.count) == visit.screens[...])
                #expect(read.screens.count - visit.screens.count <= 1)
            }
        }
        #expect(short > 0 && short < bytes.count)
        // Whole bytes read as a visit does; a file with no screens reads as whole with nothing handed over.
        var list = ScreenTimingList()
        list.append(Self.screens(), file: 1)
        var read = Rebuilder()
        #expect(list.readScreens(at: 1, &read))
        #expect(read.screens == Self.screens())
        for position in [0, 2, -1] {
            var none = Rebuilder()
            #expect(list.readScreens(at: position, &none))
            #expect(none.events.isEmpty)
        }
    }
}
