@testable import ProgressLintSpec
import ProgressLintYAML
import Testing

/// Contract revision 1.2, "Near-miss component names": "did you mean" only for a probable typo of a
/// known component, the platform's own among equally close names, never for a wrapper or a
/// declared name.
@Suite struct NearMissComponentTests {
    /// The `spec-schema` warnings of a one-indicator spec, with `component: name`.
    static func warnings(_ name: String, platform: String? = nil, configPlatform: Platform? = nil,
                         components: DeclaredComponents = DeclaredComponents()) throws -> [SpecIssue] {
        let text = (platform.map { "platform: \($0)\n" } ?? "")
            + "screen: S\nindicators:\n  - id: a\n    style: spinner\n    component: \(name)\n"
        let document = try #require(try YAMLParser.parse(text).first)
        return SpecDecoder.decode(document, documentIndex: 0, components: components, platform: configPlatform)
            .issues.filter { $0.isWarning }
    }

    @Test(arguments: [
        ("uiprogressview", "UIProgressView"),            // case
        ("PROGRESSBAR", "ProgressBar"),
        ("UIActivityIndicator", "UIActivityIndicatorView"),  // `View` added
        ("LinearProgressIndicatorView", "LinearProgressIndicator"),  // `View` removed
        ("UIProgresView", "UIProgressView"),             // distance 1
        ("ProgresBar", "ProgressBar"),
        ("UIProgressVeiw", "UIProgressView"),            // a swap of neighbours is one edit
        ("CircularProgresIndicatr", "CircularProgressIndicator"),  // distance 2
        ("UIProgressBar", "ProgressBar"),                // two letters added
        ("MyProgressBar", "ProgressBar"),
        ("MyLinearProgressIndicator", "LinearProgressIndicator"),
    ])
    func aProbableTypoOfAKnownComponentGetsDidYouMean(written: String, meant: String) throws {
        let issues = try Self.warnings(written)
        #expect(issues.count == 1, "\(written)")
        #expect(issues.first?.message.contains("did you mean `\(meant)`?") == true, "\(issues.first?.message ?? "")")
        #expect(issues.first?.message.contains("declare it under `components:`") == true)
    }

    @Test(arguments: ["BrandProgressBar", "AppProgressView", "ProgressBarCompat", "AppLinearProgressIndicator",
                      "BrandSpinner", "SegmentedProgress", "DotsIndicator", "PullToRefresh", "LottieLoader",
                      "PulseRing", "UploadTrack", "RefreshHeader", "Spinner", "UIProgressView", "progress"])
    func aWrapperWithAWordAddedOrAnUnrelatedOrKnownNameGetsNothing(name: String) throws {
        #expect(try Self.warnings(name).isEmpty, "\(name)")
        #expect(KnownComponent.nearMiss(of: name) == nil, "\(name)")
    }

    @Test func amongEquallyCloseNamesTheOneOfTheScreensPlatformIsSuggested() throws {
        // `ActivityIndicatorView` is `ActivityIndicator` with `View` added and `UIActivityIndicatorView`
        // with two letters dropped: equally close.
        #expect(Set(KnownComponent.nearMisses(of: "ActivityIndicatorView"))
                == [.uiActivityIndicatorView, .activityIndicator])
        func meant(_ platform: String?, config: Platform? = nil) throws -> String? {
            try Self.warnings("ActivityIndicatorView", platform: platform, configPlatform: config).first?.message
        }
        #expect(try meant("ubuntu-touch")?.contains("did you mean `ActivityIndicator`?") == true)
        #expect(try meant("ios")?.contains("did you mean `UIActivityIndicatorView`?") == true)
        // With no platform, the first in the table.
        #expect(try meant(nil)?.contains("did you mean `UIActivityIndicatorView`?") == true)
        // The config's platform counts for a screen that names none; the screen's own wins.
        #expect(try meant(nil, config: .ubuntuTouch)?.contains("did you mean `ActivityIndicator`?") == true)
        #expect(try meant("ios", config: .ubuntuTouch)?.contains("did you mean `UIActivityIndicatorView`?") == true)
        // `UIActivityIndicator` likewise: `View` added, or two letters from `ActivityIndicator`.
        #expect(KnownComponent.nearMiss(of: "UIActivityIndicator", platform: .ubuntuTouch) == .activityIndicator)
        #expect(KnownComponent.nearMiss(of: "UIActivityIndicator", platform: .ipados) == .uiActivityIndicatorView)
    }

    @Test func aNameDeclaredUnderComponentsNeverGetsTheWarning() throws {
        var components = DeclaredComponents()
        components["UIProgressBar"] = .custom
        components["MyProgressBar"] = .known(.progressBar)
        #expect(try Self.warnings("UIProgressBar", components: components).isEmpty)
        #expect(try Self.warnings("MyProgressBar", components: components).isEmpty)
        // Declared names are compared exactly, as `component` values are.
        #expect(try Self.warnings("uIProgressBar", components: components).count == 1)
    }

    @Test func aDeclaredWrapperIsReadAsTheComponentItStandsForAndACustomOneStaysCustom() throws {
        var components = DeclaredComponents()
        components["BrandProgressBar"] = .known(.uiProgressView)
        components["ChartShimmer"] = .custom
        func indicator(_ name: String) throws -> Indicator {
            let text = "screen: S\nindicators:\n  - {id: a, style: bar, component: \(name)}\n"
            let document = try #require(try YAMLParser.parse(text).first)
            let screen = try #require(SpecDecoder.decode(document, documentIndex: 0, components: components).screen)
            return try #require(screen.indicators.first)
        }
        let wrapper = try indicator("BrandProgressBar")
        #expect(wrapper.knownComponent == .uiProgressView)
        #expect(wrapper.wrapperName == "BrandProgressBar")
        #expect(wrapper.component?.value == "BrandProgressBar")
        let custom = try indicator("ChartShimmer")
        #expect(custom.knownComponent == nil)
        #expect(custom.wrapperName == nil)
        let known = try indicator("UIProgressView")
        #expect(known.knownComponent == .uiProgressView)
        #expect(known.wrapperName == nil)
    }

    @Test func aLongOrNonASCIINameCostsNoComparisonAndTrapsNothing() {
        #expect(KnownComponent.nearMiss(of: String(repeating: "UIProgressView", count: 1000)) == nil)
        #expect(KnownComponent.nearMiss(of: "ProgressViewZ\u{E9}") == .progressView)
        #expect(KnownComponent.nearMiss(of: "Spinn\u{E9}r") == nil)
        #expect(KnownComponent.nearMiss(of: "") == nil)
    }
}
