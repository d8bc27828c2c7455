import Foundation
import Testing

/// Contract revision 1.2 in a real app repository: YAML that is not a spec is skipped when a folder
/// is walked, a configuration is never linted as a spec, and no report points at an address that
/// does not exist.
@Suite struct AppRepositoryTests {
    static func run(_ arguments: [String], environment: [String: String] = [:], in dir: String) throws
        -> CommandTests.Run {
        try CommandTests.run(arguments, environment: environment, in: dir)
    }

    static let spec = """
        platform: ios
        screen: Upload
        indicators:
          - {id: upload, style: spinner, presentation: overlay, label: Loading}
        """
    static let clean = "platform: ios\nscreen: Settings\nindicators: []\n"

    /// An app repository: two specs (one with misspelt top-level keys) beside the YAML other tools read.
    static let app: [String: String] = [
        "specs/upload.yaml": spec,
        "specs/settings.yml": clean,
        "specs/typo.yaml": "platform: ios\nscrene: Typo\nindicatros: []\n",
        "docker-compose.yml": "version: \"3.8\"\nservices:\n  web:\n    image: nginx\n",
        "ci/dependabot.yml": "version: 2\nupdates:\n  - package-ecosystem: swift\n    directory: /\n",
        "deploy/k8s.yaml": "apiVersion: v1\nkind: Service\nmetadata: {name: api}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\n",
        "ansible/site.yml": "- hosts: all\n  tasks:\n    - name: ping\n      ping: {}\n",
        "api/openapi.yaml": "openapi: 3.0.3\ninfo: {title: API, version: '1'}\npaths: {}\n",
        "Resources/en.yml": "en:\n  upload: Upload\n  cancel: Cancel\n",
        "workflows/ci.yml": "name: CI\non: [push]\njobs:\n  test: {runs-on: ubuntu-latest, steps: []}\n",
        "mkdocs.yml": "site_name: App\nnav: []\n",
        // Hidden folders are never walked.
        ".github/workflows/ci.yml": "name: CI\non: [push]\njobs: {}\n",
        ".github/dependabot.yml": "version: 2\nupdates: []\n",
    ]

    @Test func aWalkOverAnAppRepositoryReportsOnlyTheSpecs() throws {
        let dir = try CommandTests.folder(Self.app)
        let r = try Self.run(["--format", "concise", "."], in: dir)
        #expect(r.status == 1)
        let paths = Set(r.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": info: ") }
            .map { String($0.prefix { $0 != ":" }) })
        #expect(paths == ["specs/upload.yaml", "specs/typo.yaml"], "\(r.stdout)")
        // The misspelt spec is linted: its keys are errors with "did you mean".
        #expect(r.stdout.contains("specs/typo.yaml:2:1: error: unknown key `screne` in the screen; did you mean `screen`?"))
        #expect(r.stdout.contains("in 3 files, 3 screens, 1 indicator; 8 YAML files skipped as not specs"), "\(r.stdout)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        // JSON counts them apart from the files linted.
        let json = try Self.run(["--format", "json", "."], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 3)
        #expect(summary["skipped"] as? Int == 8)
        #expect((object["files"] as? [[String: Any]])?.count == 3)
    }

    @Test func fixingAFolderLeavesYAMLThatIsNotASpecAsItIs() throws {
        let files = Self.app.merging(["ansible/vars.yml": "become: yes\nupdates:\n  enabled: on\n"]) { $1 }
        let dir = try CommandTests.folder(files)
        let r = try Self.run(["--fix", "--unsafe-fixes", "."], in: dir)
        #expect(r.status == 1)
        for (name, text) in files where !name.hasPrefix("specs/") {
            #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == text, "\(name) was changed")
        }
    }

    @Test func listFilesMarksTheSkippedFiles() throws {
        let dir = try CommandTests.folder(Self.app)
        let r = try Self.run(["--list-files"], in: dir)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("specs/upload.yaml"))
        #expect(lines.contains("specs/typo.yaml"))
        #expect(lines.contains("docker-compose.yml (skipped: not a spec)"))
        #expect(lines.contains("deploy/k8s.yaml (skipped: not a spec)"))
        #expect(lines.filter { $0.hasSuffix("(skipped: not a spec)") }.count == 8)
    }

    @Test func aFolderWhoseYAMLIsAllSkippedExitsTwoSayingTheFilesAreNotSpecs() throws {
        let dir = try CommandTests.folder(Self.app)
        let r = try Self.run(["deploy"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("progress-lint: deploy: no spec to lint in this folder: its YAML file is not a spec"),
                "\(r.stderr)")
        let two = try Self.run(["ci", "workflows", "specs"], in: dir)
        #expect(two.status == 2)
        #expect(two.stderr.contains("ci: no spec to lint"))
        #expect(two.stderr.contains("workflows: no spec to lint"))
        #expect(!two.stderr.contains("specs:"))
        let note = try Self.run(["--no-error-on-unmatched-pattern", "deploy"], in: dir)
        #expect(note.status == 0)
        #expect(note.stderr.contains("note: deploy: no spec to lint"))
        #expect(try Self.run(["--list-files", "deploy"], in: dir).status == 2)
    }

    @Test func namedFilesStandardInputAndFilesThatDoNotParseAreAlwaysLinted() throws {
        let dir = try CommandTests.folder(Self.app.merging(["specs/broken.yaml": "screen: [unclosed\n"]) { $1 })
        // Revision 1.3: a named non-spec gets one finding at 1:1, which says how to leave it out.
        let named = try Self.run(["--format", "concise", "deploy/k8s.yaml"], in: dir)
        #expect(named.status == 1)
        #expect(named.stdout.contains("deploy/k8s.yaml:1:1: error: the file does not look like a screen spec"), "\(named.stdout)")
        #expect(!named.stdout.contains("unknown key"))
        let stdin = try CommandTests.run(["--format", "concise", "-"], stdin: "version: \"3.8\"\nservices: {}\n", in: dir)
        #expect(stdin.status == 1)
        #expect(stdin.stdout.contains("<stdin>:1:1: error: the file does not look like a screen spec"), "\(stdin.stdout)")
        let walked = try Self.run(["--format", "concise", "specs"], in: dir)
        #expect(walked.stdout.contains("specs/broken.yaml:"), "\(walked.stdout)")
        #expect(walked.stdout.contains("[yaml-syntax]"))
    }

    // MARK: A configuration is never linted as a spec

    @Test func aConfigurationNamedOnTheCommandLineIsCheckedNotLinted() throws {
        let dir = try CommandTests.folder([
            ".progress-lint.yml": "extends: shared/base.yml\nthresholds: {attention: 20s}\nrules: {vague-label: error}\n",
            "shared/base.yml": "platform: ios\n",
            "other.yml": "rules: {vague-label: warning}\n",
            "specs/upload.yaml": Self.spec,
        ])
        // pre-commit passes every staged YAML file.
        let r = try Self.run(["--format", "concise", ".progress-lint.yml", "shared/base.yml", "specs/upload.yaml"], in: dir)
        #expect(r.status == 1)
        #expect(!r.stdout.contains(".progress-lint.yml:"))
        #expect(!r.stdout.contains("shared/base.yml:"))
        #expect(r.stdout.contains("specs/upload.yaml:"))
        #expect(r.stdout.contains("in 1 file, 1 screen, 1 indicator"))
        // Alone, a configuration that loads adds nothing.
        let alone = try Self.run(["--format", "concise", ".progress-lint.yml"], in: dir)
        #expect(alone.status == 0, "\(alone.stdout)\(alone.stderr)")
        #expect(alone.stdout.contains("no problems in 0 files"))
        // The file named by --config too.
        let fixed = try Self.run(["--config", "other.yml", "other.yml"], in: dir)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(!fixed.stdout.contains("unknown key"))
    }

    @Test func aNamedConfigurationThatDoesNotLoadIsAConfigurationErrorAtItsPosition() throws {
        let dir = try CommandTests.folder([
            ".progress-lint.yml": "extends: shared/base.yml\n",
            "shared/base.yml": "platform: ios\nrules:\n  vague-label: loud\n",
            "sub/.progress-lint.yml": "thresholds:\n  atention: 5s\n",
        ])
        let shared = try Self.run(["shared/base.yml"], in: dir)
        #expect(shared.status == 2)
        #expect(shared.stderr.contains("configuration error: shared/base.yml:3:16: `vague-label: loud` is not a level"),
                "\(shared.stderr)")
        #expect(!shared.stdout.contains("unknown key"))
        let sub = try Self.run(["sub/.progress-lint.yml"], in: dir)
        #expect(sub.status == 2)
        #expect(sub.stderr.contains("configuration error: sub/.progress-lint.yml:2:3: unknown key `atention`"), "\(sub.stderr)")
    }

    // MARK: No address that does not exist

    @Test func reportsGiveARulePageAddressOnlyWhenOneIsConfigured() throws {
        let dir = try CommandTests.folder(["specs/upload.yaml": Self.spec])
        let none = try Self.run(["--format", "json", "specs"], in: dir)
        #expect(!none.stdout.contains("\"docs\""))
        #expect(!none.stdout.contains("github.com"))
        let sarif = try Self.run(["--format", "sarif", "specs"], in: dir)
        #expect(!sarif.stdout.contains("helpUri"))
        #expect(sarif.stdout.contains("progress-lint explain vague-label"))

        try "docs-url: https://docs.example.com/lint/Rules\n".write(toFile: dir + "/.progress-lint.yml", atomically: true, encoding: .utf8)
        let configured = try Self.run(["--format", "json", "specs"], in: dir)
        #expect(configured.stdout.contains("\"docs\": \"https://docs.example.com/lint/Rules/vague-label.md\"")
                || configured.stdout.contains("\"docs\":\"https://docs.example.com/lint/Rules/vague-label.md\""),
                "\(configured.stdout)")
        let withSARIF = try Self.run(["--format", "sarif", "specs"], in: dir)
        #expect(withSARIF.stdout.contains("https://docs.example.com/lint/Rules/vague-label.md"))
        #expect(withSARIF.stdout.contains("helpUri"))
        // The environment wins, and `{rule}` places the id.
        let env = try Self.run(["--format", "json", "specs"],
                               environment: ["PROGRESS_LINT_DOCS_URL": "https://wiki.example.com/{rule}.html"], in: dir)
        #expect(env.stdout.contains("https://wiki.example.com/vague-label.html"), "\(env.stdout)")
    }

    @Test func noFileButTheReadmeNamesTheNonexistentHome() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let home = "github.com/progress-lint/" + "progress-lint"
        var offenders: [String] = []
        for folder in ["Sources", "Tests", "schemas", "Examples", "Rules", "Editors", "Plugins", "docs", "scripts", "Benchmarks", "Fuzz"] {
            guard let walk = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let relative as String in walk {
                let path = root.appendingPathComponent(folder).appendingPathComponent(relative).path
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                if text.contains(home) { offenders.append(folder + "/" + relative) }
            }
        }
        for file in [".pre-commit-hooks.yaml", "CONTRIBUTING.md", "Package.swift"] {
            if (try? String(contentsOfFile: root.appendingPathComponent(file).path, encoding: .utf8))?.contains(home) == true {
                offenders.append(file)
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
