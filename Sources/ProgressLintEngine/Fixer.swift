import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What fixing one file's text came to.
public struct FixOutcome: Sendable {
    /// The text after every pass that was kept.
    public var bytes: [UInt8]
    /// How many fixes were applied.
    public var applied: Int
    /// The lint of the original text.
    public var original: FileResult
    /// The lint of `bytes` (the original's when nothing was applied).
    public var result: FileResult
    /// What the user should know: the pass bound was hit, a pass was dropped.
    public var notes: [String] = []
    /// Whether the text changed.
    public var changed: Bool { applied > 0 }
}

/// Applies fixes to one file until nothing more applies, as Ruff's fix loop does: each pass applies
/// the non-overlapping fixes, at most ``maxPasses`` passes; text with a `yaml-syntax` error is never
/// fixed, and a pass that would add a syntax or schema error is dropped.
public enum Fixer {
    /// The most passes over one file.
    public static let maxPasses = 10

    /// Whether a fix is applied with or without `--unsafe-fixes`.
    public static func applies(_ fix: Fix, unsafe: Bool) -> Bool {
        fix.applicability == .safe || (unsafe && fix.applicability == .unsafe)
    }

    /// Fixes `bytes` (the file `path`).
    public static func fix(_ bytes: [UInt8], path: String, configuration: Configuration, linter: Linter,
                           unsafe: Bool, nonSpec: NonSpecHandling = .lint) -> FixOutcome {
        let original = linter.lint(bytes, path: path, configuration: configuration, nonSpec: nonSpec)
        var outcome = FixOutcome(bytes: bytes, applied: 0, original: original, result: original)
        if original.diagnostics.contains(where: { $0.ruleID == InputRuleID.yamlSyntax }) { return outcome }
        let before = schemaErrors(original)
        var pass = 0
        while true {
            let chosen = choose(outcome.result.diagnostics, unsafe: unsafe)
            if chosen.isEmpty { break }
            if pass == maxPasses {
                outcome.notes.append("fixes did not settle after \(maxPasses) passes; "
                                     + "\(chosen.count) more could apply; run --fix again")
                break
            }
            pass += 1
            let candidate = apply(chosen, to: outcome.bytes)
            let result = linter.lint(candidate, path: path, configuration: configuration)
            if result.diagnostics.contains(where: { $0.ruleID == InputRuleID.yamlSyntax })
                || addsErrors(schemaErrors(result), to: before) {
                outcome.notes.append("\(chosen.count) fix\(chosen.count == 1 ? "" : "es") left out: applying them "
                                     + "would make the spec invalid (\(chosen.map(\.title).joined(separator: "; ")))")
                break
            }
            outcome.bytes = candidate
            outcome.result = result
            outcome.applied += chosen.count
        }
        return outcome
    }

    /// How many `spec-schema` and `yaml-syntax` errors a lint has of each kind (rule and message with
    /// its numbers left out), so an edit that only moves an error adds none while a second one does.
    static func schemaErrors(_ result: FileResult) -> [String: Int] {
        var counts: [String: Int] = [:]
        for d in result.diagnostics where d.severity == .error
            && (d.ruleID == InputRuleID.specSchema || d.ruleID == InputRuleID.yamlSyntax)
            && !d.message.contains("(limits.max-diagnostics-per-file is ") {
            counts[d.ruleID + "\u{0}" + String(d.message.unicodeScalars.filter { !("0"..."9").contains($0) }), default: 0] += 1
        }
        return counts
    }

    /// Whether `after` has an error of a kind, or more of a kind, than `before`.
    static func addsErrors(_ after: [String: Int], to before: [String: Int]) -> Bool {
        after.contains { $0.value > before[$0.key, default: 0] }
    }

    /// The applicable fixes of `diagnostics` that do not overlap, in file order; the same fix
    /// offered by several findings counts once.
    public static func choose(_ diagnostics: [Diagnostic], unsafe: Bool) -> [Fix] {
        var fixes = Array(Set(diagnostics.compactMap { $0.fix }.filter { applies($0, unsafe: unsafe) }))
        fixes.sort { ($0.span.start, $0.span.end, $0.title) < ($1.span.start, $1.span.end, $1.title) }
        var chosen: [Fix] = []
        var end = -1
        var lastStart = -1
        for fix in fixes {
            let span = fix.span
            // An insertion where another fix ends or starts waits: their order would be a guess.
            if span.start < end || span.start == lastStart || (span.start == end && span.start == span.end) { continue }
            chosen.append(fix)
            end = max(end, span.end)
            lastStart = span.start
        }
        return chosen
    }

    /// `bytes` with the edits of `fixes` (which do not overlap) applied.
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> [UInt8] {
        let edits = fixes.flatMap(\.edits).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var at = 0
        for edit in edits {
            let start = min(max(edit.start, at), bytes.count)
            out += bytes[at..<start]
            out += Array(edit.content.utf8)
            at = min(max(edit.end, start), bytes.count)
        }
        out += bytes[at...]
        return out
    }
}
