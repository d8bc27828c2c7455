import Foundation
@testable import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing

/// The fix engine: edits kept minimal, nothing written through aliases, the loop's guards, files
/// that changed on disk, and the diff.
@Suite struct FixerTests {
    let linter = RuleRegistry.makeLinter()

    func fix(_ text: String, unsafe: Bool = true) -> FixOutcome {
        Fixer.fix(Array(text.utf8), path: "a.yaml", configuration: Configuration(), linter: linter, unsafe: unsafe)
    }

    func fixed(_ text: String, unsafe: Bool = true) -> String { String(decoding: fix(text, unsafe: unsafe).bytes, as: UTF8.self) }

    static let toolbar = "platform: ios\nscreen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n"
        + "    location: toolbar\n    label: Syncing photos\n"

    @Test func anErrorThatAFixOnlyMovesIsNotANewOne() {
        // Removing the comment moves the duplicate key below it up a line ("already set on line 7"
        // becomes "line 6"); the fix still applies, found in the 10k corpus.
        let text = "platform: ios\nscreen: S\nindicators:\n# progress-lint-disable-next-line slow-updates\n"
            + "  - id: a\n    style: spinner\n    label: Syncing photos\n    label: Syncing photos\n"
        let outcome = fix(text, unsafe: false)
        #expect(outcome.notes.isEmpty, "\(outcome.notes)")
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "platform: ios\nscreen: S\nindicators:\n"
            + "  - id: a\n    style: spinner\n    label: Syncing photos\n    label: Syncing photos\n")
    }

    @Test func aKeyIsInsertedIntoAFlowMappingWithItsSeparators() {
        let text = "platform: ios\nscreen: S\nindicators:\n"
            + "  - {id: a, style: bar, determinate: true, location: toolbar, label: Syncing photos}\n"
        #expect(fixed(text, unsafe: false) == "platform: ios\nscreen: S\nindicators:\n"
            + "  - {id: a, style: bar, determinate: true, location: toolbar, label: Syncing photos, track: hidden}\n")
    }

    @Test func aKeyIsRemovedFromAFlowMappingWithItsSeparator() {
        let text = Self.toolbar + "    track: hidden\n    accessibility: {label: Sync, announce: {start: Syncing, progress-every: 5s}}\n"
        #expect(fixed(text).hasSuffix("    accessibility: {label: Sync, announce: {start: Syncing}}\n"), "\(fixed(text))")
    }

    @Test func aTokenReplacesAQuotedValueWhole() {
        let text = Self.toolbar + "    track: \"visible\"\n"
        #expect(fixed(text, unsafe: false) == Self.toolbar + "    track: hidden\n")
    }

    @Test func nothingIsFixedThroughAnAliasOrAMergeKey() {
        let text = "platform: ios\nscreen: S\nindicators:\n"
            + "  - &base {id: a, style: bar, determinate: true, location: toolbar, track: visible, label: Syncing photos}\n"
            + "  - <<: *base\n    id: b\n"
        let linted = linter.lint(Array(text.utf8), path: "a.yaml", configuration: Configuration())
        let track = linted.diagnostics.filter { $0.ruleID == "toolbar-track-visible" }
        #expect(!track.isEmpty && track.allSatisfy { $0.fix == nil }, "\(linted.diagnostics)")
        #expect(fix(text).bytes == Array(text.utf8))
        // Written once and not aliased, the same value is fixed.
        let single = "platform: ios\nscreen: S\nindicators:\n"
            + "  - {id: a, style: bar, determinate: true, location: toolbar, track: visible, label: Syncing photos}\n"
        #expect(fixed(single, unsafe: false).contains("track: hidden"))
    }

    @Test func theYAML11BooleanIsRewrittenAndAMisspeltKeyRenamedOnlyWhenUnsafe() {
        let text = "screen: S\nindicators:\n  - id: a\n    style: spinner\n    pause: yes\n    labl: Syncing photos\n"
        #expect(fixed(text, unsafe: false).contains("    pause: true\n    labl: Syncing photos\n"))
        #expect(fixed(text, unsafe: true).contains("    pause: true\n    label: Syncing photos\n"))
    }

    @Test func aRenameThatWouldMakeTheSpecInvalidIsDroppedAndReported() {
        // `duration` exists; renaming `duraton` to it would make a duplicate key.
        let text = "screen: S\nindicators:\n  - id: a\n    style: spinner\n    durations: 5\n"
        let outcome = fix(text)
        // `durations` → `duration` with a value that is not a duration: a new spec-schema error.
        #expect(outcome.applied == 0, "\(String(decoding: outcome.bytes, as: UTF8.self))")
        #expect(outcome.bytes == Array(text.utf8))
        #expect(outcome.notes.contains { $0.contains("would make the spec invalid") }, "\(outcome.notes)")
    }

    @Test func unusedSuppressionNamesAreRemovedAndTheCommentGoesWhenNoneIsLeft() {
        let text = "screen: S\nindicators:\n  - {id: a, style: spinner, label: Loading} "
            + "# progress-lint-disable-line vague-label, missing-label -- copy review\n"
        #expect(fixed(text, unsafe: false).hasSuffix("# progress-lint-disable-line vague-label -- copy review\n"))
        let alone = "screen: S\nindicators:\n  # progress-lint-disable-next-line vague-label\n  - {id: a, style: spinner}\n"
        #expect(fixed(alone, unsafe: false) == "screen: S\nindicators:\n  - {id: a, style: spinner}\n")
    }

    @Test func overlappingFixesWaitForTheNextPass() {
        let a = Fix(applicability: .safe, title: "a", edits: [Edit(start: 0, end: 4, content: "x")])
        let b = Fix(applicability: .safe, title: "b", edits: [Edit(start: 2, end: 6, content: "y")])
        let c = Fix(applicability: .unsafe, title: "c", edits: [Edit(start: 8, end: 9, content: "z")])
        var one = Diagnostic(ruleID: "r", severity: .warning, message: "", path: "p", range: SourceRange(at: .start))
        one.fix = a
        var two = one
        two.fix = b
        var three = one
        three.fix = c
        #expect(Fixer.choose([one, two, three], unsafe: false) == [a])
        #expect(Fixer.choose([two, one, three], unsafe: true) == [a, c])
        #expect(Fixer.apply([a, c], to: Array("0123456789".utf8)) == Array("x4567z9".utf8))
    }

    @Test func aFileChangedOnDiskSinceItWasReadIsSkipped() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pl-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("a.yaml").path
        try Self.toolbar.write(toFile: path, atomically: true, encoding: .utf8)
        let mode = FixMode(unsafe: false, write: true) { file, _ in
            // Someone saves the file between the read and the write.
            try? "changed\n".write(toFile: file.path, atomically: true, encoding: .utf8)
            return FixMode.isUnchanged(file, Array(FixerTests.toolbar.utf8))
        }
        var runner = LintRunner(linter: linter, loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        runner.fixMode = mode
        let result = runner.run([path])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "changed\n")
        #expect(mode.recorded.first?.notes.contains { $0.contains("changed on disk") } == true, "\(mode.recorded.map(\.notes))")
        // The report is of the text that was read, not of a fix that was never written.
        #expect(result.diagnostics.contains { $0.ruleID == "toolbar-track-visible" })
    }

    @Test func theDiffKeepsLineEndingsAndMarksAMissingFinalNewline() {
        let diff = UnifiedDiff.render(path: "a.yaml", before: Array("a\r\nb\r\nc".utf8), after: Array("a\r\nB\r\nc".utf8))
        #expect(diff == "--- a.yaml\n+++ a.yaml\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\n\\ No newline at end of file\n")
        #expect(UnifiedDiff.render(path: "a", before: [65], after: [65]).isEmpty)
    }
}

@Suite struct FixerScaleTests {
    /// 3,000 YAML 1.1 booleans on one line, after non-ASCII text.
    static let longLine: String = {
        let items = (0..<3000).map { "{id: \"é\($0)\", style: spinner, pause: yes}" }.joined(separator: ", ")
        return "screen: S\nindicators: [" + items + "]\n"
    }()

    @Test func thousandsOfFixableFindingsOnOneLongNonASCIILineAreFixedInPlace() {
        let outcome = Fixer.fix(Array(Self.longLine.utf8), path: "a.yaml", configuration: Configuration(),
                                linter: RuleRegistry.makeLinter(), unsafe: false)
        let fixed = String(decoding: outcome.bytes, as: UTF8.self)
        // As many as `limits.max-diagnostics-per-file` lets the lint report, each one a `pause: yes` fewer.
        let left = fixed.components(separatedBy: "pause: yes").count - 1
        #expect(outcome.applied > 100)
        #expect(left == 3000 - outcome.applied && fixed.contains("{id: \"é2999\", style: spinner, pause: yes}"))
    }

    @Test func positionsOnOneLongNonASCIILineCostTheLineOnceAndALogarithmPerLookup() {
        // Each fix's edit asks for the line and column of its bytes: found by binary search over
        // tables built once, not by scanning the line once per edit.
        let bytes = Array(Self.longLine.utf8)
        let source = FixSource(bytes)
        var offsets: [Int] = []
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "y") { offsets.append(i) }
        #expect(offsets.count >= 3000)
        for offset in offsets {
            let position = source.position(ofByte: offset)
            #expect(source.byteOffset(position) == offset)
        }
        // Three tables of the file, and at most 2 × 18 search steps a lookup (2^18 > the line's bytes).
        let bound = 3 * bytes.count + offsets.count * 2 * 18
        #expect(source.work <= bound, "\(source.work) > \(bound)")
        #expect(source.work >= bytes.count)
    }
}

/// Two rules whose fixes undo each other: the loop stops at its bound and says so.
@Suite struct FixerBoundTests {
    struct HideTrack: IndicatorRule {
        static let description = RuleDescription(
            id: "test-hide-track", name: "Hide", category: .platform, defaultSeverity: .warning, summary: "s",
            rationale: "r", reads: ["track"], asks: [.set("track", to: "hidden")])
        func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
            guard let track = indicator.track, track.value == .visible else { return [] }
            return [context.violation(indicator, at: track.node, "hide it",
                                      fix: FixProposal(.safe, "hide", [.replaceScalar(track.node, with: .token("hidden"))]))]
        }
    }

    struct ShowTrack: IndicatorRule {
        static let description = RuleDescription(
            id: "test-show-track", name: "Show", category: .platform, defaultSeverity: .warning, summary: "s",
            rationale: "r", reads: ["track"], asks: [.set("track", to: "visible")])
        func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
            guard let track = indicator.track, track.value == .hidden else { return [] }
            return [context.violation(indicator, at: track.node, "show it",
                                      fix: FixProposal(.safe, "show", [.replaceScalar(track.node, with: .token("visible"))]))]
        }
    }

    @Test func fixesThatUndoEachOtherStopAtTenPassesWithANote() {
        let linter = Linter(rules: [HideTrack(), ShowTrack()],
                            descriptions: RuleRegistry.descriptions + [HideTrack.description, ShowTrack.description])
        let text = "screen: S\nindicators:\n  - id: a\n    style: bar\n    track: visible\n"
        let outcome = Fixer.fix(Array(text.utf8), path: "a.yaml", configuration: Configuration(), linter: linter,
                                unsafe: false)
        #expect(outcome.applied == Fixer.maxPasses)
        #expect(outcome.notes.contains { $0.contains("did not settle after 10 passes") }, "\(outcome.notes)")
    }
}
