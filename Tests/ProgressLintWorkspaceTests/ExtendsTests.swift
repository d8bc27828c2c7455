import ProgressLintEngine
import ProgressLintReporters
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import Testing
import LintTestSupport
import TestSupport

/// `extends`: shared settings read first, this file's keys over them key by key.
@Suite struct ExtendsTests {
    let loader = ConfigurationLoader(rules: RuleRegistry.descriptions)

    /// Loads `name` in `folder` as the command does, extended files shown relative to `folder`.
    func load(_ name: String, in folder: TemporaryFolder) throws(ConfigurationError) -> Configuration {
        let path = folder.path + "/" + name
        let bytes = Array(((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").utf8)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        return try loader.load(bytes, path: name, directory: directory, workingDirectory: folder.path)
    }

    func error(_ name: String, in folder: TemporaryFolder) -> ConfigurationError? {
        do {
            _ = try load(name, in: folder)
            return nil
        } catch {
            return error
        }
    }

    static let base = """
        platform: ios
        include: ["specs/**"]
        thresholds: {instant: 200ms, attention: 20s}
        vague-labels: [Loading, Working]
        rules: {vague-label: error, uneven-pacing: off}
        limits: {max-depth: 50}
        """

    @Test func anExtendingFileOverridesKeyByKeyAndInheritsTheRest() throws {
        let folder = try TemporaryFolder()
        try folder.write("shared/base.yml", Self.base)
        try folder.write("app/.progress-lint.yml", """
            extends: ../shared/base.yml
            thresholds: {attention: 15s}
            vague-labels: [Hold on]
            rules: {vague-label: info}
            limits: {max-alias-nodes: 10}
            """)
        let c = try load("app/.progress-lint.yml", in: folder)
        #expect(c.platform == .ios)                                       // inherited
        #expect(c.thresholds.instant == Duration(milliseconds: 200))      // thresholds entry by entry
        #expect(c.thresholds.attention == .seconds(15))
        #expect(c.thresholds.noticeable == .seconds(1))                   // neither file: the default
        #expect(c.options[VagueLabel.labels].written == ["Hold on"])       // lists replaced whole
        #expect(c.rules["vague-label"] == .on(.info))                     // rules entry by entry
        #expect(c.rules["uneven-pacing"] == .off)
        #expect(c.limits.yaml.maxDepth == 50)                             // limits entry by entry
        #expect(c.limits.yaml.maxAliasNodes == 10)
        #expect(c.include == ["specs/**"])
        #expect(c.includeDirectory == folder.path + "/shared")           // relative to the file that set it
        #expect(c.sources["platform"] == "shared/base.yml")
        #expect(c.sources["thresholds.attention"] == "app/.progress-lint.yml")
        #expect(c.sources["thresholds.instant"] == "shared/base.yml")
        #expect(c.sources["thresholds.noticeable"] == nil)
        #expect(c.files == ["shared/base.yml", "app/.progress-lint.yml"])
        #expect(c.path == "app/.progress-lint.yml")
    }

    @Test func aListOfExtendedFilesIsReadInOrderLaterOnesWinning() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yml", "platform: ios\nrules: {vague-label: error}\nvague-labels: [A]\n")
        try folder.write("b.yml", "platform: android\nvague-labels: [B]\n")
        try folder.write("c.yml", "extends: [a.yml, b.yml]\nvague-labels: [C]\n")
        let c = try load("c.yml", in: folder)
        #expect(c.platform == .android)
        #expect(c.rules["vague-label"] == .on(.error))
        #expect(c.options[VagueLabel.labels].written == ["C"])
        #expect(c.sources["platform"] == "b.yml")
        #expect(c.files == ["a.yml", "b.yml", "c.yml"])
    }

    @Test func aCycleIsAnErrorNamingTheChainAtTheExtendsEntry() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yml", "extends: b.yml\n")
        try folder.write("b.yml", "platform: ios\nextends:\n  - a.yml\n")
        let e = try #require(error("a.yml", in: folder))
        #expect(e.path == "b.yml")
        #expect(e.position?.line == 3)
        #expect(e.position?.column == 5)
        #expect(e.message.contains("a.yml → b.yml → a.yml"))
        #expect(error("b.yml", in: folder)?.message.contains("b.yml → a.yml → b.yml") == true)
    }

    @Test func aFileExtendingItselfIsACycle() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yml", "extends: ./a.yml\n")
        #expect(error("a.yml", in: folder)?.message.contains("a.yml → a.yml") == true)
    }

    @Test func aMissingExtendedFileIsAnErrorNamingTheChain() throws {
        let folder = try TemporaryFolder()
        try folder.write("sub/a.yml", "extends: ../b.yml\n")
        try folder.write("b.yml", "platform: ios\nextends: [gone.yml]\n")
        let e = try #require(error("sub/a.yml", in: folder))
        #expect(e.path == "b.yml")
        #expect(e.position?.line == 2)
        #expect(e.message.contains("`extends: gone.yml` cannot be read"))
        #expect(e.message.contains("sub/a.yml → b.yml → gone.yml"))
    }

    @Test func aChainDeeperThanTheBoundIsAnError() throws {
        let folder = try TemporaryFolder()
        let depth = ConfigurationLoader.maxExtendsDepth
        for i in 0..<depth + 5 { try folder.write("c\(i).yml", "extends: c\(i + 1).yml\n") }
        try folder.write("c\(depth + 5).yml", "platform: ios\n")
        let e = try #require(error("c0.yml", in: folder))
        #expect(e.message.contains("more than \(depth) files deep"))
        // Exactly the bound is fine.
        try folder.write("c\(depth - 1).yml", "platform: ios\n")
        #expect(try load("c0.yml", in: folder).platform == .ios)
    }

    @Test func listsExtendingListsCannotMultiplyIntoMillionsOfReads() throws {
        let folder = try TemporaryFolder()
        for i in 0..<30 { try folder.write("c\(i).yml", "extends: [c\(i + 1).yml, c\(i + 1).yml]\n") }
        try folder.write("c30.yml", "platform: ios\n")
        let e = try #require(error("c0.yml", in: folder))
        #expect(e.message.contains("more than \(ConfigurationLoader.maxExtendsFiles) files in all"))
        // A file extended from two places (a diamond) is fine.
        try folder.write("d.yml", "extends: [c29.yml, c30.yml]\n")
        #expect(try load("d.yml", in: folder).platform == .ios)
    }

    @Test func extendsMustBeAPathOrAListOfPaths() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yml", "extends: {file: b.yml}\n")
        #expect(error("a.yml", in: folder)?.message.contains("`extends`") == true)
    }

    @Test func inheritedExcludeGlobsStayRelativeToTheFolderOfTheFileThatSetThem() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "exclude: [\"app/legacy/**\"]\n")
        try folder.write("app/.progress-lint.yml", "extends: ../.progress-lint.yml\nplatform: ios\n")
        try folder.write("app/legacy/old.yaml", "screen: S\nindicators: []\n")
        try folder.write("app/new.yaml", "screen: S\nindicators: []\n")
        let planned = runner().plan([folder.path + "/app"]).files.map(\.file.path)
        #expect(planned == [folder.path + "/app/new.yaml"])
    }
}
