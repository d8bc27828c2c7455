import Foundation
import Testing

/// `progress-lint profiles`, and built-in profiles in a run: as a user meets them.
@Suite struct ProfilesCommandTests {
    func run(_ arguments: [String], in dir: String? = nil) throws -> CommandTests.Run {
        try CommandTests.run(arguments, in: dir)
    }

    @Test func profilesListsEachWithItsThresholdsAddressAndLegacy() throws {
        let r = try run(["profiles"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        let gnome = lines.first { $0.hasPrefix("progress-lint:gnome ") }.map(String.init) ?? ""
        #expect(gnome.contains("instant: 3s") && gnome.contains("determinate-after: 30s"), "\(r.stdout)")
        #expect(gnome.contains("https://developer.gnome.org/hig/patterns/feedback/spinners.html"))
        let legacy = lines.first { $0.hasPrefix("progress-lint:windows-legacy ") }.map(String.init) ?? ""
        #expect(legacy.hasSuffix("legacy") && legacy.contains("updates-every-max: 5s"))
        #expect(lines.filter { $0.hasPrefix("progress-lint:") }.count == 10)
    }

    @Test func profilesNamePrintsASnippetAndAnUnknownNameExits2WithTheClosest() throws {
        let r = try run(["profiles", "acorn"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("  min-display: 400ms  # \"We recommend 400ms minimum display time\"\n"), "\(r.stdout)")
        #expect(try run(["profiles", "progress-lint:acorn"]).stdout == r.stdout)
        let unknown = try run(["profiles", "Acorn"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean `progress-lint:acorn`?"), "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
    }

    @Test func anIncoherentConfigurationLintsNothingAndExits2() throws {
        let dir = try CommandTests.folder([
            ".progress-lint.yml": "extends: progress-lint:carbon\nthresholds:\n  attention: 2s\n",
            "a.yaml": "screen: A\nindicators: []\n",
        ])
        let r = try run(["--format", "json", "a.yaml"], in: dir)
        #expect(r.status == 2)
        #expect(r.stdout.contains("\"files\": []"), "\(r.stdout)")
        #expect(r.stdout.contains("`noticeable` (3s, from the profile `progress-lint:carbon`) is above `attention` (2s, set in this file, line 3)"))
        let printed = try run(["--print-config", "a.yaml"], in: dir)
        #expect(printed.status == 2)
    }

    @Test func printConfigNamesTheProfileEachThresholdCameFrom() throws {
        let dir = try CommandTests.folder([
            ".progress-lint.yml": "extends: progress-lint:primer\nthresholds:\n  min-display: 300ms\n",
            "a.yaml": "screen: A\nindicators: []\n",
        ])
        let r = try run(["--print-config", "a.yaml"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout.contains("  instant: 1s  # from profile progress-lint:primer\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  determinate-after: 3s  # from profile progress-lint:primer\n"))
        #expect(r.stdout.contains("  show-after-max: 1s  # from profile progress-lint:primer\n"))
        #expect(r.stdout.contains("  min-display: 300ms  # from .progress-lint.yml:3\n"))
        #expect(r.stdout.contains("  updates-every-max: 2s  # default\n"))
    }
}
