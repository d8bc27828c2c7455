import Foundation
import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import TestSupport
import Testing

/// Convergence at scale: over the generated corpus and seeded mutations of the Examples,
/// `--fix --unsafe-fixes` leaves no fixable finding, never adds a `yaml-syntax` or `spec-schema`
/// error, never oscillates, and its diff applies with `patch -p0` to the same files.
@Suite struct FixConvergenceTests {
    let linter = RuleRegistry.makeLinter()

    /// The problems with fixing one file.
    func problems(_ path: String, _ bytes: [UInt8]) -> [String] {
        let outcome = Fixer.fix(bytes, path: path, configuration: Configuration(), linter: linter, unsafe: true)
        var found: [String] = []
        let left = outcome.result.diagnostics.filter { $0.fix.map { Fixer.applies($0, unsafe: true) } ?? false }
        if !left.isEmpty && outcome.notes.isEmpty {
            found.append("\(path): fixable findings left: \(left.map { "\($0.ruleID) \($0.range.start)" })")
        }
        // By message without its numbers: a fix above an error moves it ("already set on line 29"
        // becomes "line 28") without adding one.
        func errors(_ result: FileResult) -> [String: Int] {
            var counts: [String: Int] = [:]
            for d in result.diagnostics where d.severity == .error && ["yaml-syntax", "spec-schema"].contains(d.ruleID) {
                counts[String(d.message.unicodeScalars.filter { !("0"..."9").contains($0) }), default: 0] += 1
            }
            return counts
        }
        let before = errors(outcome.original)
        for (message, count) in errors(outcome.result) where count > before[message] ?? 0 {
            found.append("\(path): the fix added \"\(message)\"")
        }
        if outcome.changed {
            let again = Fixer.fix(outcome.bytes, path: path, configuration: Configuration(), linter: linter, unsafe: true)
            if again.changed { found.append("\(path): a second pass changed it again (oscillation)") }
        }
        if outcome.notes.contains(where: { $0.contains("did not settle") }) { found.append("\(path): \(outcome.notes)") }
        return found
    }

    @Test(.enabled(if: OptionalTools.missingCorpusGenerator == nil, Comment(rawValue: OptionalTools.missingCorpusGenerator ?? "")))
    func fixingTheGeneratedCorpusConvergesAndItsDiffAppliesWithPatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fix-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var problems: [String] = []
        var patch = ""
        var expected: [(String, [UInt8])] = []
        var changed = 0
        let specs = try CoherenceTests.generatedSpecs(into: folder, files: 300, seed: 14, violationRate: 0.5)
        let count = specs.count
        for (path, bytes) in specs {
            let relative = String(path.dropFirst(folder.path.count + 1))
            problems += self.problems(relative, bytes)
            let outcome = Fixer.fix(bytes, path: relative, configuration: Configuration(), linter: linter, unsafe: true)
            if outcome.changed { changed += 1 }
            patch += UnifiedDiff.render(path: relative, before: bytes, after: outcome.bytes)
            expected.append((relative, outcome.bytes))
        }
        #expect(count >= 300)
        #expect(changed > 20, "the corpus should give the fixes work: \(changed) files changed")
        #expect(problems.isEmpty, "\(problems.count) problems, e.g.\n\(problems.prefix(10).joined(separator: "\n"))")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { return }
        try patch.write(to: folder.appendingPathComponent("fix.patch"), atomically: true, encoding: .utf8)
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        run.arguments = ["-p0", "--binary", "-s", "-i", "fix.patch"]
        run.currentDirectoryURL = folder
        try run.run()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0)
        for (relative, bytes) in expected {
            let now = Array(try Data(contentsOf: folder.appendingPathComponent(relative)))
            #expect(now == bytes, "\(relative): the patched file differs from the fixed one")
        }
    }

    /// Mutations the fixes are for, besides the coherence test's key changes: YAML 1.1 booleans,
    /// misspelt keys and suppression comments that do nothing.
    static func mutateForFixes(_ spec: String, using random: inout CoherenceTests.Generator) -> String {
        var lines = CoherenceTests.mutate(spec, using: &random).components(separatedBy: "\n")
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !lines.isEmpty else { break }
            let i = Int.random(in: 0..<lines.count, using: &random)
            let line = lines[i]
            let indent = String(line.prefix { $0 == " " })
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                lines[i] = line.replacingOccurrences(of: ": true", with: [": yes", ": on", ": Y"].randomElement(using: &random)!)
                    .replacingOccurrences(of: ": false", with: [": no", ": off"].randomElement(using: &random)!)
            case 1:
                // Drop one letter of the key: usually a close, unknown key.
                let body = line.dropFirst(indent.count)
                if let colon = body.firstIndex(of: ":"), body.distance(from: body.startIndex, to: colon) > 4,
                   !body.hasPrefix("-"), !body.hasPrefix("#") {
                    var key = String(body[..<colon])
                    key.remove(at: key.index(key.startIndex, offsetBy: Int.random(in: 1..<key.count, using: &random)))
                    lines[i] = indent + key + body[colon...]
                }
            case 2:
                let names = ["vague-label", "missing-label", "no-such-rule", "spec-schema", "track-visible"]
                let chosen = (0..<Int.random(in: 1...3, using: &random)).map { _ in names.randomElement(using: &random)! }
                lines.insert(indent + "# progress-lint-disable-next-line " + chosen.joined(separator: ", "), at: i)
            default:
                lines[i] = line + "  # progress-lint-disable-line " + ["vague-label", "no-such-rule"].randomElement(using: &random)!
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func fixingSeededMutationsOfTheExamplesConverges() throws {
        let specs = try CoherenceTests.exampleSpecs()
        #expect(specs.count >= 10)
        var random = CoherenceTests.Generator(state: 14)
        var problems: [String] = []
        var changed = 0
        for round in 0..<40 {
            for (name, spec) in specs {
                let mutated = Self.mutateForFixes(spec, using: &random)
                let path = "\(round)-\(name)"
                problems += self.problems(path, Array(mutated.utf8))
                if Fixer.fix(Array(mutated.utf8), path: path, configuration: Configuration(), linter: linter,
                             unsafe: true).changed { changed += 1 }
            }
        }
        #expect(changed > 100, "\(changed) mutated files changed")
        #expect(problems.isEmpty, "\(problems.count) problems, e.g.\n\(problems.prefix(10).joined(separator: "\n"))")
    }
}
