import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport

/// Baseline entries keyed relative to the baseline file, partial rewrites, and input rules kept out.
@Suite struct BaselineLocationTests {
    static let spec = BaselineTests.spec

    func result(_ sources: [(String, String)]) -> RunResult {
        runner().run(inMemory: sources.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
    }

    @Test func entriesAreKeyedRelativeToTheBaselineFolderSoAnotherFolderOrAbsolutePathsMatch() throws {
        let fromRoot = Baseline.Location(file: "ci/baseline.json", workingDirectory: "/repo")
        let baseline = Baseline(accepting: result([("specs/a.yaml", Self.spec)]).diagnostics, location: fromRoot)
        #expect(!baseline.counts.isEmpty)
        #expect(baseline.counts.keys.allSatisfy { $0.path == "../specs/a.yaml" })
        let text = baseline.rendered()
        #expect(text.contains("\"version\": 2"))

        // From inside specs/, naming the baseline as ../ci/baseline.json.
        let fromSpecs = Baseline.Location(file: "../ci/baseline.json", workingDirectory: "/repo/specs")
        let read = try Baseline.parse(Array(text.utf8), path: "../ci/baseline.json", location: fromSpecs)
        var later = result([("a.yaml", Self.spec)])
        #expect(read.apply(to: &later, location: fromSpecs).isEmpty)
        #expect(later.diagnostics.isEmpty)

        // With absolute paths.
        let absolute = Baseline.Location(file: "/repo/ci/baseline.json", workingDirectory: "/elsewhere")
        var again = result([("/repo/specs/a.yaml", Self.spec)])
        #expect(read.apply(to: &again, location: absolute).isEmpty)
        #expect(again.diagnostics.isEmpty)
    }

    @Test func aVersionOneBaselineIsReadRelativeToTheWorkingDirectory() throws {
        let old = """
            {"version": 1, "entries": [{"path": "./specs/a.yaml", "rule": "vague-label", "yamlPath": "indicators[a].label", "count": 1}]}
            """
        let location = Baseline.Location(file: "ci/baseline.json", workingDirectory: "/repo")
        let read = try Baseline.parse(Array(old.utf8), path: "ci/baseline.json", location: location)
        #expect(read.counts.keys.map(\.path) == ["../specs/a.yaml"])
        var later = result([("specs/a.yaml", Self.spec)])
        _ = read.apply(to: &later, location: location)
        #expect(!later.diagnostics.contains { $0.ruleID == "vague-label" })
        #expect(read.rendered().contains("\"version\": 2"))
    }

    @Test func aBaselineFromANewerFormatIsRejected() {
        #expect(throws: ConfigurationError.self) {
            try Baseline.parse(Array("{\"version\": 3, \"entries\": []}".utf8), path: "b.json")
        }
    }

    @Test func rewritingForSomeFilesKeepsTheEntriesOfTheOthers() throws {
        let all = Baseline(accepting: result([("a.yaml", Self.spec), ("b.yaml", Self.spec)]).diagnostics)
        let fixedA = result([("a.yaml", Self.spec.replacingOccurrences(of: "Loading", with: "Uploading 3 photos"))])
        let merged = all.replacing(files: Baseline.lintedFiles(fixedA), with: Baseline(accepting: fixedA.diagnostics))
        #expect(merged.counts.filter { $0.key.path == "b.yaml" } == all.counts.filter { $0.key.path == "b.yaml" })
        #expect(!merged.counts.keys.contains { $0.path == "a.yaml" && $0.rule == "vague-label" })
        #expect(merged.counts.keys.contains { $0.path == "a.yaml" })
    }

    @Test func inputRuleFindingsAreNeitherRecordedNorHidden() throws {
        let broken = "screen: S\nindicators:\n  - {id: a, style: wobble}\n  - {id: a, style: spinner, label: Loading}\n"
        let run = result([("a.yaml", broken)])
        let inputRules = run.diagnostics.filter { ["spec-schema", "duplicate-id"].contains($0.ruleID) }
        #expect(inputRules.count >= 2)
        let baseline = Baseline(accepting: run.diagnostics)
        #expect(!baseline.counts.keys.contains { !Baseline.accepts(rule: $0.rule) })

        // An old baseline that lists them does not hide them.
        var listing = baseline
        for d in inputRules { listing.counts[Baseline.Key(d), default: 0] += 1 }
        var later = result([("a.yaml", broken)])
        _ = listing.apply(to: &later)
        #expect(later.diagnostics.map(\.ruleID).sorted() == inputRules.map(\.ruleID).sorted())
    }

    @Test func staleEntriesAreTheLintedFilesEntriesThatMatchNothing() throws {
        let location = Baseline.Location(file: "baseline.json", workingDirectory: "/repo")
        let baseline = Baseline(accepting: result([("./a.yaml", Self.spec), ("b.yaml", Self.spec)]).diagnostics,
                                location: location)
        var later = result([("/repo/a.yaml", Self.spec.replacingOccurrences(of: "Loading", with: "Uploading 3 photos"))])
        let stale = baseline.apply(to: &later, location: location)
        #expect(stale.map(\.key.rule) == ["vague-label"])
        #expect(stale.map(\.key.path) == ["a.yaml"])
    }
}
