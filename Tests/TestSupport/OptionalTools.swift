import Foundation

/// The optional tools some tests use (Python and its packages, the contract's corpus generator,
/// Vim, pre-commit, a browser): where they are, and, when one is missing, a skip message that
/// names exactly what is missing (never "this or that is not available").
public enum OptionalTools {
    /// The first executable file called `name` in the folders of `PATH`, or nil.
    public static func onPath(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// `python3` on `PATH` (the one `/usr/bin/env python3` runs), or nil.
    public static let python3: URL? = onPath("python3")

    /// Whether `python3` imports every one of `modules`.
    public static func pythonImports(_ modules: [String]) -> Bool {
        guard let python3 else { return false }
        let process = Process()
        process.executableURL = python3
        process.arguments = ["-c", "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// What is missing for a test that runs `python3` importing `modules` (`pip` names them by
    /// `packages`, when they differ): nil when nothing is.
    public static func missingPython(_ modules: [String] = [], packages: [String]? = nil) -> String? {
        guard python3 != nil else { return "python3 is not on PATH" }
        let missing = modules.indices.filter { !pythonImports([modules[$0]]) }
        guard !missing.isEmpty else { return nil }
        let names = missing.map { (packages ?? modules)[$0] }
        // Named without the version pip is told to install.
        let list = names.map { $0.split(separator: "=").first.map(String.init) ?? $0 }.joined(separator: " and ")
        return "the Python package\(names.count == 1 ? "" : "s") \(list) \(names.count == 1 ? "is" : "are") not installed "
            + "for \(python3!.path) (pip install \(names.joined(separator: " ")))"
    }

    /// The contract's corpus generator, `../shared/bench/gen-corpus.py`, or nil.
    public static let corpusGenerator: URL? = TestFolders.shared("bench/gen-corpus.py")

    /// What is missing to run the corpus generator: nil when nothing is.
    public static let missingCorpusGenerator: String? = {
        if corpusGenerator == nil { return "../shared/bench/gen-corpus.py is not beside the project" }
        return missingPython()
    }()

    /// What is missing for a test that needs the executable `name` on `PATH`: nil when nothing is.
    public static func missingExecutable(_ name: String, what: String? = nil) -> String? {
        onPath(name) == nil ? "\(what ?? name) is not installed (no `\(name)` on PATH)" : nil
    }
}
