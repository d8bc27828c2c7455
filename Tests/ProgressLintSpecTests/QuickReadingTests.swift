@testable import ProgressLintSpec
import ProgressLintYAML
import Testing

/// The decoder's shortcuts (durations read from bytes, near misses of known components
/// remembered) give exactly what the long way gives, or step aside for it.
@Suite struct QuickReadingTests {
    static let durationTexts = [
        "250ms", "3s", "1.5s", "2m", "1h", "0s", " 2m\t", "\t 7s ", "007ms", ".5s", "168h", "604800s",
        "169h", "604800.001s", "1.s", ".s", "s", "30", "", " ", "5 s", "5mss", "5sm", "1e3s", "1.2.3s", "-1s", "+1s",
        "0.12345678901234567s", "1234567890123456ms", "123456789012345ms", "\u{E9}s", "5\u{301}s", "5s\u{301}",
        "5\u{FF53}", "unknown", "..", "1s..", "..2s", "1s..2s", "2s..1s", "1s...2s", "1s..2s..3s", " 1s .. 2s ",
        "250ms..250ms", "1s..unknown", "unknown..1s",
    ]

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aDurationReadFromBytesIsTheOneParseReadsOrNothing() {
        for text in Self.durationTexts {
            let quick = Self.bytes(text).withUnsafeBytes { Duration.parseQuickly($0) }
            let parsed = try? Duration.parse(Substring(text))
            if let quick {
                #expect(quick.milliseconds.bitPattern == parsed?.milliseconds.bitPattern, "\(text)")
            }
        }
    }

    @Test func wellFormedDurationsAreReadFromBytes() {
        for text in ["250ms", "3s", "1.5s", "2m", "1h", "0s", " 2m\t", ".5s", "168h", "604800000ms", "0.0000000000001ms",
                     "0.12345678901234567s"] {
            let quick = Self.bytes(text).withUnsafeBytes { Duration.parseQuickly($0) }
            #expect(quick == (try? Duration.parse(Substring(text))), "\(text)")
            #expect(quick != nil, "\(text)")
        }
        // Out of range, or not a duration: the text is read again to say what is wrong.
        for text in ["1234567890123456ms", "169h", "30", "1.s", "5\u{301}s", "", "1e3s"] {
            #expect(Self.bytes(text).withUnsafeBytes { Duration.parseQuickly($0) } == nil, "\(text)")
        }
    }

    /// What the decoder makes of an expected duration, the long way.
    static func expected(_ text: String) -> ExpectedDuration? {
        if text == "unknown" { return .unknown }
        let value = Substring(text)
        if let dots = value.rangeOfDots() {
            guard let lower = try? Duration.parse(value[..<dots.lowerBound]),
                  let upper = try? Duration.parse(value[dots.upperBound...]), lower <= upper else { return nil }
            return .range(lower: lower, upper: upper)
        }
        return (try? Duration.parse(value)).map { .range(lower: $0, upper: $0) }
    }

    @Test func anExpectedDurationReadFromBytesIsTheOneTheTextGivesOrNothing() {
        for text in Self.durationTexts {
            let quick = Self.bytes(text).withUnsafeBytes { ExpectedDuration.parseQuickly($0) }
            if let quick { #expect(quick == Self.expected(text), "\(text)") }
        }
        for text in ["unknown", "1s..2s", "250ms..250ms", " 1s .. 2s ", "600ms", "2s..1m"] {
            #expect(Self.bytes(text).withUnsafeBytes { ExpectedDuration.parseQuickly($0) } == Self.expected(text),
                    "\(text)")
            #expect(Self.expected(text) != nil, "\(text)")
        }
        // A range that runs backwards is left to the long way, which reports it.
        #expect(Self.bytes("2s..1s").withUnsafeBytes { ExpectedDuration.parseQuickly($0) } == nil)
    }

    @Test func booleansReadFromBytesAreTheSixCoreSpellingsOnly() {
        let spellings: [String: Bool] = ["true": true, "True": true, "TRUE": true,
                                         "false": false, "False": false, "FALSE": false]
        for text in ["true", "True", "TRUE", "tRUE", "false", "False", "FALSE", "fALSE", "faLse", "yes", "no", "on",
                     "", "t", "truee", "fals", " true", "true ", "1", "0", "TRUe", "trUE", "FALSe", "FalsE", "falsE",
                     "fALSe", "False\u{0}"] {
            #expect(Self.bytes(text).withUnsafeBytes { SpecReader.coreBoolean($0) } == spellings[text], "\(text)")
        }
    }

    @Test func aRememberedNearMissIsTheOneWorkedOutEachTime() {
        var names = ["UIProgresView", "UIProgressVeiw", "UIActivityIndicator", "MyLinearProgressIndicator",
                     "UIProgressBar", "progressview", "BrandSpinner", "Spinner", "ProgressViewZ\u{E9}",
                     "ProgressViewZe\u{301}", "Spinn\u{E9}r", "KProgressView", "\u{212A}ProgressView",
                     "UIProgressVie\u{212A}", "UIProgressVieK", "", "p", String(repeating: "UIProgressView", count: 6)]
        // Past the number of names kept, names are still worked out.
        names += (0...KnownComponent.rememberedLimit).map { "Custom\($0)View" }
        names += ["UIProgressVeiw", "BrandSpinner"]
        for _ in 0..<2 {
            for name in names {
                #expect(KnownComponent.rememberedNearMisses(of: name) == KnownComponent.candidates(of: name), "\(name)")
            }
        }
        #expect(KnownComponent.choose(among: KnownComponent.rememberedNearMisses(of: "UIProgressVeiw"), platform: nil)
                    == .uiProgressView)
        #expect(KnownComponent.rememberedNearMisses(of: "BrandSpinner") == 0)
    }

    /// A screen of `count` indicators whose ids repeat every `period`, one of them an alias of an
    /// earlier id (the same node: not a duplicate).
    static func screen(indicators count: Int, period: Int) -> String {
        var lines = ["screen: S", "indicators:", "  - {id: &shared x0, style: bar}", "  - {id: *shared, style: bar}"]
        for n in 0..<count { lines.append("  - {id: x\(n % period), style: bar}") }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(3, 2), (14, 5), (15, 15), (17, 5), (40, 7), (40, 40)])
    func duplicateIDsAreReportedAtEachLaterUseInSmallAndLargeScreens(count: Int, period: Int) throws {
        let document = try #require(try YAMLParser.parse(Self.screen(indicators: count, period: period)).first)
        let issues = SpecDecoder.decode(document, documentIndex: 0).issues
        // Indicators 2... hold x0, x1, …: each repeats the first indicator with its id (indicator 0 for x0).
        let expected = (0..<count).filter { $0 >= period || $0 % period == 0 }.map { n in
            let firstLine = n % period == 0 ? 3 : 5 + n % period
            return "indicator id 'x\(n % period)' is already used on line \(firstLine) of screen 'S'; "
                + "give each indicator its own id"
        }
        #expect(issues.map(\.message) == expected)
        #expect(issues.allSatisfy { $0.kind == .duplicateID })
    }

    @Test func aNearMissIsWarnedAboutInEverySpecThatWritesIt() throws {
        let spec = "screen: S\nindicators:\n  - {id: a, style: bar, component: UIProgressVeiw}\n"
        for _ in 0..<3 {
            let document = try #require(try YAMLParser.parse(spec).first)
            let issues = SpecDecoder.decode(document, documentIndex: 0).issues
            #expect(issues.count == 1)
            #expect(issues.first?.isWarning == true)
            #expect(issues.first?.message.contains("did you mean `UIProgressView`?") == true)
        }
    }
}
