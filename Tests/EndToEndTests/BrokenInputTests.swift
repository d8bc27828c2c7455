import Foundation
import Testing

/// Broken files each give one clear diagnostic at the right place, and the run goes on.
@Suite struct BrokenInputTests {
    @Test func eachBrokenFileGivesOneDiagnosticAtTheRightLineAndTheRunGoesOn() throws {
        let dir = try CommandTests.temporaryFolder()
        let files: [(name: String, text: String, rule: String, at: String)] = [
            ("1-malformed.yaml", "screen: S\nindicators: [\n  {id: a, style: bar}\n", "yaml-syntax", "4:1"),
            ("2-typo.yaml", "screen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n    lable: Uploading\n",
             "spec-schema", "6:5"),
            ("3-duration.yaml", "screen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n    duration: 30\n",
             "spec-schema", "6:15"),
            ("4-pause.yaml", "screen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n    pause: yes\n",
             "spec-schema", "6:12"),
            ("5-duplicate.yaml", "screen: S\nindicators:\n  - id: a\n    style: bar\n    determinate: true\n    determinate: false\n",
             "spec-schema", "6:5"),
            // With its `screen:` line: a walk skips a file that does not parse and has none (revision 1.3).
            ("6-bomb.yaml", (["screen: S", "a: &a [x, x, x, x, x, x, x, x, x, x]"] + zip("bcdefgh", "abcdefg").map { n, p in
                "\(n): &\(n) [" + Array(repeating: "*\(p)", count: 10).joined(separator: ", ") + "]"
            }).joined(separator: "\n") + "\n", "spec-schema", "5:36"),
        ]
        for file in files { try file.text.write(toFile: "\(dir)/\(file.name)", atomically: true, encoding: .utf8) }
        try "screen: S\nindicators:\n  - {id: a, style: bar, determinate: true, label: Loading}\n"
            .write(toFile: "\(dir)/7-good.yaml", atomically: true, encoding: .utf8)

        let run = try CommandTests.run(["--format", "json", dir])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        for file in files {
            let own = diagnostics.filter { ($0["path"] as? String)?.hasSuffix(file.name) == true }
            let input = own.filter { ["yaml-syntax", "spec-schema"].contains($0["rule"] as? String ?? "") }
            #expect(input.count == 1, "\(file.name): \(own)")
            #expect(input.first?["rule"] as? String == file.rule, "\(file.name)")
            let at = input.first.map { "\($0["line"] ?? 0):\($0["column"] ?? 0)" }
            #expect(at == file.at, "\(file.name)")
            #expect((input.first?["message"] as? String)?.isEmpty == false)
        }
        #expect(diagnostics.contains { ($0["path"] as? String)?.hasSuffix("7-good.yaml") == true
            && $0["rule"] as? String == "vague-label" })
    }

    @Test func positionsAreExactInMultiDocumentAndFlowFiles() throws {
        let dir = try CommandTests.temporaryFolder()
        let text = """
            screen: First
            indicators: []
            ---
            # the second screen
            screen: Second
            indicators: [{id: a, style: bar, determinate: true, label: Working}]
            ---
            screen: Third
            indicators:
              - {id: b, style: bar, determinate: true,
                 label: "Loading…"}
            """
        try text.write(toFile: "\(dir)/multi.yaml", atomically: true, encoding: .utf8)
        let run = try CommandTests.run(["--format", "json", "\(dir)/multi.yaml"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let vague = try #require(object["diagnostics"] as? [[String: Any]]).filter { $0["rule"] as? String == "vague-label" }
        let positions = vague.map { "\($0["line"]!):\($0["column"]!)-\($0["endLine"]!):\($0["endColumn"]!) \($0["screen"]!)" }
        #expect(positions == ["6:60-6:67 Second", "11:13-11:23 Third"])
    }
}
