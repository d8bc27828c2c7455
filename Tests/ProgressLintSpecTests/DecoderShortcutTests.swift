@testable import ProgressLintSpec
import ProgressLintYAML
import Testing

/// Shortcuts of the decoder (fractions read from bytes, a component's known component looked up
/// from bytes) give exactly what the long way gives, or step aside for it.
@Suite struct DecoderShortcutTests {
    @Test func aFractionReadFromBytesIsWhatDoubleReadsOrNothing() {
        let texts = ["0", "1", "0.25", "0.87", "0.13", "0.1", "0.3", "1.0", "0.99999999999999", "0.999999999999999", "0.1234567890123456",
                     "00.5", "1.5", "2", ".5", "5.", ".", "", "0.5.5", "1e-1", "0x1p-2", "-0", "+0.5", " 0.5", "0.5 ",
                     "inf", "nan", "0,5", "0.\u{661}", "1.00000000000000", "0.000000000000001"]
        for text in texts {
            let quick = Array(text.utf8).withUnsafeBytes { SpecReader.fractionQuickly($0) }
            if let quick {
                let parsed = Double(text)
                #expect(quick.bitPattern == parsed?.bitPattern, "\(text)")
                #expect(quick >= 0 && quick <= 1, "\(text)")
            }
        }
        for text in ["0", "1", "0.25", "0.87", "1.0", "0.99999999999999"] {
            #expect(Array(text.utf8).withUnsafeBytes { SpecReader.fractionQuickly($0) } == Double(text), "\(text)")
        }
        // Out of 0...1, past 15 digits, or not digits with one dot between two: read the long way.
        for text in ["1.5", "2", ".5", "5.", "0.999999999999999", "0.1234567890123456", "1e-1", "-0", " 0.5", "inf", ""] {
            #expect(Array(text.utf8).withUnsafeBytes { SpecReader.fractionQuickly($0) } == nil, "\(text)")
        }
    }

    @Test func sharesAndTheirMessagesAreThoseOfTheText() throws {
        let spec = """
            screen: S
            indicators:
              - id: a
                style: bar
                phases:
                  - {name: One, share: 0.87}
                  - {name: Two, share: 0.13}
                  - {name: Three, share: 1.5}
                  - {name: Four, share: '0.5'}
                  - {name: Five, share: 1e-1}
                  - {name: Six, share: .5}
            """
        let document = try #require(try YAMLParser.parse(spec).first)
        let (screen, issues) = SpecDecoder.decode(document, documentIndex: 0)
        let phases = try #require(screen?.indicators.first?.phases?.value)
        #expect(phases.map { $0.share?.value } == [0.87, 0.13, nil, nil, 0.1, 0.5])
        #expect(issues.map(\.message) == [
            "`share: 1.5` is outside 0..1; a share is a fraction of the whole indicator",
            "`share` must be a fraction from 0 to 1 such as 0.25, found \"0.5\"",
        ])
    }

    @Test func theKnownComponentIsTheOneItsNameGives() throws {
        let names = ["UIProgressView", "ProgressView", "UIProgressVeiw", "BrandSpinner", "\u{212A}ProgressView",
                     "progress", "Progress", "UIActivityIndicatorView", "\"UIProgressView\""]
        for name in names {
            let spec = "screen: S\nindicators:\n  - {id: a, style: bar, component: \(name)}\n"
            let document = try #require(try YAMLParser.parse(spec).first)
            let indicator = try #require(SpecDecoder.decode(document, documentIndex: 0).screen?.indicators.first)
            let component = try #require(indicator.component)
            #expect(indicator.knownComponent == KnownComponent.named(component.value), "\(name)")
            // Setting it again (as a rule or a test may) keeps the two in step.
            var copy = indicator
            copy.component = component
            #expect(copy.knownComponent == indicator.knownComponent, "\(name)")
        }
    }
}
