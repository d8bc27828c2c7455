import ProgressLintSpec
import ProgressLintYAML
import Testing

/// Durations read their number with no `String` made when it is short; the value is the one
/// `Double(_:)` reads, to the last bit (numbers in milliseconds, within the 7-day maximum).
@Suite struct DurationParsingTests {
    @Test func shortNumbersReadAsDoubleReadsThem() throws {
        var numbers = ["0", "1", "0.1", "0.3", ".5", "1.5", "250", "007", "0.000000000000001", "99999999.9999999",
                       "123456789.012345", "3.14159265358979", "0.1234567890123"]
        // Every short decimal of a few shapes, and digits past the fast path.
        for whole in ["0", "1", "9", "12", "604"] {
            for fraction in ["", "1", "25", "333", "7", "05", "999999"] {
                numbers.append(fraction.isEmpty ? whole : "\(whole).\(fraction)")
            }
        }
        numbers += ["604799999.999999", "604799999.9999999", "0.12345678901234567", "604800.0000000001"]
        for number in numbers {
            let parsed = try Duration.parse(Substring(number + "ms"))
            let read = try #require(Double(number))
            #expect(parsed.milliseconds.bitPattern == read.bitPattern, "\(number)")
        }
    }

    @Test func unitsAndErrorsAreUnchanged() throws {
        #expect(try Duration.parse("1.5s").milliseconds == 1500)
        #expect(try Duration.parse(" 2m\t").milliseconds == 120_000)
        #expect(throws: Duration.ParseError.missingUnit("30")) { try Duration.parse("30") }
        #expect(throws: Duration.ParseError.malformed) { try Duration.parse("1.s") }
        #expect(throws: Duration.ParseError.malformed) { try Duration.parse(".s") }
        #expect(throws: Duration.ParseError.outOfRange) { try Duration.parse("169h") }
    }
}

@Suite struct KnownComponentLookupTests {
    @Test func knownComponentsAreFoundByNameAsRawValuesFindThem() {
        for component in KnownComponent.allCases {
            #expect(KnownComponent.named(component.rawValue) == component)
        }
        for name in ["", "uiprogressview", "UIProgressViews", "UIProgressVie", "progress ", "Pr\u{F6}gressBar"] {
            #expect(KnownComponent.named(name) == KnownComponent(rawValue: name))
        }
    }

    @Test func knownComponentFollowsTheComponentHoweverItIsSet() throws {
        let doc = try #require(try YAMLParser.parse("[a, b]\n").first)
        let root = try #require(doc.root)
        var indicator = Indicator(node: root)
        #expect(indicator.knownComponent == nil)
        indicator.component = Located("UIProgressView", at: root)
        #expect(indicator.knownComponent == .uiProgressView)
        indicator.component?.value = "progress"
        #expect(indicator.knownComponent == .htmlProgress)
        indicator.component?.value = "MyOwnView"
        #expect(indicator.knownComponent == nil)
        indicator.component = Located("Pr\u{F6}gressBar", at: root)
        #expect(indicator.knownComponent == nil)
        indicator.component = nil
        #expect(indicator.knownComponent == nil)
        var copy = indicator
        copy.component = Located("ProgressBar", at: doc.item(1, of: root))
        #expect(copy.knownComponent == .progressBar)
        #expect(indicator.knownComponent == nil)
    }
}
