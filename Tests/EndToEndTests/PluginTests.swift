import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SwiftPM plugins as a consumer meets them: `Tests/PluginFixture`, a package that depends on
/// this one by path and adopts the build-tool plugin, is copied to a temporary folder and built with
/// the real `swift build` and `swift package`. The first build compiles progress-lint for the host
/// (a minute or two); the rest reuse it. Both tests share one package folder and scratch path.
@Suite(.serialized) struct PluginTests {
    static let packageRoot = ExamplesTests.packageRoot
    static let swift: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/swift"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }()
    static let runnable = swift != nil
        && FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Tests/PluginFixture/Package.swift").path)

    /// The fixture's copy, made once per run: `package` is the consumer's folder, `scratch` its `.build`.
    static let fixture: Result<(package: String, scratch: String), FixtureError> = {
        do {
            let root = try CommandTests.temporaryFolder()
            // A build's scratch folder is about 75 MB: removed when the test process exits.
            atexit {
                guard let copy = try? PluginTests.fixture.get() else { return }
                try? FileManager.default.removeItem(atPath: (copy.package as NSString).deletingLastPathComponent)
            }
            let package = root + "/PluginFixture"
            try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Tests/PluginFixture").path,
                                             toPath: package)
            let manifestPath = package + "/Package.swift"
            let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
            let relative = #"path: "../..""#
            guard manifest.contains(relative) else { return .failure(FixtureError("the fixture's manifest no longer says \(relative)")) }
            try manifest.replacingOccurrences(of: relative, with: "path: \"\(packageRoot.path)\"")
                .write(toFile: manifestPath, atomically: true, encoding: .utf8)
            // The same dependency versions as this checkout, when it has resolved them.
            try? FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Package.resolved").path,
                                              toPath: package + "/Package.resolved")
            return .success((package, root + "/scratch"))
        } catch {
            return .failure(FixtureError("cannot copy the fixture: \(error)"))
        }
    }()

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static let spec = "Sources/App/Specs/downloads.yaml"
    static let warning = ":13:12: warning: indicator 'fetch' has a vague `label` \"Loading\""
    static let error = ":20:16: error: indicator 'save' uses `component: ProgressBar`, but ProgressBar exists"

    static let configuration = ".progress-lint.yml"

    /// Puts a fixture file back as committed, with `change` applied; `change` must find what it replaces.
    static func restore(_ file: String, in package: String, replacing change: (String, String)? = nil) throws {
        var text = try String(contentsOf: packageRoot.appendingPathComponent("Tests/PluginFixture/" + file), encoding: .utf8)
        if let (old, new) = change {
            try #require(text.contains(old), "the fixture's \(file) no longer contains \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        try text.write(toFile: package + "/" + file, atomically: true, encoding: .utf8)
    }

    static let fixError = ("component: ProgressBar", "component: UIProgressView")

    @Test(.enabled(if: runnable, "needs `swift` on PATH and Tests/PluginFixture"))
    func swiftBuildShowsEachFindingAtItsSpecLineAndFailsOnlyOnErrors() throws {
        let (package, scratch) = try Self.fixture.get()
        let specPath = package + "/" + Self.spec

        try Self.restore(Self.spec, in: package)
        try Self.restore(Self.configuration, in: package)
        let failing = try Self.swiftRun(["build", "--scratch-path", scratch], in: package)
        #expect(failing.status != 0, "an error finding must fail the build:\n\(failing.output)")
        #expect(failing.output.contains(specPath + Self.warning), "no warning at 13:12:\n\(failing.output)")
        #expect(failing.output.contains(specPath + Self.error), "no error at 20:16:\n\(failing.output)")
        #expect(failing.output.contains("[component-mismatch]"))
        #expect(!failing.output.contains("strings.yml"), "the configuration's exclude was ignored:\n\(failing.output)")
        #expect(!failing.output.contains("Build complete!"))

        // Nothing changed, but the failed lint runs again: a second build does not pass quietly.
        let again = try Self.swiftRun(["build", "--scratch-path", scratch], in: package)
        #expect(again.status != 0, "the second build passed:\n\(again.output)")
        #expect(again.output.contains(specPath + Self.error), "no error the second time:\n\(again.output)")

        try Self.restore(Self.spec, in: package, replacing: Self.fixError)
        let passing = try Self.swiftRun(["build", "--scratch-path", scratch], in: package)
        #expect(passing.status == 0, "a warning must not fail the build:\n\(passing.output)")
        #expect(passing.output.contains(specPath + Self.warning), "the warning is not shown:\n\(passing.output)")
        #expect(!passing.output.contains(": error: "), "unexpected error:\n\(passing.output)")
        #expect(passing.output.contains("Build complete!"))
    }

    @Test(.enabled(if: runnable, "needs `swift` on PATH and Tests/PluginFixture"))
    func swiftBuildLintsAgainWhenTheConfigurationChangesAndNotWhenNothingDid() throws {
        let (package, scratch) = try Self.fixture.get()
        try Self.restore(Self.spec, in: package, replacing: Self.fixError)
        try Self.restore(Self.configuration, in: package)
        let passing = try Self.swiftRun(["build", "--scratch-path", scratch], in: package)
        #expect(passing.status == 0, "\(passing.output)")
        // After a first build SwiftPM relinks the plugin's progress-lint once more, which reruns the lint: settle that.
        #expect(try Self.swiftRun(["build", "--scratch-path", scratch], in: package).status == 0)
        let unchanged = try Self.swiftRun(["build", "--scratch-path", scratch], in: package)
        #expect(unchanged.status == 0, "\(unchanged.output)")
        #expect(!unchanged.output.contains("vague `label`"), "the lint ran with nothing changed:\n\(unchanged.output)")

        try Self.restore(Self.configuration, in: package, replacing: ("exclude:", "rules: {vague-label: error}\nexclude:"))
        let failing = try Self.swiftRun(["build", "--scratch-path", scratch], in: package)
        #expect(failing.status != 0, "the changed configuration was not applied:\n\(failing.output)")
        #expect(failing.output.contains(package + "/" + Self.spec + ":13:12: error: indicator 'fetch' has a vague `label`"),
                "\(failing.output)")
        try Self.restore(Self.configuration, in: package)
    }

    @Test(.enabled(if: runnable, "needs `swift` on PATH and Tests/PluginFixture"))
    func swiftPackageProgressLintLintsThePackageAndFailsOnErrorFindings() throws {
        let (package, scratch) = try Self.fixture.get()

        try Self.restore(Self.spec, in: package)
        try Self.restore(Self.configuration, in: package)
        let whole = try Self.swiftRun(["package", "--scratch-path", scratch, "progress-lint"], in: package)
        #expect(whole.status != 0, "error findings must fail the command:\n\(whole.output)")
        // Paths are shown relative to the package's root, as linting the root folder shows them.
        let lines = whole.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix(Self.spec + Self.warning) }, "the package's spec was not linted:\n\(whole.output)")
        #expect(lines.contains { $0.hasPrefix(Self.spec + Self.error) }, "the package's spec was not linted:\n\(whole.output)")
        #expect(!whole.stdout.contains("strings.yml"), "the configuration's exclude was ignored:\n\(whole.output)")
        #expect(whole.stderr.contains("error: progress-lint exited with status 1: fix the error findings listed above"),
                "no message on the failure:\n\(whole.stderr)")

        // Options pass through (--quiet keeps errors only); --target lints that target's folder.
        let quiet = try Self.swiftRun(["package", "--scratch-path", scratch, "progress-lint", "--target", "App", "--quiet"],
                                      in: package)
        #expect(quiet.status != 0)
        #expect(quiet.stdout.contains(package + "/" + Self.spec + Self.error), "no error line:\n\(quiet.output)")
        #expect(!quiet.stdout.contains(": warning: "), "--quiet did not reach the linter:\n\(quiet.output)")

        let usage = try Self.swiftRun(["package", "--scratch-path", scratch, "progress-lint", "--no-such-option"], in: package)
        #expect(usage.status != 0)
        #expect(usage.stderr.contains("progress-lint failed with exit status 2"), "\(usage.stderr)")

        try Self.restore(Self.spec, in: package, replacing: Self.fixError)
        let clean = try Self.swiftRun(["package", "--scratch-path", scratch, "progress-lint", "Sources"], in: package)
        #expect(clean.status == 0, "warnings alone must not fail the command:\n\(clean.output)")
        #expect(clean.stdout.contains("Sources/App/Specs/downloads.yaml" + Self.warning), "\(clean.output)")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var output: String { stdout + stderr }
    }

    /// Runs `swift ARGUMENTS` in `folder`, its output in files (no pipe to fill), stopped after 20 minutes.
    static func swiftRun(_ arguments: [String], in folder: String) throws -> Run {
        let swift = try #require(swift)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GITHUB_ACTIONS")  // the linter would pick the github format
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let logs = try CommandTests.temporaryFolder()
        for name in ["/out", "/err"] {
            try #require(FileManager.default.createFile(atPath: logs + name, contents: nil), "cannot create \(logs + name)")
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: logs + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: logs + "/err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20 * 60)
        while process.isRunning && Date() < deadline { usleep(100_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("`swift \(arguments.joined(separator: " "))` ran for 20 minutes; stopped it")
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(status: process.terminationStatus,
                   stdout: try String(contentsOfFile: logs + "/out", encoding: .utf8),
                   stderr: try String(contentsOfFile: logs + "/err", encoding: .utf8))
    }
}
