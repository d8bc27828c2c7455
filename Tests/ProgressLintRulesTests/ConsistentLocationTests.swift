import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import Testing

/// `consistent-location` compares indicators across files, which its single-file examples cannot show.
@Suite struct ConsistentLocationTests {
    static func spec(screen: String, id: String = "sync", task: String = "sync", location: String?) -> String {
        var text = "screen: \(screen)\nindicators:\n  - id: \(id)\n    style: spinner\n    task: \(task)\n"
        if let location { text += "    location: \(location)\n" }
        return text
    }

    static func run(_ files: [(String, String)], config: String? = nil) throws -> [Diagnostic] {
        var configuration = Configuration()
        if let config {
            configuration = try ConfigurationLoader(rules: RuleRegistry.descriptions)
                .load(Array(config.utf8), path: "test-config.yml", directory: "/")
        }
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: files.map { (path: $0.0, bytes: Array($0.1.utf8)) },
                                configuration: configuration)
        let broken = result.diagnostics.filter { $0.ruleID == "yaml-syntax" || $0.ruleID == "spec-schema" }
        #expect(broken.isEmpty, "test specs must be valid: \(broken.map(\.message))")
        return result.diagnostics.filter { $0.ruleID == "consistent-location" }
    }

    @Test func twoFilesAreComparedAndTheOddOneIsReportedWhereItsLocationIsWritten() throws {
        let a = Self.spec(screen: "Library", location: "navigation-bar")
            + "---\n" + Self.spec(screen: "Playlists", location: nil)
            + "---\n" + Self.spec(screen: "Albums", location: "navigation-bar")
        let b = Self.spec(screen: "Settings", location: "toolbar")
        let found = try Self.run([("a.yaml", a), ("b.yaml", b)])
        #expect(found.count == 2)
        let content = try #require(found.first { $0.path == "a.yaml" })
        #expect(content.range.start.line == 10 && content.range.start.column == 5, "a default location: at the indicator")
        #expect(content.screen == "Playlists")
        #expect(content.indicator == "sync")
        #expect(content.yamlPath == "indicators[sync]")
        let toolbar = try #require(found.first { $0.path == "b.yaml" })
        #expect(toolbar.range.start.line == 6 && toolbar.range.start.column == 15)
        #expect(toolbar.severity == .info)
        #expect(toolbar.yamlPath == "indicators[sync].location")
        #expect(toolbar.message.contains("`location: toolbar`"))
        #expect(toolbar.message.contains("2 of 4 indicators with this task are at `location: navigation-bar`"))
        #expect(toolbar.message.contains("a.yaml:6"), "points to an indicator at the common location in the other file")
    }

    @Test func aTieGoesToTheFirstFileInPathOrderWhateverTheInputOrder() throws {
        let a = Self.spec(screen: "Photos", location: "below-trigger")
        let b = Self.spec(screen: "Albums", location: "content")
        for files in [[("a.yaml", a), ("b.yaml", b)], [("b.yaml", b), ("a.yaml", a)]] {
            let found = try Self.run(files)
            #expect(found.map(\.path) == ["b.yaml"])
            #expect(found.first?.message.contains("the other indicator with this task is at `location: below-trigger`")
                    == true)
        }
    }

    @Test func differentTasksAndIndicatorsWithoutATaskAreNotCompared() throws {
        let a = Self.spec(screen: "Photos", task: "upload", location: "toolbar")
        let b = Self.spec(screen: "Albums", task: "sync", location: "content")
            + "  - id: other\n    style: spinner\n    location: status-bar\n"
        #expect(try Self.run([("a.yaml", a), ("b.yaml", b)]).isEmpty)
    }

    @Test func theConfiguredSeverityAndASuppressionInTheReportedFileApply() throws {
        let a = Self.spec(screen: "Library", location: "content") + "---\n" + Self.spec(screen: "Home", location: nil)
        let b = Self.spec(screen: "Settings", location: "toolbar")
        let warned = try Self.run([("a.yaml", a), ("b.yaml", b)], config: "rules: {consistent-location: warning}")
        #expect(warned.map(\.severity) == [.warning])
        let suppressed = "# progress-lint-disable-file consistent-location\n" + b
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: [("a.yaml", Array(a.utf8)), ("b.yaml", Array(suppressed.utf8))],
                                configuration: Configuration())
        #expect(result.diagnostics.filter { $0.ruleID == "consistent-location" || $0.ruleID == "unused-suppression" }
            .isEmpty)
    }

    @Test func aLocationSharedThroughAMergeKeyIsReportedOnceWhereItIsWritten() throws {
        let a = """
            screen: Settings
            indicators:
              - &base {id: sync, style: spinner, task: sync, location: toolbar}
              - {<<: *base, id: sync-again}
            """
        let b = Self.spec(screen: "Library", location: "navigation-bar")
            + "  - {id: two, style: spinner, task: sync, location: navigation-bar}\n"
            + "  - {id: three, style: spinner, task: sync, location: navigation-bar}\n"
        let found = try Self.run([("a.yaml", a), ("b.yaml", b)])
        #expect(found.count == 1)
        #expect(found.first?.path == "a.yaml")
        #expect(found.first?.range.start.line == 3)
        #expect(found.first?.message.contains("3 of 5") == true)
    }

    @Test func tasksSwiftCallsEqualAreOneTaskWhateverTheirBytesAndAreNamedAsFirstWritten() throws {
        // `é` decomposed in a.yaml, precomposed in the others: one task, as Swift compares texts.
        let a = Self.spec(screen: "Photos", task: "cafe\u{301} sync", location: "toolbar")
        let b = Self.spec(screen: "Albums", task: "caf\u{E9} sync", location: "navigation-bar")
        let c = Self.spec(screen: "People", task: "caf\u{E9} sync", location: "navigation-bar")
        let found = try Self.run([("a.yaml", a), ("b.yaml", b), ("c.yaml", c)])
        #expect(found.map(\.path) == ["a.yaml"])
        let message = try #require(found.first?.message)
        #expect(message.contains("2 of 3 indicators with this task are at `location: navigation-bar`"))
        #expect(message.unicodeScalars.contains("\u{301}"), "the task as a.yaml, the first file, writes it")
        #expect(message.contains("in b.yaml:6"))
    }

    @Test func theSameTaskAndLocationInManyFilesCountAsOneTaskAndOneLocation() throws {
        var files = (0..<300).map { ("specs/s\(1000 + $0).yaml", Self.spec(screen: "S\($0)", location: "navigation-bar")) }
        files.append(("specs/z-odd.yaml", Self.spec(screen: "Odd", location: "toolbar")))
        files.append(("specs/a-default.yaml", Self.spec(screen: "Default", location: nil)))
        let found = try Self.run(files)
        #expect(found.map(\.path) == ["specs/a-default.yaml", "specs/z-odd.yaml"])
        #expect(found.allSatisfy { $0.message.contains("300 of 302 indicators with this task are at `location: navigation-bar`") })
        #expect(found.allSatisfy { $0.message.contains("in specs/s1000.yaml:6") })
        #expect(found.map(\.yamlPath) == ["indicators[sync]", "indicators[sync].location"])
    }

    @Test func filesWithoutTasksOrWithoutSpecsReportNothing() throws {
        #expect(try Self.run([]).isEmpty)
        func untasked(_ location: String) -> String {
            "screen: Photos\nindicators:\n  - id: a\n    style: spinner\n    location: \(location)\n"
        }
        #expect(try Self.run([("a.yaml", untasked("toolbar")), ("b.yaml", untasked("content"))]).isEmpty)
    }
}
