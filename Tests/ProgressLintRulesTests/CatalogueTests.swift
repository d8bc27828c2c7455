import Foundation
import ProgressLintCore
import ProgressLintRules
import Testing

/// The registered rules are exactly the catalogue's, with its categories and severities.
@Suite struct CatalogueTests {
    /// The catalogue, version 1: id, category, default severity.
    static let catalogue: [(id: String, category: RuleCategory, severity: Severity)] = [
        ("yaml-syntax", .input, .error), ("spec-schema", .input, .error), ("duplicate-id", .input, .error),
        ("unused-suppression", .input, .warning),
        ("long-wait-needs-determinate", .timing, .warning), ("obstructive-needs-exit", .timing, .error),
        ("indicator-not-needed", .timing, .info), ("late-indicator", .timing, .warning),
        ("missing-stall-handling", .timing, .warning), ("slow-updates", .timing, .warning),
        ("uneven-pacing", .timing, .warning),
        ("obstruction-not-needed", .interaction, .warning), ("obstruction-needed", .interaction, .error),
        ("lossy-cancel-needs-confirm", .interaction, .warning), ("lossy-cancel-needs-pause", .interaction, .info),
        ("offer-cancel", .interaction, .info),
        ("native-label-renamed", .accessibility, .warning), ("obstructive-focus", .accessibility, .warning),
        ("obstructive-focus-return", .accessibility, .warning), ("parallel-focus-steal", .accessibility, .warning),
        ("announce-user-initiated", .accessibility, .warning), ("unsolicited-announcement", .accessibility, .info),
        ("progress-chatter", .accessibility, .warning), ("announce-completion", .accessibility, .warning),
        ("reannounce-long-wait", .accessibility, .info), ("missing-accessible-name", .accessibility, .error),
        ("reduce-motion-fallback", .accessibility, .warning),
        ("vague-label", .wording, .warning), ("missing-label", .wording, .warning),
        ("labeled-macos-spinner", .wording, .info), ("refresh-title-instructions", .wording, .warning),
        ("style-determinacy", .platform, .error), ("component-mismatch", .platform, .error),
        ("toolbar-track-visible", .platform, .warning), ("refresh-needs-auto-refresh", .platform, .warning),
        ("only-task-progress", .progressIntegrity, .error), ("fills-on-failure", .progressIntegrity, .error),
        ("phase-shares-sum", .progressIntegrity, .error), ("verification-share", .progressIntegrity, .warning),
        ("never-backwards", .progressIntegrity, .error), ("no-style-switch", .progressIntegrity, .error),
        ("consistent-location", .progressIntegrity, .info),
    ]

    @Test func theRegisteredRulesAreExactlyTheCataloguesInItsOrder() {
        #expect(RuleRegistry.descriptions.map(\.id) == Self.catalogue.map(\.id))
        for entry in Self.catalogue {
            let rule = RuleRegistry.description(of: entry.id)
            #expect(rule?.category == entry.category, "\(entry.id)")
            #expect(rule?.defaultSeverity == entry.severity, "\(entry.id)")
        }
    }

    @Test func everyRuleHasAnIDNameSummaryRationaleAndSources() {
        for rule in RuleRegistry.descriptions {
            #expect(!rule.name.isEmpty && !rule.summary.isEmpty && rule.rationale.count > 80, "\(rule.id)")
            if !rule.isInputRule { #expect(!rule.sources.isEmpty, "\(rule.id) cites no guideline") }
        }
    }

    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/rules-catalogue.md")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: shared.path), "../shared is not beside the project"))
    func theContractsCatalogueNamesTheSameRules() throws {
        let text = try String(contentsOf: Self.shared, encoding: .utf8)
        var ids: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3)
            if let end = cell.firstIndex(of: "`") { ids.append(String(cell[..<end])) }
        }
        #expect(Set(ids) == Set(RuleRegistry.descriptions.map(\.id)))
        #expect(ids.count == RuleRegistry.descriptions.count)
    }
}

/// The engine learns each rule's kind from the protocols, without dynamic casts.
@Suite struct RuleKindTests {
    @Test func indicatorAndCrossFileRulesAreRecognisedAsSuch() {
        for rule in RuleRegistry.rules {
            let id = type(of: rule).description.id
            if id == "consistent-location" {
                #expect(rule.asCrossFileRule != nil)
                #expect(rule.asIndicatorRule == nil)
            } else {
                #expect(rule.asIndicatorRule != nil, "\(id) should run indicator by indicator")
                #expect(rule.asCrossFileRule == nil, "\(id)")
            }
        }
    }
}
