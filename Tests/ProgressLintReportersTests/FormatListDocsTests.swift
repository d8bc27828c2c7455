import Foundation
import ProgressLintReporters
import TestSupport
import Testing

/// The formats `docs/command-line.md` lists for `--format` are those the command has
/// (`Reporters.all`, which `--help` lists): a new reporter without its line in the docs fails here.
@Suite struct FormatListDocsTests {
    @Test func theCommandLinePageListsEveryFormatTheCommandHas() throws {
        let page = try String(contentsOf: TestFolders.packageRoot.appendingPathComponent("docs/command-line.md"),
                              encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `-f, --format FORMAT` |") },
                               "docs/command-line.md has no `-f, --format FORMAT` row")
        // The row's second cell: the formats, each in backticks.
        let cell = row.split(separator: "|", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
        let listed = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let formats = Reporters.all.map { $0.name }
        #expect(listed == formats, """
            docs/command-line.md lists the formats \(listed) for --format; the command has \(formats) \
            (Reporters.all): update the `-f, --format FORMAT` row in that order
            """)
    }
}
