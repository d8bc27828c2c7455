import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintRules
import ProgressLintSpec
import LintTestSupport
import ProgressLintWorkspace
import Testing

/// The readings of catalogue 1.3 ("Additions in catalogue 1.3", with "Settled after review") that
/// the rules' own examples do not already pin: positions, silences, invalid values, coherence, and
/// the thresholds read through the configuration.
@Suite struct CatalogueThirteenReadingsTests {
    /// `rule id line:column` of every finding on `spec`, with `configure` applied to the defaults.
    static func findings(_ spec: String, configure: (inout Configuration) -> Void = { _ in }) -> [String] {
        var configuration = Configuration()
        configure(&configuration)
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return runner.run(inMemory: [("spec.yaml", Array(spec.utf8))], configuration: configuration).diagnostics
            .map { "\($0.ruleID) \($0.range.start.line):\($0.range.start.column)" }
    }

    /// The findings of `rule` only.
    static func findings(of rule: String, _ spec: String, configure: (inout Configuration) -> Void = { _ in }) -> [String] {
        findings(spec, configure: configure).filter { $0.hasPrefix(rule + " ") }
    }

    /// A one-indicator web spec with `keys` (indented as the indicator's own).
    static func spec(_ keys: String, platform: String = "web") -> String {
        "platform: \(platform)\nscreen: S\nindicators:\n  - id: a\n" + keys.split(separator: "\n").map { "    \($0)\n" }.joined()
    }

    // MARK: pause-stop-hide

    @Test func anAutoStartedSpinnerBesideContentWithAnUnknownDurationGetsPauseStopHideAtItsStart() {
        let found = Self.findings(Self.spec("style: spinner\nuser-initiated: false\nlabel: Checking for mail"))
        #expect(found.contains("pause-stop-hide 4:5"))
        #expect(!found.contains { $0.hasPrefix("offer-cancel") })
    }

    @Test(arguments: [("5s", false), ("1s..5s", false), ("5001ms", true), ("1s..5.1s", true), ("unknown", true)])
    func pauseStopHideNeedsMoreThanFiveSeconds(duration: String, fires: Bool) {
        let found = Self.findings(of: "pause-stop-hide",
            Self.spec("style: bar\nuser-initiated: false\nduration: \(duration)\nlabel: Syncing your files"))
        #expect(found.isEmpty != fires, "\(duration): \(found)")
    }

    @Test(arguments: [
        ("pause: false\nclose: false\ncancel: false", "pause-stop-hide 9:12"),
        ("cancel: false\nclose: false", "pause-stop-hide 10:12"),
        ("cancel: false", "pause-stop-hide 9:13"),
        ("reduce-motion: {replace-with: Syncing}", "pause-stop-hide 4:5"),
        ("becomes: [{when: stuck, style: bar, determinate: true}]", "pause-stop-hide 4:5"),
    ])
    func pauseStopHideReportsAtTheWrittenFalseElseAtTheIndicator(keys: String, expected: String) {
        let found = Self.findings(of: "pause-stop-hide",
            Self.spec("style: spinner\nuser-initiated: false\nduration: 30s\nlabel: Syncing\n" + keys))
        #expect(found == [expected], "\(keys)")
    }

    @Test(arguments: [
        "style: spinner\nuser-initiated: false\npause: true",
        "style: spinner\nuser-initiated: false\nclose: true",
        "style: spinner\nuser-initiated: false\ncancel: {label: Stop syncing}",
        "style: spinner\nuser-initiated: false\npresentation: overlay",
        "style: bar\ndeterminate: true\nuser-initiated: false",
        "style: refresh-control\nuser-initiated: false\nauto-refresh: 5m",
        "style: spinner\nuser-initiated: false\nduration: fast",
        "style: spinner\nuser-initiated: maybe",
    ])
    func pauseStopHideIsSilentWithAWayOutOrWhenItCannotJudge(keys: String) {
        #expect(Self.findings(of: "pause-stop-hide", Self.spec(keys + "\nlabel: Syncing")).isEmpty, "\(keys)")
    }

    @Test func aDeterminateSpinnerAndAnInvalidPurposeStillGetPauseStopHide() {
        #expect(Self.findings(of: "pause-stop-hide",
            Self.spec("style: spinner\ndeterminate: true\nuser-initiated: false\nlabel: Syncing")) == ["pause-stop-hide 4:5"])
        // It does not read `purpose`: Coherence 1 does not silence it.
        let found = Self.findings(Self.spec("style: spinner\nuser-initiated: false\npurpose: level\nlabel: Syncing"))
        #expect(found.contains("pause-stop-hide 4:5") && found.contains { $0.hasPrefix("spec-schema") })
    }

    // MARK: meter

    @Test func aMeterGaugeOnTheWebIsWhatOnlyTaskProgressAsksFor() {
        let gauge = "style: bar\ndeterminate: true\ncomponent: meter\npurpose: gauge\nlabel: 41 GB of 50 GB used"
        #expect(Self.findings(Self.spec(gauge)).isEmpty)
        // Off the web, `component-mismatch` still speaks, and `only-task-progress` still does not.
        let ios = Self.findings(Self.spec(gauge, platform: "ios"))
        #expect(ios == ["component-mismatch 7:16"])
        // An indeterminate meter is a mismatch too.
        let indeterminate = Self.findings(Self.spec("style: bar\ncomponent: meter\npurpose: gauge\nlabel: Disk use"))
        #expect(indeterminate.contains("component-mismatch 6:16") && !indeterminate.contains { $0.hasPrefix("only-task") })
    }

    @Test func aMeterWaitingForInputIsNotTaskProgressAndAProgressGaugeIsStillReported() {
        let waiting = Self.findings(Self.spec("style: bar\ndeterminate: true\ncomponent: meter\npurpose: waiting-for-input\nlabel: Pairing"))
        #expect(waiting.contains("only-task-progress 8:14") && !waiting.contains { $0.hasPrefix("meter-for-progress") })
        let progressGauge = Self.findings(Self.spec("style: bar\ndeterminate: true\ncomponent: progress\npurpose: gauge\nlabel: Disk use"))
        #expect(progressGauge.contains("only-task-progress 8:14"))
    }

    @Test func aWrapperDeclaredAsMeterIsReadAsMeter() throws {
        let spec = Self.spec("style: bar\ndeterminate: true\ncomponent: BrandMeter")
        let found = try lint(spec, config: "components: {BrandMeter: meter}").map { "\($0.ruleID) \($0.range.start.line):\($0.range.start.column)" }
        #expect(found.contains("meter-for-progress 7:16") && found.contains("missing-accessible-name 4:5"))
        #expect(!found.contains { $0.hasPrefix("spec-schema") })
        let message = try lint(spec, config: "components: {BrandMeter: meter}").first { $0.ruleID == "meter-for-progress" }?.message
        #expect(message?.contains("`BrandMeter` (as `meter`)") == true)
    }

    @Test func meterForProgressDoesNotJudgeAnInvalidPurpose() {
        let found = Self.findings(Self.spec("style: bar\ndeterminate: true\ncomponent: meter\npurpose: level\nlabel: Uploading"))
        #expect(!found.contains { $0.hasPrefix("meter-for-progress") })
    }

    // MARK: missing-accessible-name on the web

    @Test(arguments: ["component: progress", "component: meter\npurpose: gauge", "component: UIProgressView", ""])
    func everyWebIndicatorNeedsAName(component: String) {
        let found = Self.findings(Self.spec("style: bar\ndeterminate: true\n" + component))
        #expect(found.contains("missing-accessible-name 4:5"), "\(component): \(found)")
        let named = Self.findings(Self.spec("style: bar\ndeterminate: true\n" + component + "\naccessibility: {label: Disk use}"))
        #expect(!named.contains { $0.hasPrefix("missing-accessible-name") })
    }

    @Test func offTheWebAKnownComponentStillNamesItself() {
        #expect(Self.findings(of: "missing-accessible-name",
            Self.spec("style: bar\ndeterminate: true\ncomponent: UIProgressView", platform: "ios")).isEmpty)
    }

    // MARK: per-item-spinner

    @Test(arguments: [
        ("style: spinner\nper-item: true", true),
        ("style: bar\nper-item: true", true),
        ("style: spinner\ndeterminate: true\nper-item: true", false),
        ("style: bar\ndeterminate: true\nper-item: true", false),
        ("style: spinner\nper-item: false", false),
        ("style: spinner\nper-item: yes", false),
        ("style: spinner\nper-item: true\npurpose: gauge", false),
    ])
    func perItemSpinnerIsForAnimatedIndeterminateIndicatorsRepeatedPerItem(keys: String, fires: Bool) {
        let found = Self.findings(of: "per-item-spinner", Self.spec(keys + "\nlabel: Loading the photo"))
        #expect(found == (fires ? ["per-item-spinner 6:15"] : []), "\(keys)")
    }

    // MARK: flash-risk

    @Test(arguments: [
        ("duration: 400ms..2s", false),
        ("duration: 399ms..2s", true),
        ("duration: 1s..6s\nshow-after: 600ms", false),
        ("duration: 1s..6s\nshow-after: 601ms", true),
        ("duration: 300ms..800ms\nshow-after: 800ms", false),
        ("duration: 100ms\nshow-after: 50ms", true),
        ("duration: 99ms", false),
        ("duration: unknown", false),
        ("duration: 200ms..2s\nmin-display: 400ms", false),
        ("duration: 200ms..2s\nmin-display: 10x", false),
        ("duration: 200ms..2s\nshow-after: soon", false),
    ])
    func flashRiskComparesTheShortestVisibleTimeWithMinDisplay(keys: String, fires: Bool) {
        let found = Self.findings(of: "flash-risk", Self.spec("style: spinner\n" + keys + "\nlabel: Searching"))
        #expect(found == (fires ? ["flash-risk 4:5"] : []), "\(keys)")
    }

    @Test func flashRiskReportsAMinDisplayBelowTheThresholdWhereItIsWritten() {
        let found = Self.findings(of: "flash-risk", Self.spec("style: spinner\nduration: 200ms..2s\nmin-display: 399ms\nlabel: Searching"))
        #expect(found == ["flash-risk 7:18"])
    }

    @Test func flashRiskStaysSilentBelowTheInstantThresholdEvenWithIndicatorNotNeededOff() {
        let spec = Self.spec("style: spinner\nduration: 20ms..80ms\nlabel: Searching")
        #expect(Self.findings(of: "flash-risk", spec) { $0.rules["indicator-not-needed"] = .off }.isEmpty)
    }

    @Test func flashRiskReadsTheMinDisplayThresholdOfTheConfiguration() {
        let spec = Self.spec("style: spinner\nduration: 500ms..2s\nlabel: Searching")
        #expect(Self.findings(of: "flash-risk", spec).isEmpty)
        let found = Self.findings(of: "flash-risk", spec) { $0.thresholds.minDisplay = .seconds(1) }
        #expect(found == ["flash-risk 4:5"])
        let message = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
            .run(inMemory: [("s.yaml", Array(spec.utf8))], configuration: {
                var configuration = Configuration()
                configuration.thresholds.minDisplay = .seconds(1)
                return configuration
            }()).diagnostics.first { $0.ruleID == "flash-risk" }?.message ?? ""
        #expect(message.contains("below the 1 s min-display threshold") && message.contains("`min-display: 1s`"))
    }

    // MARK: long-wait-needs-determinate

    @Test func longWaitNeedsDeterminateComparesWithDeterminateAfter() {
        let spec = Self.spec("style: spinner\nduration: 20s\nlabel: Backing up your photos")
        #expect(Self.findings(of: "long-wait-needs-determinate", spec) == ["long-wait-needs-determinate 4:5"])
        #expect(Self.findings(of: "long-wait-needs-determinate", spec) { $0.thresholds.determinateAfter = .seconds(30) }.isEmpty)
        #expect(Self.findings(of: "long-wait-needs-determinate", spec) { $0.thresholds.determinateAfter = .seconds(20) }
            == ["long-wait-needs-determinate 4:5"])
        // Until set, it follows `attention`.
        #expect(Self.findings(of: "long-wait-needs-determinate", spec) { $0.thresholds.attention = .seconds(25) }.isEmpty)
    }
}

extension CatalogueThirteenReadingsTests {
    @Test func aThresholdIsCitedWithASpaceBeforeItsUnit() {
        #expect(FlashRisk.spaced(.init(milliseconds: 400)) == "400 ms")
        #expect(FlashRisk.spaced(.seconds(1.5)) == "1.5 s")
        #expect(FlashRisk.spaced(.init(milliseconds: 0.00001)).hasSuffix(" ms"))
    }
}
