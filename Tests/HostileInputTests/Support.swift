import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `progress-lint` under a hang guard, with fixtures generated into temporary folders.
enum Hostile {
    static let binary: String = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("progress-lint").path),
              folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("progress-lint").path
    }()

    /// Far longer than any case needs: only a hang trips it. Never a speed assertion.
    static let hangGuard: TimeInterval = 120

    struct Run {
        var status: Int32
        /// Killed by a signal (SIGPIPE is the only one a test accepts).
        var signalled: Bool
        var timedOut: Bool
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]

        /// Finished on its own with an exit status.
        var exited: Bool { !timedOut && !signalled }
    }

    /// Runs `executable` (the linter by default) with output captured in files, killing it after the hang guard.
    static func run(_ arguments: [String], executable: String? = nil, in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> Run {
        let folder = try temporaryFolder(prefix: "pl-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
              FileManager.default.createFile(atPath: errPath, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env["NO_COLOR"] = "1"
        // The cache stays on, in a folder of its own, out of the trees tests compare.
        env["PROGRESS_LINT_CACHE_DIR"] = FileManager.default.temporaryDirectory
            .appendingPathComponent("pl-hostile-cache-\(ProcessInfo.processInfo.processIdentifier)").path
        env.merge(environment) { $1 }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(hangGuard)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdoutData = try Data(contentsOf: URL(fileURLWithPath: outPath))
        let stderrData = try Data(contentsOf: URL(fileURLWithPath: errPath))
        return Run(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self), stdoutBytes: [UInt8](stdoutData))
    }

    /// A shell line run by bash under the hang guard; `$0` is the linter.
    static func shell(_ script: String, _ arguments: [String] = []) throws -> Run {
        try run(["-c", script, binary] + arguments, executable: "/bin/bash")
    }

    static func temporaryFolder(prefix: String = "pl-hostile") throws -> String {
        try TestFolders.temporary(prefix: prefix).path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    /// A spec with one known error, linted beside each hostile file to show the run goes on.
    static let companion = "screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"
    static let companionDiagnostic = "companion.yaml:3:5: error: indicator 'a' blocks the screen"

    /// A folder holding `companion.yaml` and the hostile file.
    static func folder(with name: String, _ bytes: [UInt8]) throws -> String {
        let dir = try temporaryFolder()
        try write(companion, to: dir + "/companion.yaml")
        try write(bytes, to: dir + "/" + name)
        return dir
    }

    static var isRoot: Bool { geteuid() == 0 }

    /// The billion laughs: nine levels of nine aliases of the level below.
    static var billionLaughs: String {
        var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        let names = Array("abcdefghi")
        for level in 1..<names.count {
            let items = Array(repeating: "*\(names[level - 1])", count: 9).joined(separator: ",")
            lines.append("\(names[level]): &\(names[level]) [\(items)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One small anchor reached through `count` aliases.
    static func fanOut(_ count: Int) -> String {
        "x: &x {a: 1}\nl: [" + Array(repeating: "*x", count: count).joined(separator: ",") + "]\n"
    }

    /// Repeats `unit` `count` times, as bytes.
    static func repeated(_ unit: String, _ count: Int, then tail: String = "") -> [UInt8] {
        let u = Array(unit.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(u.count * count + tail.utf8.count)
        for _ in 0..<count { bytes += u }
        return bytes + Array(tail.utf8)
    }

    /// A mapping staircase: each key one column deeper than the last.
    static func staircase(_ levels: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<levels {
            bytes += [UInt8](repeating: 0x20, count: i)
            bytes += Array("k:\n".utf8)
        }
        return bytes
    }

    /// A file's bytes and modification time.
    static func snapshot(_ path: String) throws -> (bytes: Data, mtime: timespec) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return (try Data(contentsOf: URL(fileURLWithPath: path)), info.st_mtim)
    }
}
