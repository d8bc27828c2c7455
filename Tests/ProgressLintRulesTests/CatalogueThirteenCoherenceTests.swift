import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import TestSupport
import Testing

/// The coherence readings of catalogue 1.3, over generated specs (the corpus generator at
/// `--revision 1.3`, and mutations of the Examples with the new keys): besides coherence 1–3
/// (``CoherenceTests/incoherences(_:configuration:)``), `pause-stop-hide` and `offer-cancel` never
/// both fire on one indicator, and no finding asks to remove `pause`, `close`, `cancel` or `min-display`.
@Suite struct CatalogueThirteenCoherenceTests {
    /// The keys that 1.3's rules ask for and that no rule may ask to remove.
    static let neverRemoved = ["pause", "close", "cancel", "min-display"]

    /// The 1.3 problems of one run over `files`.
    static func problems(_ files: [(path: String, bytes: [UInt8])]) -> [String] {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: files, configuration: Configuration())
        var problems: [String] = []
        var byIndicator: [String: [Diagnostic]] = [:]
        for diagnostic in result.diagnostics where diagnostic.indicator != nil {
            byIndicator["\(diagnostic.path)|\(diagnostic.documentIndex ?? -1)|\(diagnostic.indicator!)", default: []]
                .append(diagnostic)
        }
        // Ids two indicators of one screen share (`duplicate-id`): their findings cannot be told apart.
        var seen: Set<String> = [], shared: Set<String> = []
        for (path, bytes) in files {
            for (index, document) in ((try? YAMLParser.parse(bytes)) ?? []).enumerated() {
                for indicator in SpecDecoder.decode(document, documentIndex: index).screen?.indicators ?? []
                where !seen.insert("\(path)|\(index)|\(indicator.displayID)").inserted {
                    shared.insert("\(path)|\(index)|\(indicator.displayID)")
                }
            }
        }
        for (key, diagnostics) in byIndicator.sorted(by: { $0.key < $1.key }) {
            let rules = Set(diagnostics.map(\.ruleID))
            if rules.contains("pause-stop-hide") && rules.contains("offer-cancel") && !shared.contains(key) {
                problems.append("\(key): both pause-stop-hide and offer-cancel fired")
            }
            for d in diagnostics {
                for ask in d.asks where Self.removes(ask) {
                    problems.append("\(key): \(d.ruleID) asks to \(ask): \(d.message)")
                }
            }
        }
        return problems
    }

    /// Whether `ask` removes one of ``neverRemoved`` (or a mapping holding one).
    static func removes(_ ask: Ask) -> Bool {
        guard case .remove(let key) = ask else { return false }
        return neverRemoved.contains { $0 == key || $0.hasPrefix(key + ".") }
    }

    @Test func noRuleDeclaresThatItRemovesAWayToStopTheMotionOrAMinimumDisplayTime() {
        for rule in RuleRegistry.descriptions {
            #expect(!rule.asks.contains(where: Self.removes), "\(rule.id) asks to remove \(rule.asks)")
        }
        #expect(Self.removes(.remove("cancel")) && Self.removes(.remove("min-display")))
        #expect(!Self.removes(.remove("cancel.confirm")) && !Self.removes(.add("pause")))
    }

    @Test func pauseStopHideKeepsRunningOnAGaugeWhileTheTaskRulesAreSilent() {
        let spec = """
            platform: web
            screen: Status
            indicators:
              - id: heartbeat
                style: spinner
                purpose: waiting-for-input
                user-initiated: false
                per-item: true
                duration: 100ms..1m
                label: Waiting for the server
            """
        let found = RuleExampleTests.ruleIDs(spec)
        #expect(found.contains("pause-stop-hide") && found.contains("only-task-progress"))
        #expect(!found.contains("per-item-spinner") && !found.contains("flash-risk"))
        #expect(CoherenceTests.incoherences([("status.yaml", Array(spec.utf8))]).isEmpty)
    }

    @Test(.enabled(if: CoherenceTests.canGenerate, "../shared/bench/gen-corpus.py or python3 is not available"))
    func theRevision13CorpusIsCoherent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coherence13-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try CoherenceTests.generatedSpecs(into: folder, files: 200, seed: 13, violationRate: 0.6,
                                                      revision: "1.3")
        #expect(files.count > 100)
        let all = files.map { String(decoding: $0.1, as: UTF8.self) }.joined()
        #expect(all.contains("per-item: true") && all.contains("min-display:") && all.contains("component: meter"))
        let problems = CoherenceTests.incoherences(files) + Self.problems(files)
        #expect(problems.isEmpty, "\(problems.count) incoherent findings, e.g.:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func randomMutationsWithTheNewKeysAreCoherent() throws {
        let specs = try CoherenceTests.exampleSpecs()
        try #require(specs.count >= 5)
        var random = SplitMix64(state: 20_261_313)
        var files: [(String, [UInt8])] = []
        for round in 0..<40 {
            for (name, spec) in specs {
                files.append(("\(round)-\(name)", Array(CoherenceTests.mutate(spec, using: &random).utf8)))
            }
        }
        let all = files.map { String(decoding: $0.1, as: UTF8.self) }.joined()
        #expect(all.contains("per-item: true") && all.contains("min-display: 200ms") && all.contains("component: meter"))
        let problems = CoherenceTests.incoherences(files) + Self.problems(files)
        #expect(problems.isEmpty, "\(problems.count) incoherent findings, e.g.:\n\(problems.prefix(10).joined(separator: "\n"))")
    }
}
