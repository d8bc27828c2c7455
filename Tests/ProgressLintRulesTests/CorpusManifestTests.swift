import Foundation
import ProgressLintEngine
import ProgressLintReporters
import ProgressLintRun
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

    @Test(.enabled(if: OptionalTools.missingCorpusGenerator == nil, Comment(rawValue: OptionalTools.missingCorpusGenerator ?? "")))
    func everyPlantedMistakeIsReportedOnItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.jsonl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = try #require(OptionalTools.python3)
        python.arguments = [Self.generator.path, folder.path, "--files", "300", "--seed", "7",
                            "--violation-rate", "0.5", "--manifest", manifest.path]
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

        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader(),
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
        #expect(missed.isEmpty, "\(missed.count) of \(planted.count) planted mistakes not reported:\n\(summary)")
    }
}
