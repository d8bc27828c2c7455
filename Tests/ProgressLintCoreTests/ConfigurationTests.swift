import ProgressLintCore
import ProgressLintRules
import ProgressLintSpec
import Testing

@Suite struct ConfigurationTests {
    func load(_ text: String) throws(ConfigurationError) -> Configuration {
        try RuleRegistry.makeConfigurationLoader().load(Array(text.utf8), path: "cfg.yml", directory: "/p")
    }

    @Test func everyDocumentedKeyIsRead() throws {
        let c = try load("""
            platform: android
            include: ["specs/**/*.yaml"]
            exclude: ["specs/legacy/**"]
            thresholds: {instant: 50ms, noticeable: 2s, attention: 20s, show-after-max: 1s, updates-every-max: 500ms}
            vague-labels: [Hold on]
            rules: {vague-label: error, no-style-switch: off}
            limits: {max-file-size: 2MB, max-depth: 50, max-alias-nodes: 100}
            """)
        #expect(c.platform == .android)
        #expect(c.include == ["specs/**/*.yaml"])
        #expect(c.thresholds.attention == .seconds(20))
        #expect(c.thresholds.updatesEveryMax == Duration(milliseconds: 500))
        #expect(c.vagueLabels == ["Hold on"])
        #expect(c.rules["vague-label"] == .on(.error))
        #expect(c.limits.maxFileSize == 2 * 1024 * 1024)
        #expect(c.limits.yaml.maxDepth == 50)
        #expect(c.limits.yaml.maxAliasNodes == 100)
    }

    @Test func unknownKeysAreErrorsWithASuggestionAndPosition() {
        #expect(throws: ConfigurationError.self) { try load("thresholds:\n  atention: 5s\n") }
        do {
            _ = try load("thresholds:\n  atention: 5s\n")
        } catch {
            #expect(error.message.contains("did you mean `attention`?"))
            #expect(error.position?.line == 2)
        }
    }

    @Test func unknownRulesAndInputRulesAreRejected() {
        do {
            _ = try load("rules: {vage-label: off}")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("did you mean `vague-label`?"))
        }
        do {
            _ = try load("rules: {spec-schema: off}")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("input rule"))
        }
    }

    @Test func levelsMustBeOffInfoWarningOrError() {
        #expect(throws: ConfigurationError.self) { try load("rules: {vague-label: false}") }
    }

    @Test func thresholdsNeedUnits() {
        do {
            _ = try load("thresholds: {attention: 10}")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("10s"))
        }
    }

    @Test func globsMatchLikeAShell() {
        #expect(Glob("specs/**/*.yaml").matches("specs/a/b/c.yaml"))
        #expect(Glob("specs/**/*.yaml").matches("specs/c.yaml"))
        #expect(!Glob("specs/**/*.yaml").matches("other/c.yaml"))
        #expect(Glob("specs/legacy/**").matches("specs/legacy/x/y.yml"))
        #expect(Glob("*.{yaml,yml}").matches("a.yml"))
        #expect(Glob("spec?.yaml").matches("spec1.yaml"))
        #expect(Glob("[ab]*.yaml").matches("b1.yaml"))
        #expect(!Glob("[ab]*.yaml").matches("c1.yaml"))
        #expect(Glob("./specs/*.yaml").matches("specs/x.yaml"))
    }
}
