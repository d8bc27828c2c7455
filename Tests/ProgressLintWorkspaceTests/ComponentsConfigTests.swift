import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
import Testing
import LintTestSupport
import TestSupport

/// Contract revision 1.2, "Design-system components": `components:` in the config, its errors,
/// `extends`, and every rule reading a wrapper as the component it stands for.
@Suite struct ComponentsConfigTests {
    let loader = ConfigurationLoader(rules: RuleRegistry.descriptions)

    func load(_ text: String) throws(ConfigurationError) -> Configuration {
        try loader.load(Array(text.utf8), path: "c.yml", directory: "/")
    }

    func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    static let config = """
        components:
          BrandProgressBar: UIProgressView
          DSSpinner: CircularProgressIndicator
          ChartShimmer: custom
        """

    @Test func eachEntryIsReadAsAKnownComponentOrCustom() throws {
        let configuration = try load(Self.config)
        #expect(configuration.components["BrandProgressBar"] == .known(.uiProgressView))
        #expect(configuration.components["DSSpinner"] == .known(.circularProgressIndicator))
        #expect(configuration.components["ChartShimmer"] == .custom)
        // Keys are compared exactly.
        #expect(configuration.components["brandprogressbar"] == nil)
        #expect(configuration.sources["components.DSSpinner"] == "c.yml")
    }

    @Test func anUnknownValueIsAnErrorAtTheValueWithTheClosestKnownName() throws {
        let failure = try #require(error("platform: ios\ncomponents:\n  BrandProgressBar: UIProgresView\n"))
        #expect(failure.position?.line == 3)
        #expect(failure.position?.column == 21)
        #expect(failure.message.contains("`BrandProgressBar: UIProgresView` is not a known component"))
        #expect(failure.message.contains("did you mean `UIProgressView`?"))
        #expect(failure.message.contains("`custom`"))
        // Far from every name: no guess, the choices.
        let far = try #require(error("components:\n  DSSpinner: Lottie\n"))
        #expect(far.position?.line == 2)
        #expect(!far.message.contains("did you mean"))
        #expect(far.message.contains("CircularProgressIndicator"))
        // `Custom` is not `custom`: values are exact too.
        #expect(error("components: {X: Custom}")?.message.contains("did you mean `custom`?") == true)
    }

    @Test func aKeyThatIsAKnownComponentIsAnErrorAtTheKey() throws {
        let failure = try #require(error("components:\n  DSSpinner: custom\n  UIProgressView: ProgressView\n"))
        #expect(failure.position?.line == 3)
        #expect(failure.position?.column == 3)
        #expect(failure.message.contains("`UIProgressView` is a known component and cannot be redefined"))
        // Compared exactly: another case is a name of the team's own.
        #expect(error("components: {uiprogressview: UIProgressView}") == nil)
    }

    @Test func componentsMustBeAMappingOfNames() {
        #expect(error("components: [BrandProgressBar]")?.message.contains("`components` must be a mapping") == true)
        #expect(error("components: {A: [UIProgressView]}") != nil)
    }

    @Test func extendsMergesComponentsEntryByEntry() throws {
        let folder = try TemporaryFolder()
        try folder.write("shared/base.yml", """
            components:
              BrandProgressBar: UIProgressView
              DSSpinner: UIActivityIndicatorView
            """)
        try folder.write("app/.progress-lint.yml", """
            extends: ../shared/base.yml
            components:
              DSSpinner: CircularProgressIndicator
              ChartShimmer: custom
            """)
        let path = folder.path + "/app/.progress-lint.yml"
        let bytes = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
        let configuration = try loader.load(bytes, path: ".progress-lint.yml", directory: folder.path + "/app",
                                            workingDirectory: folder.path + "/app")
        #expect(configuration.components["BrandProgressBar"] == .known(.uiProgressView))
        #expect(configuration.components["DSSpinner"] == .known(.circularProgressIndicator))
        #expect(configuration.components["ChartShimmer"] == .custom)
        #expect(configuration.sources["components.BrandProgressBar"] == "../shared/base.yml")
        #expect(configuration.sources["components.DSSpinner"] == ".progress-lint.yml")
    }

    @Test func printConfigAndInitKnowTheKey() throws {
        let configuration = try load("platform: ios\n" + Self.config)
        let text = ConfigurationText.render(configuration, for: "s.yaml", rules: RuleRegistry.descriptions)
        #expect(text.contains("components:\n  BrandProgressBar: UIProgressView  # from c.yml\n  ChartShimmer: custom  # from c.yml\n  DSSpinner: CircularProgressIndicator  # from c.yml\n"))
        // What it prints loads back to the same components.
        let again = try load(text)
        #expect(again.components == configuration.components)
        #expect(ConfigurationText.render(Configuration(), for: "s.yaml", rules: RuleRegistry.descriptions)
            .contains("components: {}  # default\n"))
        let starter = ConfigurationText.starter(rules: RuleRegistry.descriptions)
        #expect(starter.contains("components: {}\n"))
        #expect(starter.contains("# Your own views"))
        #expect(try load(starter).components.isEmpty)
    }

    // MARK: Rules read a wrapper as its component

    static func spec(_ component: String, style: String = "spinner", platform: String = "ios") -> String {
        """
        platform: \(platform)
        screen: Upload
        indicators:
          - id: upload
            style: \(style)
            component: \(component)
            accessibility: {announce: {start: Uploading photos}}
        """
    }

    @Test func componentMismatchJudgesAWrapperAsItsComponentAndNamesBoth() throws {
        let findings = try lint(Self.spec("BrandProgressBar"), config: Self.config)
        let mismatch = try #require(findings.first { $0.ruleID == "component-mismatch" })
        #expect(mismatch.message.contains("`BrandProgressBar` (as `UIProgressView`)"), "\(mismatch.message)")
        #expect(mismatch.message.contains("is a bar, not a spinner"))
        #expect(mismatch.range.start.line == 6)
        // On its platform, in its style, nothing.
        #expect(try lint(Self.spec("DSSpinner", platform: "android"), config: Self.config)
            .filter { $0.ruleID == "component-mismatch" }.isEmpty)
        // Another platform: the wrapper's component does not exist there.
        let foreign = try #require(try lint(Self.spec("DSSpinner"), config: Self.config)
            .first { $0.ruleID == "component-mismatch" })
        #expect(foreign.message.contains("`DSSpinner` (as `CircularProgressIndicator`)"))
        #expect(foreign.message.contains("exists on Android, not iOS"))
        // Without the declaration it is a custom view: not checked.
        #expect(try lint(Self.spec("BrandProgressBar")).filter { $0.ruleID == "component-mismatch" }.isEmpty)
    }

    @Test func aWrapperIsNotACustomComponentForMissingAccessibleNameButACustomEntryIs() throws {
        let bare = { (name: String) in "platform: ios\nscreen: S\nindicators:\n  - {id: a, style: spinner, component: \(name)}\n" }
        #expect(try lint(bare("DSSpinnerIOS"), config: "components: {DSSpinnerIOS: UIActivityIndicatorView}")
            .filter { $0.ruleID == "missing-accessible-name" }.isEmpty)
        let custom = try #require(try lint(bare("ChartShimmer"), config: Self.config)
            .first { $0.ruleID == "missing-accessible-name" })
        #expect(custom.message.contains("a custom component (`component: ChartShimmer`)"))
    }

    @Test func nativeLabelRenamedNamesTheWrapperAndWhatItStandsFor() throws {
        let spec = """
            platform: ios
            screen: Sign in
            indicators:
              - id: signing-in
                style: spinner
                component: DSSpinner
                accessibility: {label: Signing you in}
            """
        let finding = try #require(try lint(spec, config: "components: {DSSpinner: UIActivityIndicatorView}")
            .first { $0.ruleID == "native-label-renamed" })
        #expect(finding.message.contains("renames the native `DSSpinner` (as `UIActivityIndicatorView`)"))
    }

    @Test func declaredNamesNeverGetDidYouMeanAndUndeclaredTwoLetterOnesDo() throws {
        let spec = Self.spec("UIProgressBar", style: "bar")
        let warned = try lint(spec).filter { $0.ruleID == "spec-schema" }
        #expect(warned.count == 1)
        #expect(warned.first?.severity == .warning)
        #expect(try lint(spec, config: "components: {UIProgressBar: custom}").filter { $0.ruleID == "spec-schema" }.isEmpty)
        #expect(try lint(Self.spec("BrandProgressBar", style: "bar")).filter { $0.ruleID == "spec-schema" }.isEmpty)
    }
}
