import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import LintTestSupport

/// Catalogue 1.1, "one voice per indicator": rules do not judge what they cannot read, coherence
/// items 1–4, screen names in `duplicate-id`, component near misses, and the 1.1 readings on texts.
@Suite struct OneVoiceTests {
    func findings(_ spec: String, config: String? = nil) throws -> [Diagnostic] {
        try lint(spec, config: config)
    }

    func rules(_ diagnostics: [Diagnostic], at line: Int? = nil) -> [String] {
        diagnostics.filter { line == nil || $0.range.start.line == line }.map(\.ruleID).sorted()
    }

    // MARK: Invalid values

    @Test(arguments: ["30", "1m30s", "soon", "{max: 3s}"])
    func aBadDurationIsReportedOnceAndNoRuleDescribesADefault(duration: String) throws {
        let diagnostics = try findings("""
            screen: Sync
            indicators:
              - id: sync
                style: spinner
                label: Syncing your notes
                duration: \(duration)
            """)
        #expect(diagnostics.filter { $0.ruleID == "spec-schema" }.count == 1)
        #expect(!diagnostics.contains { $0.message.contains("unknown (the default)") }, "\(diagnostics.map(\.message))")
        // Rules that read `duration` stay silent; those that do not still run.
        for id in ["missing-stall-handling", "offer-cancel", "long-wait-needs-determinate", "announce-completion"] {
            #expect(!rules(diagnostics).contains(id), "\(id) judged a duration it could not read")
        }
        #expect(rules(diagnostics).contains("announce-user-initiated"))
    }

    @Test func aTypoForStyleGivesTheSchemaErrorsAndNoStyleFindings() throws {
        let diagnostics = try findings("""
            screen: Sync
            indicators:
              - id: sync
                type: spinner
                label: Syncing your notes
                duration: 30s
            """)
        let schema = diagnostics.filter { $0.ruleID == "spec-schema" }
        #expect(schema.count == 2)  // the unknown key and the missing `style`
        for id in ["missing-stall-handling", "offer-cancel", "missing-label", "reduce-motion-fallback",
                   "long-wait-needs-determinate"] {
            #expect(!rules(diagnostics).contains(id), "\(id) judged a style that is not there")
        }
    }

    @Test func anInvalidStyleIsABadValueNotAlsoAMissingKey() throws {
        let diagnostics = try findings("""
            screen: Sync
            indicators:
              - id: sync
                style: progressbar
            """)
        let schema = diagnostics.filter { $0.ruleID == "spec-schema" }
        #expect(schema.count == 1)
        #expect(schema.first?.range.start.line == 4)
        #expect(schema.first?.message.contains("missing") == false)
    }

    @Test func aBadNestedValueSilencesOnlyTheRulesThatReadIt() throws {
        let spec = """
            screen: Sync
            indicators:
              - id: sync
                style: spinner
                user-initiated: false
                accessibility:
                  announce: {start: Syncing, completion: [Done]}
            """
        let diagnostics = try findings(spec)
        #expect(rules(diagnostics).contains("unsolicited-announcement"))  // reads `start`, which is fine
        #expect(!rules(diagnostics).contains("announce-completion"))  // reads `completion`, which is not
    }

    @Test func theDecoderRecordsWhichKeysWereInvalid() throws {
        let document = try #require(try YAMLParser.parse("""
            screen: S
            indicators:
              - id: a
                duration: 30
                accessibility: {focus: everywhere, announce: {start: Go}}
                phases: [{share: 2}]
            """).first)
        let screen = try #require(SpecDecoder.decode(document, documentIndex: 0).screen)
        let indicator = try #require(screen.indicators.first)
        #expect(indicator.invalidKeys == ["style", "duration", "accessibility.focus", "phases"])
        #expect(indicator.hasInvalidValue(at: "phases"))
        #expect(!indicator.hasInvalidValue(at: "accessibility.announce.start"))
    }

    // MARK: Coherence 1–4

    @Test(arguments: ["gauge", "waiting-for-input"])
    func anIndicatorThatIsNotTaskProgressGetsOnlyThatFinding(purpose: String) throws {
        let diagnostics = try findings("""
            platform: ios
            screen: Storage
            indicators:
              - id: disk
                style: bar
                determinate: true
                purpose: \(purpose)
                label: 62% full
                duration: 1m
                presentation: overlay
                reduce-motion: {replace-with: 62% full}
            """)
        let taskRules = Set(RuleRegistry.descriptions.filter { $0.appliesTo == .taskProgress }.map(\.id))
        #expect(rules(diagnostics).contains("only-task-progress"))
        #expect(rules(diagnostics).filter(taskRules.contains).isEmpty, "\(rules(diagnostics))")
    }

    @Test func anInvalidPurposeSilencesTheTaskRules() throws {
        let diagnostics = try findings("""
            screen: Storage
            indicators:
              - id: disk
                style: spinner
                purpose: meter
            """)
        #expect(rules(diagnostics).filter { ["offer-cancel", "missing-stall-handling", "missing-label"].contains($0) }
            .isEmpty)
        #expect(rules(diagnostics).contains("spec-schema"))
    }

    @Test func anIdiomaticRefreshControlGetsNoCancelOrStallAdvice() throws {
        let diagnostics = try findings("""
            platform: ios
            screen: Inbox
            indicators:
              - id: refresh
                style: refresh-control
                component: UIRefreshControl
                title: Checking for mail
                auto-refresh: 5m
                reduce-motion: {replace-with: Checking for mail, follow-up: Still checking}
            """)
        #expect(!rules(diagnostics).contains("offer-cancel"))
        #expect(!rules(diagnostics).contains("missing-stall-handling"))
    }

    @Test func backgroundWorkIsNotAskedToRepeatAnAnnouncement() throws {
        let diagnostics = try findings("""
            screen: Mail
            indicators:
              - id: sync
                style: spinner
                user-initiated: false
                accessibility:
                  announce: {start: Checking for mail}
            """)
        #expect(rules(diagnostics).contains("unsolicited-announcement"))
        #expect(!rules(diagnostics).contains("reannounce-long-wait"))
    }

    @Test func aWrittenCancelFalseIsReportedWhereItIsWritten() throws {
        let overlay = try findings("""
            screen: Export
            indicators:
              - id: export
                style: spinner
                presentation: overlay
                cancel: false
            """)
        let exit = try #require(overlay.first { $0.ruleID == "obstructive-needs-exit" })
        #expect(exit.range.start.line == 6 && exit.range.start.column == 13)
        #expect(exit.message.contains("`cancel: false`"))
        let closeFalse = try findings("""
            screen: Export
            indicators:
              - id: export
                style: spinner
                presentation: overlay
                close: false
            """)
        #expect(closeFalse.first { $0.ruleID == "obstructive-needs-exit" }?.range.start.line == 6)
        let inline = try findings("""
            screen: Search
            indicators:
              - id: search
                style: spinner
                cancel: false
            """)
        let offer = try #require(inline.first { $0.ruleID == "offer-cancel" })
        #expect(offer.range.start.line == 5 && offer.range.start.column == 13)
    }

    @Test func aRenamedNativeSpinnerOfBackgroundWorkIsNotToldToAnnounceItsStart() throws {
        let diagnostics = try findings("""
            platform: ios
            screen: Mail
            indicators:
              - id: sync
                style: spinner
                component: UIActivityIndicatorView
                user-initiated: false
                accessibility: {label: Checking mail}
            """)
        let renamed = try #require(diagnostics.first { $0.ruleID == "native-label-renamed" })
        #expect(!renamed.message.contains("announce.start"))
        #expect(renamed.asks == [.remove("accessibility.label")])
    }

    @Test func findingsCarryWhatTheyAskFor() throws {
        let diagnostics = try findings("""
            screen: Mail
            indicators:
              - id: sync
                style: spinner
                user-initiated: false
                accessibility:
                  announce: {start: Checking for mail}
            """)
        #expect(diagnostics.first { $0.ruleID == "unsolicited-announcement" }?.asks
            == [.remove("accessibility.announce.start")])
        for rule in RuleRegistry.descriptions where !rule.isInputRule {
            #expect(!rule.reads.isEmpty && !rule.asks.isEmpty, "\(rule.id) declares no keys read or asks")
        }
    }

    // MARK: duplicate-id for screens

    @Test func twoScreensOfOnePlatformUnderOneNameAreReportedAtTheLaterName() throws {
        let diagnostics = try findings("""
            platform: ios
            screen: Mail
            indicators: []
            ---
            platform: android
            screen: Mail
            indicators: []
            ---
            platform: ios
            screen: Mail
            indicators: []
            """)
        let duplicates = diagnostics.filter { $0.ruleID == "duplicate-id" }
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.range.start.line == 10)
        #expect(duplicates.first?.message.contains("line 2") == true)
    }

    @Test func theConfiguredPlatformCountsForScreensThatNameNone() throws {
        let spec = "screen: Mail\nindicators: []\n---\nplatform: ios\nscreen: Mail\nindicators: []\n"
        #expect(try findings(spec).filter { $0.ruleID == "duplicate-id" }.isEmpty)
        #expect(try findings(spec, config: "platform: ios").filter { $0.ruleID == "duplicate-id" }.count == 1)
    }

    // MARK: Component near misses

    @Test(arguments: [
        ("UIActivityIndicator", "UIActivityIndicatorView"), ("UIProgressBar", "ProgressBar"),
        ("LinearProgressIndicatorView", "LinearProgressIndicator"), ("uiactivityindicatorview", "UIActivityIndicatorView"),
        ("UIActivityIndicatorVeiw", "UIActivityIndicatorView"),
    ])
    func aNearMissOfAKnownComponentGetsADidYouMeanWarning(written: String, meant: String) throws {
        let diagnostics = try findings("""
            platform: ios
            screen: S
            indicators:
              - id: a
                style: spinner
                label: Signing in
                component: \(written)
            """)
        let warning = try #require(diagnostics.first { $0.ruleID == "spec-schema" })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("did you mean `\(meant)`?"), "\(warning.message)")
        #expect(warning.range.start.line == 7)
    }

    @Test(arguments: ["MySpinner", "BrandedLoader", "progress"])
    func aCustomComponentOrAKnownOneGetsNoWarning(component: String) throws {
        let diagnostics = try findings("""
            screen: S
            indicators:
              - id: a
                style: spinner
                label: Signing in
                component: \(component)
            """)
        #expect(!diagnostics.contains { $0.ruleID == "spec-schema" })
    }

    // MARK: Comparing texts (1.1)

    @Test(arguments: ["LOADING", "Loading\u{00A0}", "  loading…", "Loading...", "|\n  Loading\n"])
    func vagueLabelsAreComparedIgnoringCaseAndAnySurroundingSpace(label: String) throws {
        let value = label.hasPrefix("|") ? label.replacingOccurrences(of: "\n  ", with: "\n        ") : "\"\(label)\""
        let diagnostics = try findings("""
            screen: S
            indicators:
              - id: a
                style: spinner
                label: \(value)
            """)
        #expect(rules(diagnostics).contains("vague-label"), "\(label.debugDescription)")
    }

    @Test func canonicallyEquivalentAndCaseFoldedLabelsMatchTheConfiguredList() throws {
        let config = "vague-labels: [\"Téléchargement\", \"Straße\"]"
        for label in ["Te\u{0301}le\u{0301}chargement", "TÉLÉCHARGEMENT", "STRASSE", "strasse"] {
            let diagnostics = try findings("screen: S\nindicators:\n  - id: a\n    style: spinner\n    label: \(label)\n",
                                           config: config)
            #expect(rules(diagnostics).contains("vague-label"), "\(label)")
        }
        #expect(LabelText.folded(" In\u{00A0}Progress\n") == LabelText.folded("in\u{00A0}progress"))
    }

    @Test func theNativeLabelInProgressIsComparedIgnoringCase() throws {
        let spec = { (label: String) in
            "platform: ios\nscreen: S\nindicators:\n  - id: a\n    style: spinner\n    component: UIActivityIndicatorView\n"
                + "    accessibility: {label: \"\(label)\"}\n"
        }
        #expect(!rules(try findings(spec("IN PROGRESS\u{00A0}"))).contains("native-label-renamed"))
        #expect(rules(try findings(spec("Signing in"))).contains("native-label-renamed"))
    }

    // MARK: Phases (1.1)

    @Test func aPhaseWithoutShareCountsZeroTowardsTheSum() throws {
        let spec = { (phases: String) in "screen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n    phases: \(phases)\n" }
        #expect(rules(try findings(spec("[{share: 0.6}, {name: rest}]"))).contains("phase-shares-sum"))
        #expect(!rules(try findings(spec("[{share: 0.6}, {share: 0.3995}, {name: rest}]"))).contains("phase-shares-sum"))
        #expect(rules(try findings(spec("[{share: 0.6}, {share: 0.3985}]"))).contains("phase-shares-sum"))
    }

    @Test func unevenPacingAtAFactorOfExactlyFourDoesNotFire() throws {
        let spec = { (shares: (String, String)) in
            "screen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n"
                + "    phases: [{share: \(shares.0), duration: 1s}, {share: \(shares.1), duration: 4s}]\n"
        }
        // Phase 1: 1/5 of the time; a share of 0.8 is exactly 4 times that.
        #expect(!rules(try findings(spec(("0.8", "0.2")))).contains("uneven-pacing"))
        #expect(rules(try findings(spec(("0.81", "0.19")))).contains("uneven-pacing"))
    }
}

/// One voice (issue 36): every message of every rule example and of the Examples cites thresholds
/// one way ("past the 10 s attention threshold"), names platforms by their public names and the
/// reader as people or someone, and writes the keys it suggests in backticks.
@Suite struct MessageVoiceTests {
    static func messages() throws -> [(rule: String, message: String)] {
        var found: [(String, String)] = []
        for rule in RuleRegistry.descriptions {
            for example in rule.triggeringExamples {
                for d in try lint(example.source, config: example.config) {
                    found.append((d.ruleID, d.message))
                }
            }
        }
        return found
    }

    @Test func messagesCiteThresholdsPlatformsAndReadersOneWay() throws {
        let all = try Self.messages()
        #expect(all.count > 60)
        for (rule, message) in all where rule != "spec-schema" && rule != "yaml-syntax" {
            #expect(!message.contains("(thresholds.") && !message.contains("`thresholds."), "\(rule): \(message)")
            if message.contains("threshold") {
                #expect(message.range(of: #"the [0-9.]+ (ms|s|m|h) [a-z-]+ threshold"#, options: .regularExpression) != nil,
                        "\(rule): \(message)")
            }
            for lower in ["on ios", "on ipados", "on macos", "on android", "on tvos", "on watchos", "not ios", "not android"] {
                #expect(!message.contains(lower), "\(rule) names a platform by its key: \(message)")
            }
            for reader in ["the user", "users ", "screen-reader users", "VoiceOver users"] {
                #expect(!message.contains(reader), "\(rule) calls the reader \"\(reader)\": \(message)")
            }
            // A suggested `key: value` is always in backticks.
            #expect(message.range(of: #"(set|add|use) [a-z-]+(\.[a-z-]+)*: "#, options: .regularExpression) == nil,
                    "\(rule): \(message)")
        }
    }

    @Test func suggestedTextsAreNeverTheConfiguredVagueOnes() throws {
        let spec = """
            platform: android
            screen: Reports
            indicators:
              - id: crunch
                style: spinner
                label: Crunching numbers
                duration: 2s..30s
            """
        let diagnostics = try lint(spec, config: "vague-labels: [Crunching numbers, Loading reports]")
        let texts = diagnostics.flatMap(\.asks).compactMap { ask -> String? in
            if case .set(_, let value) = ask { return value }
            return nil
        }
        #expect(!texts.isEmpty)
        for text in texts { #expect(text != "Crunching numbers" && text != "Loading reports", "\(diagnostics.map(\.message))") }
    }

    @Test func examplesFromIdsAreGrammatical() throws {
        let diagnostics = try lint("""
            screen: Identity
            indicators:
              - id: verify-identity
                style: spinner
                duration: 2s..30s
            """)
        let messages = diagnostics.map(\.message).joined(separator: "\n")
        #expect(messages.contains("\"Verifying identity\""), "\(messages)")
        #expect(messages.contains("\"Done verifying identity\""), "\(messages)")
        #expect(!messages.contains("Verify identity complete"))
    }
}
