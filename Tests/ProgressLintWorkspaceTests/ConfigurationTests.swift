import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import Testing

@Suite struct ConfigurationTests {
    func load(_ text: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(text.utf8), path: "cfg.yml", directory: "/p")
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
        #expect(c.options[VagueLabel.labels].written == ["Hold on"])
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

    @Test func sizesAreWholePositiveByteCountsUpToTheCeiling() throws {
        #expect(try ConfigurationLoader.size("1536") == 1536)
        #expect(try ConfigurationLoader.size("1KB") == 1024)
        #expect(try ConfigurationLoader.size("1.5KB") == 1536)
        #expect(try ConfigurationLoader.size("10MB") == 10 * 1024 * 1024)
        #expect(try ConfigurationLoader.size("10 MB") == 10 * 1024 * 1024)
        #expect(try ConfigurationLoader.size("0.5MB") == 512 * 1024)
        #expect(try ConfigurationLoader.size("1GB") == ConfigurationLoader.maxFileSizeCeiling)
        #expect(try ConfigurationLoader.size("1_000_000B") == 1_000_000)
        let cases: [(String, ConfigurationLoader.SizeError)] = [
            ("0", .notPositive), ("0KB", .notPositive), ("0.0B", .notPositive),
            ("0.0000001KB", .notWholeBytes), ("1.1KB", .notWholeBytes), ("0.5B", .notWholeBytes), ("1.5", .notWholeBytes),
            ("1025MB", .aboveCeiling), ("8589934592GB", .aboveCeiling), ("9223372036854775807", .aboveCeiling),
            ("1073741825", .aboveCeiling), (String(repeating: "9", count: 400) + "KB", .aboveCeiling),
            ("1e30MB", .malformed), ("infB", .malformed), ("nan", .malformed), ("1e400KB", .malformed),
            ("-1KB", .malformed), ("+1KB", .malformed), ("0x10", .malformed), (".5KB", .malformed), ("5.KB", .malformed),
            ("1.2.3KB", .malformed), ("", .malformed), ("KB", .malformed), ("10TB", .malformed), ("١٠MB", .malformed),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text.prefix(20))") { try ConfigurationLoader.size(text) }
        }
    }

    @Test func anOutOfRangeSizeOrThresholdIsAnErrorAtItsValue() {
        for (text, position, words) in [
            ("limits:\n  max-file-size: 1e30MB\n", "2:18", "`max-file-size: 1e30MB` is not a size"),
            ("limits:\n  max-file-size: 0.0000001KB\n", "2:18", "is not a whole number of bytes"),
            ("limits:\n  max-file-size: 2GB\n", "2:18", "is above the ceiling of 1GB"),
            ("limits:\n  max-alias-nodes: 99999999999999999999\n", "2:20", "must be a positive whole number"),
            ("thresholds:\n  instant: 10000000000000000000h\n", "2:12", "is out of range; a duration is at most 168h"),
            ("thresholds:\n  noticeable: 1\(String(repeating: "0", count: 309))ms\n", "2:15", "is out of range"),
        ] {
            do {
                _ = try load(text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.position.map { "\($0.line):\($0.column)" } == position, "\(text)")
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
    }

    @Test func aSecondDocumentIsAnErrorAtItsStart() {
        do {
            _ = try load("platform: ios\n---\nplatform: web\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.position.map { "\($0.line):\($0.column)" } == "2:1")
            #expect(error.message.hasPrefix("a configuration is one YAML document"))
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
