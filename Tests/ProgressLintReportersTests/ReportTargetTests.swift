import ProgressLintReporters
import Testing

/// Pairing `--format` with the `--output` that follows it.
@Suite struct ReportTargetTests {
    func plan(_ arguments: [String], githubActions: Bool = false) throws -> [ReportTarget] {
        var formats: [String] = [], outputs: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--format" { formats.append(arguments[i + 1]); i += 1 }
            if arguments[i] == "--output" { outputs.append(arguments[i + 1]); i += 1 }
            i += 1
        }
        return try ReportTarget.plan(formats: formats, outputs: outputs, arguments: arguments,
                                     githubActions: githubActions)
    }

    @Test func eachFormatTakesTheOutputThatFollowsIt() throws {
        let targets = try plan(["--format", "json", "--output", "r.json", "--format", "sarif", "--output", "o.sarif",
                                "--format", "text", "specs"])
        #expect(targets == [ReportTarget(format: "json", output: "r.json"),
                            ReportTarget(format: "sarif", output: "o.sarif"), ReportTarget(format: "text", output: nil)])
    }

    @Test func anOutputBeforeAnyFormatStillBelongsToIt() throws {
        #expect(try plan(["--output", "r.json", "--format", "json"]) == [ReportTarget(format: "json", output: "r.json")])
        #expect(try plan(["--output", "r.txt"]) == [ReportTarget(format: "text", output: "r.txt")])
    }

    @Test func atMostOneFormatGoesToStandardOutput() {
        #expect(throws: ReportTarget.PlanError.self) { try plan(["--format", "json", "--format", "sarif"]) }
        #expect(throws: ReportTarget.PlanError.self) {
            try plan(["--format", "json", "--output", "a", "--format", "sarif", "--output", "a"])
        }
    }

    @Test func githubActionsAddsAnnotationsOnlyWhenNoFormatIsGiven() throws {
        #expect(try plan([], githubActions: true) == [ReportTarget(format: "text", output: nil),
                                                      ReportTarget(format: "github", output: nil)])
        #expect(try plan(["--format", "json"], githubActions: true) == [ReportTarget(format: "json", output: nil)])
    }
}
