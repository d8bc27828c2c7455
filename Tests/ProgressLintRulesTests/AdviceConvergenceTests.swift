import ProgressLintEngine
@testable import ProgressLintRules
import LintTestSupport
import TestSupport
import Testing

/// Advice that converges (issue 36): over generated one-indicator specs covering every key, each
/// finding's suggestion is applied and the spec linted again. A finding's suggestion is its
/// `asks` that carry a value (`set key to value`) or remove a key: the machine-readable form of
/// what its message says (the message names each value, which this test checks too). After the
/// change the finding is gone, no finding rejects the suggested value or asks to undo it, and any
/// other finding the change brings is one the asking message named (by its key).
@Suite struct AdviceConvergenceTests {
    /// A spec as flat dotted paths (`accessibility.announce.start`, `phases[1].share`) to YAML values.
    struct Spec {
        var platform: String?
        var screen: String
        var keys: [String: String]

        static let textKeys: Set<String> = [
            "id", "task", "label", "title", "accessibility.label", "accessibility.announce.start",
            "accessibility.announce.completion", "reduce-motion.replace-with", "reduce-motion.follow-up",
            "stall.message", "failure.message", "cancel.label",
        ]

        static func isText(_ path: String) -> Bool {
            textKeys.contains(path) || path.hasSuffix(".name") || path.hasSuffix(".when")
        }

        /// Writes `value` at `path`, replacing a scalar written where a mapping is now needed (and
        /// a mapping where a scalar is).
        mutating func set(_ path: String, _ value: String) {
            for key in keys.keys where path.hasPrefix(key + ".") || key.hasPrefix(path + ".") || key.hasPrefix(path + "[") {
                keys[key] = nil
            }
            keys[path] = value
        }

        mutating func remove(_ path: String) {
            for key in keys.keys where key == path || key.hasPrefix(path + ".") || key.hasPrefix(path + "[") {
                keys[key] = nil
            }
        }

        /// The spec as YAML.
        var yaml: String {
            final class Node {
                var value: String?
                var children: [(String, Node)] = []
                var items: [Int: Node] = [:]
                func child(_ name: String) -> Node {
                    if let found = children.first(where: { $0.0 == name }) { return found.1 }
                    let node = Node()
                    children.append((name, node))
                    return node
                }
            }
            let root = Node()
            for (path, value) in keys.sorted(by: { $0.key < $1.key }) {
                var node = root
                for segment in path.split(separator: ".") {
                    if let open = segment.firstIndex(of: "["), let index = Int(segment[segment.index(after: open)...].dropLast()) {
                        let list = node.child(String(segment[..<open]))
                        if list.items[index] == nil { list.items[index] = Node() }
                        node = list.items[index]!
                    } else {
                        node = node.child(String(segment))
                    }
                }
                node.value = Self.isText(path) ? Self.quoted(value) : value
            }
            var out = (platform.map { "platform: \($0)\n" } ?? "") + "screen: \(Self.quoted(screen))\nindicators:\n"
            func write(_ node: Node, indent: String, first: String?) {
                var lead = first
                // `id` first, as specs write it.
                for (name, child) in node.children.sorted(by: { ($0.0 == "id" ? "" : $0.0) < ($1.0 == "id" ? "" : $1.0) }) {
                    let prefix = lead ?? indent
                    lead = nil
                    if let value = child.value {
                        out += "\(prefix)\(name): \(value)\n"
                    } else if !child.items.isEmpty {
                        out += "\(prefix)\(name):\n"
                        for index in child.items.keys.sorted() {
                            write(child.items[index]!, indent: indent + "    ", first: indent + "  - ")
                        }
                    } else {
                        out += "\(prefix)\(name):\n"
                        write(child, indent: indent + "  ", first: nil)
                    }
                }
            }
            write(root, indent: "    ", first: "  - ")
            return out
        }

        static func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    /// Values for every indicator key, valid ones with the mistakes the rules look for and some vague texts.
    static let choices: [(String, [String])] = [
        ("determinate", ["true", "false"]),
        ("component", ["UIActivityIndicatorView", "UIProgressView", "ProgressView", "NSProgressIndicator",
                       "ProgressBar", "CircularProgressIndicator", "progress", "BrandSpinner"]),
        ("purpose", ["task-progress", "task-progress", "gauge"]),
        ("duration", ["unknown", "50ms", "900ms", "5s", "1s..15s", "2s..30s", "2m"]),
        ("show-after", ["500ms", "3s"]),
        ("presentation", ["inline", "card", "overlay", "full-screen"]),
        ("other-actions", ["independent", "dependent", "destructive"]),
        ("user-initiated", ["true", "false"]),
        ("location", ["content", "navigation-bar", "toolbar"]),
        ("track", ["visible", "hidden"]),
        ("label", ["Loading", "Please wait", "Uploading photos", "Checking for updates…"]),
        ("task", ["upload-photos", "verify-identity", "sync"]),
        ("accessibility.label", ["Busy", "In progress", "Loading"]),
        ("accessibility.focus", ["indicator", "unchanged"]),
        ("accessibility.focus-after", ["trigger", "unchanged"]),
        ("accessibility.announce.start", ["Working", "Sending your message"]),
        ("accessibility.announce.completion", ["Sent"]),
        ("accessibility.announce.repeat-every", ["30s"]),
        ("accessibility.announce.progress-every", ["5s"]),
        ("reduce-motion", ["none", "stop-animation"]),
        ("reduce-motion.replace-with", ["Processing", "Sending your message"]),
        ("reduce-motion.follow-up", ["Still sending"]),
        ("cancel", ["true", "false"]),
        ("cancel.discards-progress", ["true"]),
        ("close", ["true", "false"]),
        ("pause", ["true", "false"]),
        ("updates-every", ["1s", "5s"]),
        ("on-total-change", ["reallocate", "recompute"]),
        ("failure.fills", ["true", "false"]),
        ("stall.after", ["20s"]),
        ("stall.message", ["No progress; check your connection"]),
        ("becomes[0].when", ["size known"]),
        ("becomes[0].determinate", ["true", "false"]),
        ("becomes[0].style", ["bar", "spinner"]),
        ("title", ["Pull to refresh", "Checking mail"]),
        ("auto-refresh", ["5m", "false"]),
        ("phases[0].share", ["0.5", "0.8"]),
        ("phases[0].name", ["Uploading"]),
        ("phases[1].share", ["0.5", "0"]),
        ("phases[1].name", ["Verifying"]),
        ("phases[1].verifies", ["true"]),
    ]

    static func generate(_ random: inout SplitMix64) -> Spec {
        let platform = random.pick(["ios", "ipados", "macos", "android", "web", nil] as [String?])
        var spec = Spec(platform: platform, screen: random.pick(["Upload photos", "Inbox", "Checkout"]), keys: [:])
        spec.keys["id"] = random.pick(["upload", "sync", "pay", "chart", "process"])
        spec.keys["style"] = random.pick(["bar", "spinner", "spinner", "refresh-control"])
        for (key, values) in choices where random.chance(30) {
            spec.set(key, random.pick(values))
        }
        // `becomes` states need `when`, phases need their shares to be where the rules look.
        if spec.keys.keys.contains(where: { $0.hasPrefix("becomes[") }) { spec.keys["becomes[0].when"] = "size known" }
        if spec.keys.keys.contains(where: { $0.hasPrefix("phases[1]") }) { spec.keys["phases[0].name"] = "Uploading" }
        return spec
    }

    static let defaultVague: Set<String> = ["loading", "please wait", "authenticating", "processing", "working"]

    static func normalized(_ text: String) -> String {
        var s = Substring(text.lowercased())
        while let l = s.last, l == "." || l == "…" || l == " " { s.removeLast() }
        while let f = s.first, f == " " { s.removeFirst() }
        return String(s)
    }

    /// How a finding's suggestion is read: from its `asks`, or from its message as a reader (or a
    /// tool that has only the text) reads it (``CoherenceTests/suggestions(in:)``).
    enum Reading { case asks, message }

    /// The problems following each finding of `spec` brings.
    static func problems(of spec: Spec, reading: Reading = .asks) throws -> [String] {
        let before = try lint(spec.yaml).filter { $0.indicator != nil }
        var problems: [String] = []
        // (c) No two findings ask opposite things.
        for (i, a) in before.enumerated() {
            for b in before[(i + 1)...] {
                for x in a.asks { for y in b.asks where x.contradicts(y) {
                    problems.append("\(a.ruleID) asks to \(x) but \(b.ruleID) to \(y)\n\(spec.yaml)")
                } }
            }
        }
        for finding in before {
            var changed = spec
            var applied = false
            let suggested = reading == .asks ? finding.asks : CoherenceTests.suggestions(in: finding.message)
            for ask in suggested {
                switch ask {
                case .set(let key, let value):
                    changed.set(key, value)
                    applied = true
                    // What the message says is what the finding asks.
                    if reading == .asks, !key.hasPrefix("phases[") {
                        let shown = Spec.textKeys.contains(key) ? "\"\(value)" : value
                        if !finding.message.contains(shown) {
                            problems.append("\(finding.ruleID) asks \(ask) but its message does not say it: \(finding.message)")
                        }
                    }
                    // Suggested texts are never vague.
                    if Spec.textKeys.contains(key), defaultVague.contains(normalized(value)) {
                        problems.append("\(finding.ruleID) suggests the vague text \"\(value)\"")
                    }
                case .remove(let key):
                    changed.remove(key)
                    applied = true
                default:
                    break
                }
            }
            guard applied else { continue }
            let after = try lint(changed.yaml).filter { $0.indicator != nil }
            let context = "\n\(finding.ruleID): \(finding.message)\n\(spec.yaml)--- after:\n\(changed.yaml)"
            // (a) The finding is gone.
            if after.filter({ $0.ruleID == finding.ruleID }).count >= before.filter({ $0.ruleID == finding.ruleID }).count {
                let again = after.first { $0.ruleID == finding.ruleID }!
                problems.append("\(finding.ruleID) fires again after its own advice: \(again.message)\(context)")
            }
            // (b, d) Every new finding is named by the asking message.
            let had = Set(before.map(\.ruleID))
            for new in after where !had.contains(new.ruleID) && new.ruleID != finding.ruleID {
                let keys = new.asks.map(\.key).filter { !$0.isEmpty }
                let named = keys.contains { key in finding.message.contains("`\(key)") }
                    || finding.asks.contains { ask in keys.contains(ask.key) }
                if !named {
                    problems.append("following \(finding.ruleID) brings \(new.ruleID), which it does not name: \(new.message)\(context)")
                }
            }
        }
        return problems
    }

    @Test func followingAnyFindingsAdviceConverges() throws {
        var random = SplitMix64(seed: 36)
        var problems: [String] = []
        var specs = 0
        for _ in 0..<1200 {
            let spec = Self.generate(&random)
            guard (try? lint(spec.yaml))?.contains(where: { $0.ruleID == "spec-schema" || $0.ruleID == "yaml-syntax" }) == false
            else { continue }
            specs += 1
            problems += try Self.problems(of: spec)
        }
        #expect(specs > 600)
        var byKind: [String: Int] = [:]
        for problem in problems { byKind[String(problem.prefix { $0 != ":" && $0 != "\n" }), default: 0] += 1 }
        #expect(problems.isEmpty, "\(problems.count) problems: \(byKind.sorted { $0.value > $1.value })\ne.g.:\n\(problems.prefix(8).joined(separator: "\n\n"))")
    }

    /// The same, reading each suggestion from the message's text: what it says is enough to follow.
    @Test func followingWhatAnyMessageSaysConverges() throws {
        var random = SplitMix64(seed: 3_600)
        var problems: [String] = []
        for _ in 0..<500 {
            let spec = Self.generate(&random)
            guard (try? lint(spec.yaml))?.contains(where: { $0.ruleID == "spec-schema" || $0.ruleID == "yaml-syntax" }) == false
            else { continue }
            problems += try Self.problems(of: spec, reading: .message)
        }
        var byKind: [String: Int] = [:]
        for problem in problems { byKind[String(problem.prefix { $0 != ":" && $0 != "\n" }), default: 0] += 1 }
        #expect(problems.isEmpty, "\(problems.count) problems: \(byKind.sorted { $0.value > $1.value })\ne.g.:\n\(problems.prefix(6).joined(separator: "\n\n"))")
    }

    /// Each finding's own fix (shown or applied), taken alone: the finding goes, and what it brings
    /// is named by its message.
    @Test func takingAnyFindingsFixConverges() throws {
        var random = SplitMix64(seed: 361)
        var problems: [String] = []
        for _ in 0..<500 {
            let spec = Self.generate(&random)
            let text = spec.yaml
            let before = try lint(text)
            guard !before.contains(where: { $0.ruleID == "spec-schema" || $0.ruleID == "yaml-syntax" }) else { continue }
            for finding in before where finding.indicator != nil {
                guard let fix = finding.fix else { continue }
                let fixed = String(decoding: Fixer.apply([fix], to: Array(text.utf8)), as: UTF8.self)
                let after = try lint(fixed)
                let context = "\n\(finding.ruleID): \(finding.message)\n\(text)--- fixed:\n\(fixed)"
                if after.contains(where: { $0.ruleID == "spec-schema" || $0.ruleID == "yaml-syntax" }) {
                    problems.append("the fix of \(finding.ruleID) breaks the spec\(context)")
                    continue
                }
                if after.filter({ $0.ruleID == finding.ruleID }).count >= before.filter({ $0.ruleID == finding.ruleID }).count {
                    problems.append("\(finding.ruleID) fires again after its own fix\(context)")
                }
                let had = Set(before.map(\.ruleID))
                for new in after where !had.contains(new.ruleID) && new.indicator != nil {
                    let keys = new.asks.map(\.key)
                    if !keys.contains(where: { finding.message.contains("`\($0)") }) {
                        problems.append("the fix of \(finding.ruleID) brings \(new.ruleID), which its message does not name: \(new.message)\(context)")
                    }
                }
            }
        }
        var byKind: [String: Int] = [:]
        for problem in problems { byKind[String(problem.prefix { $0 != ":" && $0 != "\n" }), default: 0] += 1 }
        #expect(problems.isEmpty, "\(problems.count) problems: \(byKind.sorted { $0.value > $1.value })\ne.g.:\n\(problems.prefix(6).joined(separator: "\n\n"))")
    }

    /// `Advice.followUps` runs only the rules that read a key the advice changes: over generated
    /// specs, every finding is what it is when every rule runs on the
    /// changed copy, so a rule whose findings depend on a key it does not declare in `reads` fails here.
    @Test func adviceFromTheRulesReadingTheChangedKeysIsEveryRulesAdvice() throws {
        var random = SplitMix64(seed: 3_636)
        var specs = 0
        var withAdvice = 0
        var differences: [String] = []
        for _ in 0..<1500 {
            let spec = Self.generate(&random)
            let text = spec.yaml
            let some = try lint(text)
            guard !some.contains(where: { $0.ruleID == "spec-schema" || $0.ruleID == "yaml-syntax" }) else { continue }
            let every = try Advice.$everyRule.withValue(true) { try lint(text) }
            specs += 1
            withAdvice += some.filter { $0.message.contains("which the other rules then ask for") }.count
            for (a, b) in zip(some, every) where a != b {
                differences.append("\(a.ruleID): \(a.message)\n  with every rule: \(b.message)\n\(text)")
            }
            if some.count != every.count { differences.append("\(some.count) findings, \(every.count) with every rule\n\(text)") }
        }
        #expect(specs > 700 && withAdvice > 100, "\(specs) specs, \(withAdvice) findings with worked-out advice")
        #expect(differences.isEmpty, "\(differences.count) differences, e.g.:\n\(differences.prefix(6).joined(separator: "\n\n"))")
    }

    @Test func theGeneratorWritesSpecsTheDecoderReads() throws {
        var spec = Spec(platform: "ios", screen: "Upload photos", keys: ["id": "upload", "style": "bar"])
        spec.set("phases[1].share", "0.5")
        spec.set("phases[0].share", "0.5")
        spec.set("reduce-motion", "none")
        spec.set("reduce-motion.replace-with", "Uploading photos")
        let diagnostics = try lint(spec.yaml)
        #expect(!diagnostics.contains { $0.ruleID == "spec-schema" || $0.ruleID == "yaml-syntax" }, "\(spec.yaml)")
        #expect(spec.keys["reduce-motion"] == nil)
    }
}
