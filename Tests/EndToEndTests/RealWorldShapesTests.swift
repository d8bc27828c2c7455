import Foundation
import Testing

/// Contract revision 1.3, "YAML that is not a spec, round two", over a sample of the shapes real
/// repositories hold: a Helm template, an empty Ansible file, a tool's config with
/// `indicators: true`, a compose file, a spec broken half-way, and a spec after an empty document.
/// Walked, only the specs are reported; named, a non-spec gets one finding at 1:1, or nothing with
/// `--force-exclude`; a run that lints nothing makes no cache folder.
@Suite struct RealWorldShapesTests {
    static let helm = """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: {{ include "chart.fullname" . }}
        spec:
          {{- if not .Values.autoscaling.enabled }}
          replicas: {{ .Values.replicaCount }}
          {{- end }}

        """
    static let ansibleEmpty = "---\n# Copyright 2024 The Authors. Licensed under the Apache License, Version 2.0.\n"
    static let lsd = "classic: false\nblocks:\n  - permission\n  - name\nindicators: true\nicons:\n  when: auto\n"
    static let compose = "version: \"3.8\"\nservices:\n  web:\n    image: nginx\n    ports: [\"80:80\"]\n"
    static let brokenSpec = "platform: ios\nscreen: Upload\nindicators:\n  - id: upload\n    style: [bar\n    label: Uploading\n"
    static let afterEmpty = """
        ---
        # the screens of the upload flow
        ---
        platform: ios
        screen: Upload
        indicators:
          - {id: upload, style: spinner, presentation: overlay, label: Loading}

        """

    static let sample: [String: String] = [
        "chart/templates/deployment.yaml": helm,
        "roles/web/tasks/main.yml": ansibleEmpty,
        "config/lsd/config.yaml": lsd,
        "docker-compose.yml": compose,
        "specs/broken.yaml": brokenSpec,
        "specs/upload.yaml": afterEmpty,
    ]
    static let nonSpecs = ["chart/templates/deployment.yaml", "roles/web/tasks/main.yml", "config/lsd/config.yaml",
                           "docker-compose.yml"]

    /// The paths of the findings in a concise report.
    static func paths(_ stdout: String) -> Set<String> {
        Set(stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": info: ") }
            .map { String($0.prefix { $0 != ":" }) })
    }

    @Test func aWalkReportsOnlyTheSpecsAndListsEveryOtherFileAsSkipped() throws {
        let dir = try CommandTests.folder(Self.sample)
        let r = try CommandTests.run(["--format", "concise", "."], in: dir)
        #expect(r.status == 1)
        #expect(Self.paths(r.stdout) == ["specs/broken.yaml", "specs/upload.yaml"], "\(r.stdout)")
        // The spec broken half-way keeps its syntax error; the spec after an empty document is linted.
        #expect(r.stdout.contains("specs/broken.yaml:6:10: error: "), "\(r.stdout)")
        #expect(r.stdout.contains("[yaml-syntax]"))
        #expect(r.stdout.contains("specs/upload.yaml:7:5: "), "\(r.stdout)")
        #expect(r.stdout.contains("in 2 files, 1 screen, 1 indicator; 4 YAML files skipped as not specs"), "\(r.stdout)")
        let list = try CommandTests.run(["--list-files", "."], in: dir)
        #expect(list.status == 0)
        let lines = Set(list.stdout.split(separator: "\n").map(String.init))
        #expect(lines == Set(Self.nonSpecs.map { "\($0) (skipped: not a spec)" } + ["specs/broken.yaml", "specs/upload.yaml"]),
                "\(list.stdout)")
    }

    @Test func aNamedNonSpecGetsOneErrorAtItsStartThatSaysHowToLeaveItOut() throws {
        let dir = try CommandTests.folder(Self.sample)
        for name in ["docker-compose.yml", "config/lsd/config.yaml"] {
            let r = try CommandTests.run(["--format", "concise", name], in: dir)
            #expect(r.status == 1, "\(name)")
            let findings = r.stdout.split(separator: "\n").dropLast()
            #expect(findings.count == 1, "\(name): \(r.stdout)")
            let finding = String(findings.first ?? "")
            #expect(finding.hasPrefix("\(name):1:1: error: "), "\(finding)")
            #expect(finding.hasSuffix("[spec-schema]"), "\(finding)")
            #expect(finding.contains("does not look like a screen spec"), "\(finding)")
            #expect(finding.contains("`exclude`") && finding.contains("--force-exclude"), "\(finding)")
            #expect(r.stdout.contains("in 1 file, 0 screens, 0 indicators"), "\(r.stdout)")
        }
        // An empty file gets nothing; a file that does not parse gets its syntax error.
        let empty = try CommandTests.run(["--format", "concise", "roles/web/tasks/main.yml"], in: dir)
        #expect(empty.status == 0, "\(empty.stdout)")
        #expect(empty.stdout == "no problems in 1 file, 0 screens, 0 indicators\n", "\(empty.stdout)")
        let helm = try CommandTests.run(["--format", "concise", "chart/templates/deployment.yaml"], in: dir)
        #expect(helm.status == 1)
        #expect(helm.stdout.contains("[yaml-syntax]"), "\(helm.stdout)")
    }

    @Test func withForceExcludeNamedNonSpecsAreSkippedAndTheRunPasses() throws {
        let dir = try CommandTests.folder(Self.sample)
        // As pre-commit names every staged YAML file.
        let r = try CommandTests.run(["--force-exclude", "--format", "concise"] + Self.nonSpecs, in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "no problems in 0 files, 0 screens, 0 indicators; 4 YAML files skipped as not specs\n",
                "\(r.stdout)")
        let withSpecs = try CommandTests.run(["--force-exclude", "--format", "concise"] + Self.sample.keys.sorted(), in: dir)
        #expect(withSpecs.status == 1)
        #expect(Self.paths(withSpecs.stdout) == ["specs/broken.yaml", "specs/upload.yaml"], "\(withSpecs.stdout)")
        // Standard input is judged as a named file when --force-exclude names it.
        let stdin = try CommandTests.run(["--force-exclude", "--stdin-filename", "docker-compose.yml", "-"],
                                         stdin: Self.compose, in: dir)
        #expect(stdin.status == 0, "\(stdin.stdout)")
        #expect(stdin.stdout.contains("1 YAML file skipped as not a spec"), "\(stdin.stdout)")
        let linted = try CommandTests.run(["--format", "concise", "--stdin-filename", "docker-compose.yml", "-"],
                                          stdin: Self.compose, in: dir)
        #expect(linted.status == 1)
        #expect(linted.stdout.hasPrefix("docker-compose.yml:1:1: error: the file does not look like a screen spec"),
                "\(linted.stdout)")
    }

    @Test func withForceExcludeAStdinFilenameIsLeftOutByIncludeAsANamedFileIs() throws {
        let dir = try CommandTests.folder([".progress-lint.yml": "include: [\"specs/**\"]\n"])
        let spec = AppRepositoryTests.spec + "\n"
        let out = try CommandTests.run(["--force-exclude", "--stdin-filename", "other/upload.yaml", "-"], stdin: spec, in: dir)
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.stdout == "no problems in 0 files, 0 screens, 0 indicators\n", "\(out.stdout)")
        // With --fix, the text goes back unchanged.
        let fixed = try CommandTests.run(["--fix", "--force-exclude", "--stdin-filename", "other/upload.yaml", "-"],
                                         stdin: spec, in: dir)
        #expect(fixed.status == 0)
        #expect(fixed.stdout == spec)
        let inside = try CommandTests.run(["--force-exclude", "--stdin-filename", "specs/upload.yaml", "-"], stdin: spec, in: dir)
        #expect(inside.stdout.contains("in 1 file, 1 screen, 1 indicator"), "\(inside.stdout)")
        let named = try CommandTests.run(["--stdin-filename", "other/upload.yaml", "-"], stdin: spec, in: dir)
        #expect(named.stdout.contains("in 1 file, 1 screen, 1 indicator"), "\(named.stdout)")
    }

    @Test func aRunThatLintsNothingMakesNoCacheFolderAndIsNotCalledFailed() throws {
        let dir = try CommandTests.folder(Dictionary(uniqueKeysWithValues: Self.nonSpecs.map { ($0, Self.sample[$0]!) }))
        // The default cache folder, in the folder the run is made in.
        let defaultCache = ["PROGRESS_LINT_CACHE_DIR": ""]
        let walked = try CommandTests.run(["."], environment: defaultCache, in: dir)
        #expect(walked.status == 2)
        #expect(walked.stderr.contains("none of its 4 YAML files is a spec"), "\(walked.stderr)")
        #expect(!walked.stdout.contains("failed") && !walked.stderr.contains("failed"), "\(walked.stdout)\(walked.stderr)")
        #expect(walked.stdout.contains("4 YAML files skipped as not specs"), "\(walked.stdout)")
        let named = try CommandTests.run(["--force-exclude", "docker-compose.yml"], environment: defaultCache, in: dir)
        #expect(named.status == 0)
        let nested = try CommandTests.run(["--cache-dir", "cache/deep/er", "."], in: dir)
        #expect(nested.status == 2)
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(!entries.contains(".progress-lint-cache") && !entries.contains("cache"), "\(entries)")
        // A run that lints a spec keeps its cache.
        try AppRepositoryTests.spec.write(toFile: dir + "/upload.yaml", atomically: true, encoding: .utf8)
        _ = try CommandTests.run(["."], environment: defaultCache, in: dir)
        #expect(FileManager.default.fileExists(atPath: dir + "/.progress-lint-cache"))
    }
}
