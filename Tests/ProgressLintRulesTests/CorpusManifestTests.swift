import Foundation
import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import TestSupport
import Testing

/// The contract's corpus generator writes a manifest of the mistakes it plants
/// (path, rule, line). Every planted mistake of a registered rule must be reported
/// by that rule on that line, unless the generator suppressed it inline. Skipped when `../shared` is not beside the project.
@Suite struct CorpusManifestTests {
    static let packageRoot = TestFolders.packageRoot
    /// `../shared` beside the project, or beside the folder of worktrees it sits in.
    static let generator = TestFolders.shared("bench/gen-corpus.py")
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/bench/gen-corpus.py")
    static let available = OptionalTools.missingCorpusGenerator == nil

    struct Planted: Decodable, Hashable {
        var path: String
        var rule: String
        var line: Int?
        var suppressed: Bool?
    }

    /// The rules of catalogue 1.3 (with `missing-accessible-name`, widened on the web): at
    /// `--revision 1.3` the generator plants each where it fires and keeps every other indicator
    /// clean of them, so a finding of one of them that was not planted disagrees with it too.
    static let exactAt13: Set<String> = [
        "pause-stop-hide", "meter-for-progress", "per-item-spinner", "flash-risk", "missing-accessible-name",
    ]

    /// At revision 1.1 every plant is reported; at 1.3 the linter and the generator agree on at least
    /// 99.5% of plants and findings of the 1.3 rules (the generator's own readings may differ on a few).
    @Test(.enabled(if: OptionalTools.missingCorpusGenerator == nil, Comment(rawValue: OptionalTools.missingCorpusGenerator ?? "")),
          arguments: ["1.1", "1.3"])
    func everyPlantedMistakeIsReportedOnItsLine(revision: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.jsonl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = try #require(OptionalTools.python3)
        python.arguments = [Self.generator.path, folder.path, "--files", "300", "--seed", "7",
                            "--violation-rate", "0.5", "--manifest", manifest.path, "--revision", revision]
        python.standardOutput = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)

        let registered = Set(RuleRegistry.descriptions.map(\.id))
        let all = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Planted.self, from: Data($0.utf8)) }
        // A file that is not well-formed YAML reports only that; its other plants cannot show.
        let broken = Set(all.filter { $0.rule == "yaml-syntax" }.map(\.path))
        let planted = all.filter { registered.contains($0.rule) && ($0.rule == "yaml-syntax" || !broken.contains($0.path)) }
        #expect(planted.count > 50)

        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions),
                                jobs: 2)
        // The manifest names files relative to the corpus folder; the run is given its absolute
        // path (changing the process's folder would race the tests running beside this one).
        let result = runner.run([folder.path + "/specs"])
        let relative = { (path: String) in String(path.dropFirst(folder.path.count + 1)) }
        let reported = Set(result.diagnostics.map { "\(relative($0.path))|\($0.ruleID)|\($0.range.start.line)" })
        let reportedAnywhere = Set(result.diagnostics.map { "\(relative($0.path))|\($0.ruleID)" })
        // A plant the generator also suppressed with an inline comment must stay silent.
        let suppressed = planted.filter { $0.suppressed == true }
        let leaked = suppressed.filter { plant in plant.line.map { reported.contains("\(plant.path)|\(plant.rule)|\($0)") } ?? false }
        #expect(leaked.isEmpty, "suppressed plants reported: \(leaked.prefix(10))")
        let missed = planted.filter { $0.suppressed != true }.filter { plant in
            guard let line = plant.line else { return !reportedAnywhere.contains("\(plant.path)|\(plant.rule)") }
            return !reported.contains("\(plant.path)|\(plant.rule)|\(line)")
        }
        let summary = missed.prefix(15).map { "\($0.path):\($0.line ?? 0) \($0.rule)" }.joined(separator: "\n")
        guard revision == "1.3" else {
            #expect(missed.isEmpty, "\(missed.count) of \(planted.count) planted mistakes not reported:\n\(summary)")
            return
        }
        #expect(planted.contains { Self.exactAt13.contains($0.rule) && $0.rule != "missing-accessible-name" })
        // Findings of the 1.3 rules where nothing was planted.
        let plantedLines = Set(all.map { "\($0.path)|\($0.rule)|\($0.line ?? 0)" })
        let extra = result.diagnostics.filter { d in
            Self.exactAt13.contains(d.ruleID) && !broken.contains(relative(d.path))
                && !plantedLines.contains("\(relative(d.path))|\(d.ruleID)|\(d.range.start.line)")
        }
        let agreed = Double(planted.count - missed.count) / Double(max(1, planted.count + extra.count))
        let extras = extra.prefix(15).map { "\(relative($0.path)):\($0.range.start.line) \($0.ruleID)" }.joined(separator: "\n")
        #expect(agreed >= 0.995, """
            agreement \(agreed) with the generator at revision 1.3: \(missed.count) of \(planted.count) plants \
            not reported:\n\(summary)\nand \(extra.count) findings of the 1.3 rules not planted:\n\(extras)
            """)
    }
}
