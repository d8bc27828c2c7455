import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintYAML
import Testing

/// Every fixable rule's fix, run on every one of its triggering examples: it removes the finding,
/// adds no other, changes nothing outside the keys it is about, keeps every comment, and fixing
/// again changes nothing.
@Suite struct FixExampleTests {
    static let fixable = RuleRegistry.descriptions.filter { $0.fix != nil && $0.fix?.applicability != .displayOnly }
        .map(\.id)

    static func configuration(_ example: RuleExample) throws -> Configuration {
        guard let config = example.config else { return Configuration() }
        return try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(config.utf8), path: "c.yml", directory: "/")
    }

    /// Every scalar of the file by its path (`0.indicators.1.track`), keys included as `path.<key>`.
    static func flatten(_ bytes: [UInt8]) -> [String: String] {
        var out: [String: String] = [:]
        guard let documents = try? YAMLParser.parse(bytes) else { return ["<invalid>": ""] }
        for (d, document) in documents.enumerated() {
            guard let root = document.root else { continue }
            var stack: [(NodeID, String)] = [(root, "\(d)")]
            while let (node, path) = stack.popLast() {
                switch document.kind(of: node) {
                case .scalar: out[path] = document.value(of: node) + "|\(document.style(of: node))"
                case .sequence:
                    for i in 0..<document.itemCount(of: node) { stack.append((document.item(i, of: node), "\(path).\(i)")) }
                case .mapping:
                    for n in 0..<document.pairCount(of: node) {
                        let (key, value) = document.pair(n, of: node)
                        stack.append((value, "\(path).\(document.value(of: key))"))
                    }
                }
            }
        }
        return out
    }

    /// The comments of a text (a `#` at a line start or after white space, outside quotes, roughly).
    static func comments(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let chars = Array(line)
            for i in chars.indices where chars[i] == "#" && (i == 0 || chars[i - 1] == " ") {
                let before = String(chars[..<i])
                if before.filter({ $0 == "\"" }).count % 2 == 0 { return String(chars[i...]) }
            }
            return nil
        }
    }

    @Test("applying a rule's fix to its example removes that finding and changes nothing else",
          arguments: fixable)
    func fixRemovesTheFindingAndNothingElse(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        let linter = RuleRegistry.makeLinter()
        var fixed = 0
        for example in rule.triggeringExamples {
            let configuration = try Self.configuration(example)
            let bytes = Array(example.source.utf8)
            let before = linter.lint(bytes, path: "example.yaml", configuration: configuration)
            let mine = before.diagnostics.filter { $0.ruleID == id }
            for diagnostic in mine {
                // Display-only fixes are shown, never applied.
                guard let fix = diagnostic.fix, fix.applicability != .displayOnly else { continue }
                fixed += 1
                let after = Fixer.apply([fix], to: bytes)
                let text = String(decoding: after, as: UTF8.self)
                let result = linter.lint(after, path: "example.yaml", configuration: configuration)
                let context = "\(id): fix \"\(fix.title)\" of \(diagnostic.range.start) on\n\(example.source)\ngave\n\(text)"
                #expect(result.diagnostics.filter { $0.ruleID == id }.count == mine.count - 1, "\(context)")
                let others = Set(before.diagnostics.filter { $0.ruleID != id }.map { "\($0.ruleID) \($0.yamlPath ?? "")" })
                let added = result.diagnostics.filter { $0.ruleID != id }
                    .map { "\($0.ruleID) \($0.yamlPath ?? "")" }.filter { !others.contains($0) }
                #expect(added.isEmpty, "\(context)\nadded \(added)")
                // Outside the keys the finding asks about, the parsed trees are equal.
                let a = Self.flatten(bytes), b = Self.flatten(after)
                let keys = (diagnostic.asks.isEmpty ? [] : diagnostic.asks.map(\.key))
                let changed = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
                for path in changed {
                    let allowed = keys.contains { path.hasSuffix("." + $0) || path.contains("." + $0 + ".") }
                        || (rule.isInputRule && diagnostic.range.start.line > 0)
                    #expect(allowed, "\(context)\nchanged \(path): \(a[path] ?? "-") → \(b[path] ?? "-")")
                }
                for comment in Self.comments(example.source) where !comment.contains("progress-lint-disable") {
                    #expect(text.contains(comment), "\(context)\nlost the comment \(comment)")
                }
            }
            // Fixing everything, then fixing again, changes nothing the second time.
            let once = Fixer.fix(bytes, path: "example.yaml", configuration: configuration, linter: linter, unsafe: true)
            let twice = Fixer.fix(once.bytes, path: "example.yaml", configuration: configuration, linter: linter,
                                  unsafe: true)
            #expect(twice.applied == 0, "\(id): a second --fix changed\n\(String(decoding: once.bytes, as: UTF8.self))")
            #expect(once.notes.isEmpty, "\(id): \(once.notes)")
        }
        #expect(fixed > 0, "\(id) declares a fix but none of its triggering examples gets one")
    }
}
