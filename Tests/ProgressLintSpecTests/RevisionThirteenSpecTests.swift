@testable import ProgressLintSpec
import ProgressLintYAML
import Testing

/// Contract revision 1.3, "New indicator keys" and "A new known component": `min-display`,
/// `per-item` and HTML's `meter`, known wherever keys and components are.
@Suite struct RevisionThirteenSpecTests {
    static func decode(_ indicator: String, platform: String = "web",
                       components: DeclaredComponents = DeclaredComponents()) throws -> (Indicator?, [SpecIssue]) {
        let text = "platform: \(platform)\nscreen: S\nindicators:\n  - id: a\n" + indicator
        let document = try #require(try YAMLParser.parse(text).first)
        let decoded = SpecDecoder.decode(document, documentIndex: 0, components: components)
        return (decoded.screen?.indicators.first, decoded.issues)
    }

    @Test func minDisplayIsADurationAndPerItemABool() throws {
        let (indicator, issues) = try Self.decode("    style: spinner\n    min-display: 400ms\n    per-item: true\n")
        #expect(issues.isEmpty)
        #expect(indicator?.minDisplay?.value == ProgressLintSpec.Duration(milliseconds: 400))
        #expect(indicator?.perItem?.value == true && indicator?.isPerItem == true)
        let (plain, _) = try Self.decode("    style: spinner\n")
        #expect(plain?.minDisplay == nil && plain?.isPerItem == false)
    }

    @Test(arguments: [
        ("    min-display: 400\n", "min-display", "400ms"),
        ("    min-display: soon\n", "min-display", "`min-display: soon`"),
        ("    per-item: yes\n", "per-item", "use true/false"),
        ("    per-item: [true]\n", "per-item", "per-item"),
    ])
    func aBadValueOfANewKeyIsASpecSchemaErrorAndLeavesTheKeyInvalid(written: String, key: String, says: String) throws {
        let (indicator, issues) = try Self.decode("    style: spinner\n" + written)
        let issue = try #require(issues.first)
        #expect(issues.count == 1 && issue.kind == .schema && !issue.isWarning)
        #expect(issue.message.contains(says), "\(issue.message)")
        #expect(indicator?.invalidKeys.contains(key) == true)
        #expect(indicator?.minDisplay == nil && indicator?.perItem == nil)
    }

    @Test func aMisspeltNewKeySuggestsIt() throws {
        let (_, issues) = try Self.decode("    style: spinner\n    min-dispaly: 400ms\n    per_item: true\n")
        #expect(issues.map(\.message).contains { $0.contains("did you mean `min-display`?") })
        #expect(issues.map(\.message).contains { $0.contains("did you mean `per-item`?") })
    }

    @Test func meterIsHTMLsGaugeOnTheWebABarAndAlwaysDeterminate() throws {
        #expect(KnownComponent.named("meter") == .htmlMeter)
        #expect(KnownComponent.htmlMeter.platforms == [.web])
        #expect(KnownComponent.htmlMeter.styles == [.bar])
        #expect(KnownComponent.htmlMeter.determinacy == .always)
        #expect(KnownComponent.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        let (indicator, issues) = try Self.decode("    style: bar\n    determinate: true\n    component: meter\n")
        #expect(issues.isEmpty && indicator?.knownComponent == .htmlMeter && indicator?.wrapperName == nil)
    }

    @Test(arguments: ["Meter", "metre", "meters", "METER"])
    func aNearMissOfMeterGetsDidYouMean(written: String) throws {
        let (_, issues) = try Self.decode("    style: bar\n    component: \(written)\n")
        let warning = try #require(issues.first { $0.isWarning })
        #expect(warning.message.contains("did you mean `meter`?"), "\(written): \(warning.message)")
    }

    @Test func aWrapperMayStandForMeter() throws {
        let meaning = try #require(DeclaredComponents.Meaning("meter"))
        #expect(meaning == .known(.htmlMeter) && meaning.name == "meter")
        var components = DeclaredComponents()
        components["BrandMeter"] = meaning
        let (indicator, issues) = try Self.decode("    style: bar\n    component: BrandMeter\n", components: components)
        #expect(issues.isEmpty && indicator?.knownComponent == .htmlMeter && indicator?.wrapperName == "BrandMeter")
    }
}
