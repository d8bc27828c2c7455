import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import TestSupport
import Testing

/// Coherence item 5 of the catalogue: over generated specs (the contract's corpus generator, and
/// seeded random mutations of the Examples), the findings on one indicator never ask opposite things
/// about one key (told mechanically from the asks the rules declare), and no finding survives that
/// coherence 1 (not task progress) or 3 (refresh controls) silences.
@Suite struct CoherenceTests {
    static let packageRoot = TestFolders.packageRoot
    /// `../shared` beside the project (or beside the folder of worktrees it sits in).
    static let generator: URL? = OptionalTools.corpusGenerator
    static let canGenerate = OptionalTools.missingCorpusGenerator == nil

    static let taskProgressOnly = Set(RuleRegistry.descriptions.filter { $0.appliesTo == .taskProgress }.map(\.id))
    static let silentOnRefreshControls: Set<String> = [
        "offer-cancel", "missing-stall-handling", "missing-label", "long-wait-needs-determinate",
    ]

    // MARK: The checks

    /// What an indicator is, as the decoder read it: enough to tell which findings coherence silences.
    struct Facts {
        var purpose: Purpose?
        var style: IndicatorStyle?
    }

    /// The problems in one run over `files`: contradicting pairs and silenced findings.
    static func incoherences(_ files: [(path: String, bytes: [UInt8])], configuration: Configuration = Configuration())
        -> [String]
    {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: files, configuration: configuration)
        // Each indicator's facts, by file, document and indicator id.
        var facts: [String: Facts] = [:]
        // Ids that two indicators of one screen share (`duplicate-id`): their findings cannot be told
        // apart by indicator, so they are not compared with each other.
        var shared: Set<String> = []
        for (path, bytes) in files {
            guard let documents = try? YAMLParser.parse(bytes) else { continue }
            for (index, document) in documents.enumerated() {
                guard let screen = SpecDecoder.decode(document, documentIndex: index).screen else { continue }
                for indicator in screen.indicators {
                    let key = "\(path)|\(index)|\(indicator.displayID)"
                    // Two indicators under one id are `duplicate-id`: keep the first.
                    if facts[key] == nil {
                        facts[key] = Facts(purpose: indicator.purpose?.value, style: indicator.style?.value)
                    } else {
                        shared.insert(key)
                    }
                }
            }
        }
        var problems: [String] = []
        var byIndicator: [String: [Diagnostic]] = [:]
        for diagnostic in result.diagnostics where diagnostic.indicator != nil {
            let key = "\(diagnostic.path)|\(diagnostic.documentIndex ?? -1)|\(diagnostic.indicator!)"
            byIndicator[key, default: []].append(diagnostic)
        }
        for (key, diagnostics) in byIndicator.sorted(by: { $0.key < $1.key }) {
            for (i, a) in diagnostics.enumerated() where !shared.contains(key) {
                for b in diagnostics[(i + 1)...] {
                    for x in a.asks {
                        for y in b.asks where x.contradicts(y) {
                            problems.append("\(key): \(a.ruleID) asks to \(x) but \(b.ruleID) to \(y)")
                        }
                    }
                    // What the messages themselves suggest, read from their text.
                    for x in suggestions(in: a.message) {
                        for y in suggestions(in: b.message) where x.contradicts(y) {
                            problems.append("\(key): \(a.ruleID)'s message asks to \(x) but \(b.ruleID)'s to \(y)")
                        }
                    }
                }
            }
            guard let facts = facts[key] else { continue }
            if let purpose = facts.purpose, purpose != .taskProgress {
                for d in diagnostics where taskProgressOnly.contains(d.ruleID) {
                    problems.append("\(key): `purpose: \(purpose.rawValue)` but \(d.ruleID) fired: \(d.message)")
                }
            }
            if facts.style == .refreshControl {
                for d in diagnostics where silentOnRefreshControls.contains(d.ruleID) {
                    problems.append("\(key): a refresh control but \(d.ruleID) fired: \(d.message)")
                }
            }
        }
        return problems
    }

    /// The keys and values a message suggests, read from its advice (the part after the first
    /// "; ", which says what to do; the part before describes what is written): each
    /// `` `key: value` `` is a value to set, `` `key` (e.g. "text") `` a text to set, and
    /// `` remove `key` `` a key to remove.
    static func suggestions(in message: String) -> [Ask] {
        guard let semicolon = message.range(of: "; ") else { return [] }
        var advice = String(message[semicolon.upperBound...])
        var asks: [Ask] = []
        // "add one (e.g. "…")": a text for the key the message named last before it.
        let keyPattern = try! NSRegularExpression(pattern: #"`([a-z][a-z-]*(?:\.[a-z][a-z-]*)*)`"#)
        if let one = advice.range(of: "add one (e.g. \""), let close = advice[one.upperBound...].range(of: "\")") {
            let before = message[..<semicolon.lowerBound]
            let ns = String(before) as NSString
            if let last = keyPattern.matches(in: String(before), range: NSRange(location: 0, length: ns.length)).last {
                asks.append(.set(ns.substring(with: last.range(at: 1)), to: String(advice[one.upperBound..<close.lowerBound])))
            }
        }
        // "`share: 0.9` on phase 1": a phase's share, by its place.
        let phasePattern = try! NSRegularExpression(pattern: #"`share: ([0-9.]+)` on phase ([0-9]+)"#)
        let whole = advice as NSString
        for match in phasePattern.matches(in: advice, range: NSRange(location: 0, length: whole.length)) {
            if let n = Int(whole.substring(with: match.range(at: 2))), n > 0 {
                asks.append(.set("phases[\(n - 1)].share", to: whole.substring(with: match.range(at: 1))))
            }
        }
        advice = phasePattern.stringByReplacingMatches(in: advice, range: NSRange(location: 0, length: whole.length),
                                                       withTemplate: "")
        let pattern = #"(remove )?`([a-z][a-z-]*(?:\.[a-z][a-z-]*)*): ?([^`]*)`|`([a-z][a-z-]*(?:\.[a-z][a-z-]*)*)` \(e\.g\. "([^"]*)"\)|remove `([a-z][a-z-]*(?:\.[a-z][a-z-]*)*)`"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = advice as NSString
        for match in regex.matches(in: advice, range: NSRange(location: 0, length: text.length)) {
            func group(_ i: Int) -> String? {
                let range = match.range(at: i)
                return range.location == NSNotFound ? nil : text.substring(with: range)
            }
            if let key = group(2), let value = group(3) {
                // "remove `determinate: true`" removes the key; a value removed "from that `becomes`
                // state" is about the state, not the indicator's own key.
                if group(1) == nil {
                    asks.append(.set(key, to: value))
                } else if !text.substring(from: match.range.location + match.range.length).hasPrefix(" from that") {
                    asks.append(.remove(key))
                }
            } else if let key = group(4), let value = group(5) {
                asks.append(.set(key, to: value))
            } else if let key = group(6) {
                asks.append(.remove(key))
            }
        }
        return asks
    }

    @Test func messagesAreReadForWhatTheySuggest() {
        let asks = Self.suggestions(in: "x is written (`presentation: inline`); use `presentation: overlay`; with it, set "
            + "`accessibility.announce.start` (e.g. \"Paying\") and remove `accessibility.focus`")
        #expect(asks == [.set("presentation", to: "overlay"), .set("accessibility.announce.start", to: "Paying"),
                         .remove("accessibility.focus")])
    }

    // MARK: The checks check something

    @Test func anIndicatorWithOppositeAsksIsCaught() {
        #expect(Ask.add("accessibility.announce.repeat-every").contradicts(.remove("accessibility.announce")))
        #expect(Ask.keep("accessibility.announce.start").contradicts(.remove("accessibility.announce.start")))
        #expect(Ask.remove("cancel").contradicts(.set("cancel", to: "true")))
        #expect(Ask.set("accessibility.focus", to: "indicator").contradicts(.set("accessibility.focus", to: "unchanged")))
        #expect(!Ask.add("label").contradicts(.add("label")))
        #expect(!Ask.remove("label").contradicts(.remove("label")))
        #expect(!Ask.add("accessibility.label").contradicts(.remove("label")))
    }

    /// The user's report: background sync with `announce.start` was told to add `repeat-every` and to
    /// remove `announce.start`.
    @Test func backgroundWorkIsNotToldToRepeatAnAnnouncementItShouldDrop() {
        let spec = """
            platform: android
            screen: Mail
            indicators:
              - id: sync
                style: spinner
                user-initiated: false
                label: Checking for mail
                accessibility:
                  announce: {start: Checking for mail}
            """
        let problems = Self.incoherences([("mail.yaml", Array(spec.utf8))])
        #expect(problems.isEmpty, "\(problems)")
        let found = RuleExampleTests.ruleIDs(spec)
        #expect(found.contains("unsolicited-announcement"))
        #expect(!found.contains("reannounce-long-wait"))
    }

    // MARK: Generated specs

    @Test(.enabled(if: OptionalTools.missingCorpusGenerator == nil, Comment(rawValue: OptionalTools.missingCorpusGenerator ?? "")))
    func theGeneratedCorpusIsCoherent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coherence-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.generatedSpecs(into: folder, files: 200, seed: 11, violationRate: 0.6)
        #expect(files.count > 100)
        let problems = Self.incoherences(files)
        #expect(problems.count == 0, "\(problems.count) incoherent findings, e.g.:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// Runs the standard corpus generator into `folder` and returns its specs (path, bytes), in path order.
    static func generatedSpecs(into folder: URL, files: Int, seed: Int, violationRate: Double,
                               revision: String? = nil) throws -> [(String, [UInt8])]
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = try #require(OptionalTools.python3)
        python.arguments = [generator!.path, folder.path, "--files", String(files), "--seed", String(seed),
                            "--violation-rate", String(violationRate)] + (revision.map { ["--revision", $0] } ?? [])
        python.standardOutput = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        var specs: [(String, [UInt8])] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "yaml" || url.pathExtension == "yml" else { continue }
            specs.append((url.path, Array(try Data(contentsOf: url))))
        }
        return specs.sorted { $0.0 < $1.0 }
    }

    /// The values each mutated key may take (valid ones, with a few of each kind of mistake the rules look for).
    static let values: [(key: String, values: [String])] = [
        ("style", ["bar", "spinner", "refresh-control"]),
        ("determinate", ["true", "false"]),
        ("purpose", ["task-progress", "waiting-for-input", "gauge"]),
        ("duration", ["unknown", "50ms", "900ms", "5s", "10s", "2s..30s", "1m"]),
        ("presentation", ["inline", "card", "overlay", "full-screen"]),
        ("other-actions", ["independent", "dependent", "destructive"]),
        ("user-initiated", ["true", "false"]),
        ("location", ["content", "navigation-bar", "toolbar"]),
        ("track", ["visible", "hidden"]),
        ("cancel", ["true", "false", "{discards-progress: true}", "{discards-progress: true, confirm: true}"]),
        ("close", ["true", "false"]),
        ("pause", ["true", "false"]),
        ("component", ["UIActivityIndicatorView", "UIProgressView", "UIRefreshControl", "ProgressView", "MyView", "meter"]),
        ("min-display", ["200ms", "400ms", "1s"]),
        ("per-item", ["true", "false"]),
        ("label", ["Loading", "Uploading photos", "In progress"]),
        ("show-after", ["1s", "3s"]),
        ("updates-every", ["1s", "5s"]),
        ("auto-refresh", ["5m", "false"]),
        ("on-total-change", ["recompute", "reallocate"]),
        ("title", ["Pull to refresh", "Checking mail"]),
        ("reduce-motion", ["none", "stop-animation", "{replace-with: Working}", "{replace-with: Working, follow-up: Still working}"]),
        ("accessibility", [
            "{focus: indicator}", "{focus: unchanged, label: Busy}", "{announce: {start: Working}}",
            "{announce: {start: Working, repeat-every: 30s, progress-every: 5s}}",
            "{focus: indicator, focus-after: trigger, announce: {start: Go, completion: Done}}",
        ]),
        ("stall", ["{after: 20s}", "{after: 20s, message: No progress; check your connection}"]),
        ("failure", ["{fills: true}", "{fills: false, message: Failed}"]),
        ("phases", ["[{share: 0.5, duration: 1s}, {share: 0.5, duration: 9s, verifies: true}]"]),
        ("becomes", ["[{when: size known, determinate: true}]", "[{when: stuck, style: spinner}]"]),
    ]

    /// SplitMix64: the same mutations on every run and platform.
    typealias Generator = SplitMix64

    /// `spec` with a few indicator keys set to other allowed values, added or removed, line by line.
    static func mutate(_ spec: String, using random: inout Generator) -> String {
        var lines = spec.components(separatedBy: "\n")
        let keys = values.map(\.key)
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            // The indicators' `id` lines, and the column of their keys.
            let ids = lines.indices.compactMap { i -> (line: Int, indent: Int)? in
                let line = lines[i]
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("- id:") else { return nil }
                return (i, line.count - trimmed.count + 2)
            }
            guard let (idLine, indent) = ids.randomElement(using: &random) else { return spec }
            let pad = String(repeating: " ", count: indent)
            // The indicator's own one-line keys, up to the next indicator.
            var own: [Int] = []
            var i = idLine + 1
            while i < lines.count, lines[i].hasPrefix(pad) || lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                let rest = lines[i].dropFirst(indent)
                if rest.first != " ", let colon = rest.firstIndex(of: ":"), keys.contains(String(rest[..<colon])),
                   !rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty {
                    own.append(i)
                }
                i += 1
            }
            let (key, choices) = values.randomElement(using: &random)!
            let value = choices.randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !own.isEmpty:
                // Another value for a key it has.
                let line = own.randomElement(using: &random)!
                let name = lines[line].dropFirst(indent).prefix { $0 != ":" }
                let options = values.first { $0.key == String(name) }!.values
                lines[line] = "\(pad)\(name): \(options.randomElement(using: &random)!)"
            case 1 where !own.isEmpty:
                lines.remove(at: own.randomElement(using: &random)!)
            default:
                lines.insert("\(pad)\(key): \(value)", at: idLine + 1)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The example specs (file name, text), in name order: what the mutation tests start from.
    static func exampleSpecs() throws -> [(String, String)] {
        let examples = packageRoot.appendingPathComponent("Examples")
        var specs: [(String, String)] = []
        let walker = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "yaml" else { continue }
            specs.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        return specs.sorted { $0.0 < $1.0 }
    }

    @Test func randomMutationsOfTheExamplesAreCoherent() throws {
        let specs = try Self.exampleSpecs()
        try #require(specs.count >= 5)
        var random = Generator(state: 20_261_123)
        var files: [(String, [UInt8])] = []
        for round in 0..<60 {
            for (name, spec) in specs {
                files.append(("\(round)-\(name)", Array(Self.mutate(spec, using: &random).utf8)))
            }
        }
        let problems = Self.incoherences(files)
        #expect(problems.count == 0, "\(problems.count) incoherent findings, e.g.:\n\(problems.prefix(10).joined(separator: "\n"))")
        // The mutations reach the cases coherence is about.
        let all = files.map { String(decoding: $0.1, as: UTF8.self) }.joined()
        #expect(all.contains("purpose: gauge") && all.contains("style: refresh-control")
                && all.contains("user-initiated: false"))
    }
}

/// Rule pages (and so `explain`) cite the guidelines by their public names, never by a seed file.
@Suite struct SourceCitationTests {
    @Test func rulePagesCiteSourcesByTitleAndAddressAndNameNoSeedFile() {
        for rule in RuleRegistry.descriptions {
            let page = RulePage.render(rule, reports: RuleRegistry.reports(of:on:))
            #expect(page.range(of: #"\d{3}_[0-9a-f]{16}"#, options: .regularExpression) == nil, "\(rule.id)")
            #expect(!page.contains("seed"), "\(rule.id)")
            for reference in rule.sources {
                #expect(page.contains(reference.source.title) && page.contains(reference.source.address), "\(rule.id)")
            }
            if rule.sharedSettings.contains("thresholds.attention") {
                #expect(page.contains("Nielsen, *Usability Engineering* (1993), chapter 5, \"Response times\""))
            }
        }
    }

    @Test func pagesShowTheKeysARuleReadsAndWhatItAsks() {
        let page = RulePage.render(ReannounceLongWait.description, reports: RuleRegistry.reports(of:on:))
        #expect(page.contains("Reads: `user-initiated`"))
        #expect(page.contains("add `accessibility.announce.repeat-every`"))
        #expect(page.contains("`purpose` is `waiting-for-input` or `gauge`"))
    }
}

extension RuleExampleTests {
    /// The ids of the rules that report on `spec`.
    static func ruleIDs(_ spec: String) -> Set<String> {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return Set(runner.run(inMemory: [("spec.yaml", Array(spec.utf8))], configuration: Configuration())
            .diagnostics.map(\.ruleID))
    }
}
