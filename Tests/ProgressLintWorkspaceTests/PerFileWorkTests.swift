import Foundation
@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import ProgressLintSupport
import LintTestSupport
import TestSupport

/// What the engine does once per file and per screen besides parsing, decoding and rules: reading,
/// screen names, the inventory, the call of each indicator rule.
@Suite struct PerFileWorkTests {
    @Test func aFileIsReadWholeWhateverItsSizeAndOneByteOverTheLimitIsTooLarge() throws {
        let folder = try TemporaryFolder()
        for size in [0, 1, 100, 4095, 4096, 4097, 70_000] {
            let text = String((0..<size).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let file = SpecFile(path: try folder.write("f\(size).yaml", text))
            #expect(FileReader.read(file, limit: 10 * 1024 * 1024) == .success(Array(text.utf8)), "\(size)")
            #expect(FileReader.read(file, limit: size) == .success(Array(text.utf8)), "\(size)")
            if size > 0 {
                #expect(FileReader.read(file, limit: size - 1)
                        == .failure(.tooLarge(limit: size - 1, prefix: Array(text.utf8))), "\(size)")
                #expect(FileReader.read(file, limit: 0) == .failure(.tooLarge(limit: 0, prefix: [97])), "\(size)")
            }
        }
    }

    @Test func aPathToldToBeInTheLastFolderByItsBytesIsInItAsThePathArithmeticFindsIt() {
        let paths = PlanAndPathTests.paths + [
            "a/b.yaml", "a/b/c.yaml", "a/\u{301}x.yaml", "a/\u{301}", "a/.", "a/..", "a/...", "a/.x", "/x.yaml",
            "a//b.yaml", "specs/é/x.yaml", "specs/e\u{301}/x.yaml", "a/b/", "x.yaml",
        ]
        let folders = Set(paths.compactMap { PathText.writtenFolder(of: $0).map(String.init) } + ["a", "a/", "specs/é"])
        var told = 0
        for path in paths {
            for folder in folders where Planner.isDirectly(path, in: folder) {
                told += 1
                #expect(PathText.writtenFolder(of: path).map(String.init) == folder, "\(path) in \(folder)")
            }
        }
        #expect(told >= 5)
        #expect(Planner.isDirectly("a/b.yaml", in: "a") && Planner.isDirectly("a//b.yaml", in: "a/"))
        #expect(!Planner.isDirectly("a/..", in: "a") && !Planner.isDirectly("a/\u{301}x.yaml", in: "a"))
    }

    @Test func aScreenNameUsedAgainIsReportedAtItsFirstLineHoweverManyScreensCameBetween() throws {
        // Forty screens, then names of early and late ones again (past the first few the engine
        // keeps in a list), one of them on another platform (not a duplicate).
        var text = ""
        for n in 0..<40 { text += "---\nscreen: S\(n)\n" }
        text += "---\nscreen: S3\n---\nscreen: S38\n---\nscreen: S1\nplatform: web\n---\nscreen: S3\n"
        let found = try lint(text).filter { $0.ruleID == "duplicate-id" }
        let lines = found.map(\.range.start.line)
        #expect(lines == [82, 84, 89])
        #expect(found.map { $0.message.components(separatedBy: " of this file")[0] } == [
            "screen name 'S3' is already used on line 8", "screen name 'S38' is already used on line 78",
            "screen name 'S3' is already used on line 8",
        ])
    }

    @Test func aScreenNameIsReportedAtItsFirstLineWithFewScreensToo() throws {
        let text = "screen: A\n---\nscreen: B\n---\nscreen: A\n---\nscreen: B\n---\nscreen: C\n---\nscreen: A\n"
        let found = try lint(text).filter { $0.ruleID == "duplicate-id" }
        #expect(found.map { "\($0.range.start.line): \($0.message.components(separatedBy: " of this file")[0])" } == [
            "5: screen name 'A' is already used on line 1", "7: screen name 'B' is already used on line 3",
            "11: screen name 'A' is already used on line 1",
        ])
    }

    @Test func aScreenShowsItsNameClippedAsEveryMessageClipsText() throws {
        let document = try #require(try YAMLParser.parse("a: 1\n").first)
        let node = try #require(document.nodeIDs.first)
        let names = [
            "", "Inbox", String(repeating: "x", count: 59), String(repeating: "x", count: 60),
            String(repeating: "x", count: 61), String(repeating: "é", count: 30), String(repeating: "é", count: 45),
            String(repeating: "é", count: 61), String(repeating: "e\u{301}", count: 25), String(repeating: "🇫🇷", count: 61),
        ]
        for name in names {
            var screen = Screen(node: node, documentIndex: 0)
            screen.name = Located(name, at: node)
            #expect(screen.displayName == name.clippedForMessage, "\(name)")
        }
        #expect(Screen(node: node, documentIndex: 0).displayName == "(unnamed screen)")
    }

    @Test func theInventoryCountsEveryPlatformByItsName() throws {
        let document = try #require(try YAMLParser.parse("a: 1\n").first)
        let node = try #require(document.nodeIDs.first)
        var screen = Screen(node: node, documentIndex: 0)
        screen.indicators = [Indicator(node: node), Indicator(node: node)]
        var inventory = Inventory()
        var expected: [String: Int] = ["none": 2]
        inventory.add(screen, platform: nil)
        for platform in Platform.allCases {
            inventory.add(screen, platform: platform)
            expected[platform.rawValue] = 2
        }
        #expect(inventory.byPlatform == expected)
        var merged = Inventory()
        merged.merge(inventory)
        merged.merge(inventory)
        #expect(merged.byPlatform == expected.mapValues { $0 * 2 })
        #expect(merged.indicators == 2 * 2 * (Platform.allCases.count + 1))
    }

    struct Counting: IndicatorRule {
        static let description = RuleDescription(
            id: "test-counting", name: "Counting", category: .platform, defaultSeverity: .warning, summary: "s",
            rationale: "r", reads: ["id"], asks: [.change("id")])
        func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
            [context.violation(indicator, at: indicator.node, "seen \(indicator.id?.value ?? "-")")]
        }
    }

    @Test func anIndicatorRuleIsCalledThroughACheckMadeForItsOwnType() throws {
        guard case .indicator(let rule) = Counting().kind else {
            Issue.record("an indicator rule's kind is .indicator")
            return
        }
        let check = rule.indicatorCheck
        let document = try #require(try YAMLParser.parse("a: 1\n").first)
        let node = try #require(document.nodeIDs.first)
        var indicator = Indicator(node: node)
        indicator.id = Located("up", at: node)
        let screen = Screen(node: node, documentIndex: 0)
        let context = RuleContext(screen: screen, platform: nil, configuration: Configuration(), document: document)
        #expect(check.check(indicator, context: context).map(\.message) == ["seen up"])
    }
}
