import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import LintTestSupport

/// The shortcuts the engine and rules take on their silent paths give the answers the long way gives.
@Suite struct HotPathTests {
    static let spec = """
        screen: Inbox
        indicators:
          - id: a
            style: spinner
            label: "  LOADING... "
          - id: b
            style: spinner
            label: Loading your messages
          - id: c
            style: spinner
            label: Wait;
          - id: d
            style: spinner
            label: Straße
            reduce-motion: {replace-with: Loading}
        """

    func vagueFindings(config: String? = nil) throws -> [String] {
        try lint(HotPathTests.spec, config: config).filter { $0.ruleID == "vague-label" }
            .map { "\($0.indicator ?? "-"):\($0.yamlPath ?? "-")" }
    }

    @Test func vagueLabelSkipsLabelsOfOtherLengthsAndStillFindsTheVagueOnes() throws {
        #expect(try vagueFindings() == ["a:indicators[a].label", "d:indicators[d].reduce-motion.replace-with"])
    }

    @Test func vagueLabelComparesANonASCIIListEntryAsSwiftComparesTexts() throws {
        // U+037E GREEK QUESTION MARK is canonically equivalent to `;`: one byte against two, so the
        // length shortcut must not reject `Wait;`; `STRASSE` folds to the same text as `Straße`.
        #expect(try vagueFindings(config: "vague-labels: [\"wait\u{037E}\", STRASSE]\n")
                == ["c:indicators[c].label", "d:indicators[d].label"])
    }

    @Test func anEmptyVagueLabelListReportsNothing() throws {
        #expect(try vagueFindings(config: "vague-labels: []\n").isEmpty)
    }

    @Test func aYAMLPathThatStartsWithAKeyHasNoLeadingDot() throws {
        let document = try #require(try YAMLParser.parse("screen: S\nindicators:\n  - {id: up, label: x}\n").first)
        let paths = Set(document.nodeIDs.map { YAMLPath.of($0, in: document) })
        #expect(paths.contains("screen"))
        #expect(paths.contains("indicators[up].label"))
        #expect(!paths.contains { $0.hasPrefix(".") && $0 != "" })
    }

    @Test func aFirstKeyThatStartsWithACombiningMarkKeepsItsDotAsBefore() throws {
        // `.` and a combining mark make one character, which `hasPrefix(".")` never matched.
        let document = try #require(try YAMLParser.parse("\u{0301}x: 1\n").first)
        let paths = Set(document.nodeIDs.map { YAMLPath.of($0, in: document) })
        #expect(paths.contains(".\u{0301}x"))
        var cache = YAMLPath.Cache()
        for node in document.nodeIDs {
            #expect(YAMLPath.of(node, in: document) == YAMLPath.of(node, in: document, cache: &cache))
        }
    }

    @Test func theInventoryCountsStylesAndPlatformsScreenByScreen() throws {
        let document = try #require(try YAMLParser.parse("a: [1, 2, 3]\n").first)
        let ids = Array(document.nodeIDs)
        try #require(ids.count >= 6)
        var inventory = Inventory()
        var screen = Screen(node: ids[0], documentIndex: 0)
        inventory.add(screen, platform: .ios)
        #expect(inventory.byPlatform.isEmpty && inventory.byStyle.isEmpty)
        var bar = Indicator(node: ids[1])
        bar.style = Located(.bar, at: ids[2])
        var spinner = Indicator(node: ids[3])
        spinner.style = Located(.spinner, at: ids[4])
        screen.indicators = [bar, spinner, Indicator(node: ids[5]), bar]
        inventory.add(screen, platform: .ios)
        inventory.add(screen, platform: nil)
        #expect(inventory.indicators == 8)
        #expect(inventory.byStyle == ["bar": 4, "spinner": 2, "unknown": 2])
        #expect(inventory.byPlatform == ["ios": 4, "none": 4])
    }

    @Test func anInventoryCountedScreenByScreenMergesReadsAndComparesAsItsDictionariesSay() throws {
        let document = try #require(try YAMLParser.parse("a: [1, 2, 3]\n").first)
        let ids = Array(document.nodeIDs)
        try #require(ids.count >= 4)
        var bar = Indicator(node: ids[1])
        bar.style = Located(.bar, at: ids[2])
        var refresh = Indicator(node: ids[3])
        refresh.style = Located(.refreshControl, at: ids[2])
        var screen = Screen(node: ids[0], documentIndex: 0)
        screen.indicators = [bar, refresh, Indicator(node: ids[3])]
        var counted = Inventory()
        counted.add(screen, platform: .macos)
        counted.add(screen, platform: nil)
        // The same counts written as dictionaries (as a test or a tool would set them).
        var written = Inventory()
        written.indicators = 6
        (written.determinate, written.animated, written.cancel) = (counted.determinate, counted.animated, counted.cancel)
        (written.reduceMotionFallback, written.completionAnnouncement) = (counted.reduceMotionFallback,
                                                                          counted.completionAnnouncement)
        written.byStyle = ["bar": 2, "refresh-control": 2, "unknown": 2]
        written.byPlatform = ["macos": 3, "none": 3]
        #expect(counted == written)
        #expect(counted.hashValue == written.hashValue)
        // Merging either way sums the counts, whichever way each side kept them.
        var total = Inventory()
        total.merge(counted)
        total.merge(written)
        total.add(screen, platform: .macos)
        #expect(total.byStyle == ["bar": 5, "refresh-control": 5, "unknown": 5])
        #expect(total.byPlatform == ["macos": 9, "none": 6])
        #expect(total.indicators == 15)
        // Setting a count replaces what was counted.
        total.byStyle = ["bar": 1]
        total.byPlatform["web", default: 0] += 2
        #expect(total.byStyle == ["bar": 1])
        #expect(total.byPlatform == ["macos": 9, "none": 6, "web": 2])
        #expect(total != written)
    }

    struct EchoIndicator: IndicatorRule {
        static let description = RuleDescription(
            id: "test-echo-indicator", name: "Echo", category: .platform, defaultSeverity: .warning, summary: "s",
            rationale: "r", reads: ["id"], asks: [.change("id")])
        func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
            let same = context.indicator?.node == indicator.node && context.indicator?.id?.value == indicator.id?.value
            return [context.violation(indicator, at: indicator.node, same ? "same" : "different")]
        }
    }

    @Test func anIndicatorRulesContextNamesTheIndicatorItChecks() {
        let linter = Linter(rules: [EchoIndicator()], descriptions: RuleRegistry.descriptions + [EchoIndicator.description])
        let text = "screen: S\nindicators:\n  - id: a\n    style: bar\n  - id: b\n    style: spinner\n"
        let result = linter.lint(Array(text.utf8), path: "a.yaml", configuration: Configuration())
        let echoes = result.diagnostics.filter { $0.ruleID == "test-echo-indicator" }
        #expect(echoes.map(\.message) == ["same", "same"])
        #expect(echoes.map(\.indicator) == ["a", "b"])
        // A context made for an indicator of another screen names that indicator.
        let document = try? YAMLParser.parse(text).first
        if let document, let root = document.root {
            var indicator = Indicator(node: root)
            indicator.id = Located("z", at: root)
            let context = RuleContext(screen: Screen(node: root, documentIndex: 0), platform: nil,
                                      configuration: Configuration(), document: document).with(indicator: indicator)
            #expect(context.indicator?.id?.value == "z")
        } else {
            Issue.record("the spec did not parse")
        }
    }

    @Test func aContextReadsARuleOptionAsItsConfigurationDoes() throws {
        let configuration = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(
            Array("vague-labels: [Hold on]\n".utf8), path: "c.yml", directory: "/")
        let document = try #require(try YAMLParser.parse("a: 1\n").first)
        let root = try #require(document.root)
        let context = RuleContext(screen: Screen(node: root, documentIndex: 0), platform: nil,
                                  configuration: configuration, document: document)
        #expect(context.option(VagueLabel.labels) == configuration.options[VagueLabel.labels])
        #expect(context.option(VagueLabel.labels).written == ["Hold on"])
    }

    /// `LabelText.normalized` the long way: characters, not bytes.
    static func normalizedByCharacters(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l == "." || l == "…" || l.isWhitespace { s.removeLast() }
        return s.utf8.allSatisfy { $0 < 0x80 } ? s.lowercased() : s.uppercased().lowercased()
    }

    @Test func aLabelEndingInEllipsesNormalisesAsTheCharacterWalkDoes() {
        let texts = ["Loading…", "  Loading… ", "Loading…\u{301}", "Loading.…. …", "…", "… ", " …Loading",
                     "Caf\u{E9}…", "Wait\u{037E}…", "\u{212A}elvin…", "Loading\r\n…", "Load…ing…", "\u{A0}Loading…",
                     "LOADING…\u{2026}", "x\u{E2}…", "Loading\u{2025}"]
        for text in texts {
            #expect(LabelText.normalized(text) == HotPathTests.normalizedByCharacters(text), "\(text.debugDescription)")
        }
    }

    @Test func aVagueLabelWithATrailingEllipsisIsStillFound() throws {
        let spec = "screen: S\nindicators:\n  - id: a\n    style: spinner\n    label: \"Loading…\"\n"
        + "  - id: b\n    style: spinner\n    label: \"Loading… photos\"\n"
        let found = try lint(spec).filter { $0.ruleID == "vague-label" }.map(\.indicator)
        #expect(found == ["a"])
    }

    @Test func refreshTitlesAreReadTheSameWhetherOrNotTheyAreASCII() throws {
        // A trailing currency sign ends a word as a space does, but is not ASCII: the second title
        // of each pair is read character by character, the first byte by byte.
        let titles = ["Pull down to refresh", "PULL DOWN TO REFRESH", "Pull to request a refresh", "Release to update",
                      "Swiped down, to reload", "Pulling down refreshes the list", "Refresh by pulling down",
                      "Pull down.\r\nTo refresh", "Pull down... to refresh", "Pull & refresh", "Pull+refresh",
                      "Pull down; to refresh", "Pull | refresh", "Pull\u{0B}to refresh", "Syncing your library",
                      "Updated 5 min ago", "Pull down on the long list to refresh", "pull-down-to-refresh",
                      "Pull down. to refresh", "Pull down..to refresh", "Swipe left for update?"]
        func fires(_ title: String) throws -> Bool {
            // Line breaks and the vertical tab written as YAML escapes, so that the title holds them.
            let escaped = title.unicodeScalars.map { scalar in
                switch scalar {
                case "\r": "\\r"
                case "\n": "\\n"
                case "\u{0B}": "\\v"
                default: String(scalar)
                }
            }.joined()
            let spec = "platform: ios\nscreen: S\nindicators:\n  - id: r\n    style: refresh-control\n"
                + "    title: \"\(escaped)\"\n"
            return try lint(spec).contains { $0.ruleID == "refresh-title-instructions" }
        }
        var fired = 0
        for title in titles {
            let ascii = try fires(title)
            #expect(ascii == (try fires(title + "\u{A4}")), "\(title.debugDescription)")
            if ascii { fired += 1 }
        }
        #expect(fired >= 8)
    }
}
