import Foundation
import Testing
import TestSupport

/// README's "A first run" is what the command does: its spec, linted as the README says, prints
/// what the README shows (positions, findings, summary, exit code), and the spec after the README's
/// changes prints what it shows then. When a rule's message changes, this fails with the text to
/// put in README.md.
@Suite struct ReadmeFirstRunTests {
    /// The section's fenced blocks, in order: (language, lines).
    static func blocks() throws -> [(language: String, lines: [String])] {
        let readme = try String(contentsOf: TestFolders.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "## A first run"), "README.md has no \"## A first run\" section")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var blocks: [(String, [String])] = []
        var open: (String, [String])?
        for line in lines[(start + 1)..<end] {
            if line.hasPrefix("```") {
                if let block = open { blocks.append(block); open = nil } else { open = (String(line.dropFirst(3)), []) }
            } else if open != nil {
                open!.1.append(line)
            }
        }
        return blocks
    }

    /// A console block's runs: each command (after `$ `) with the lines it printed.
    static func runs(_ lines: [String]) -> [(command: String, output: [String])] {
        var runs: [(String, [String])] = []
        for line in lines {
            if line.hasPrefix("$ ") { runs.append((String(line.dropFirst(2)), [])) } else if !runs.isEmpty { runs[runs.count - 1].1.append(line) }
        }
        return runs
    }

    /// Lints `spec` as `specs/upload.yaml` with the console block's command and compares with what it shows.
    static func expectREADMEShows(_ console: [String], for spec: String, block: String) throws {
        let runs = Self.runs(console)
        let lint = try #require(runs.first, "no `$ progress-lint …` line in the README's \(block) console block")
        #expect(lint.command == "progress-lint specs/", "the README runs `\(lint.command)`")
        let dir = try CommandTests.folder(["specs/upload.yaml": spec])
        let r = try CommandTests.run(["specs/"], in: dir)
        let shown = lint.output.joined(separator: "\n") + "\n"
        #expect(r.stdout == shown, """
            README.md's "A first run" (\(block)) shows what progress-lint no longer prints for its spec. \
            Replace the lines after `$ progress-lint specs/` in that console block with:
            \(r.stdout)
            """)
        if let status = runs.dropFirst().first(where: { $0.command == "echo $?" }) {
            #expect(status.output.first == String(r.status), "the README shows exit \(status.output.first ?? "none"); it is \(r.status)")
        }
    }

    @Test func theFirstRunPrintsWhatTheReadmeShows() throws {
        let blocks = try Self.blocks()
        let yaml = blocks.filter { $0.language == "yaml" }, console = blocks.filter { $0.language == "console" }
        try #require(yaml.count == 2 && console.count == 2, "README's \"A first run\" should hold two yaml and two console blocks")
        let spec = yaml[0].lines.joined(separator: "\n") + "\n"
        try Self.expectREADMEShows(console[0].lines, for: spec, block: "the first console block")
    }

    @Test func theSpecAfterTheReadmesChangesIsCleanAsTheReadmeShows() throws {
        let blocks = try Self.blocks()
        let yaml = blocks.filter { $0.language == "yaml" }, console = blocks.filter { $0.language == "console" }
        try #require(yaml.count == 2 && console.count == 2, "README's \"A first run\" should hold two yaml and two console blocks")
        // The second block replaces the first from the line whose key it starts with.
        let first = yaml[0].lines, change = yaml[1].lines
        let key = try #require(change.first?.split(separator: ":").first.map(String.init))
        let from = try #require(first.firstIndex { $0.hasPrefix(key + ":") }, "the README's change starts at `\(key)`")
        let spec = (first[..<from] + change).joined(separator: "\n") + "\n"
        try Self.expectREADMEShows(console[1].lines, for: spec, block: "the second console block")
    }
}
