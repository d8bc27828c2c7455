import Foundation

/// The folders tests share: the package's root, the contract in `../shared`, temporary folders.
public enum TestFolders {
    /// The package's root folder (this file is `Tests/TestSupport/TestFolders.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` (`rules-catalogue.md`, `bench/gen-corpus.py`) in the contract's `shared` folder,
    /// beside the project or beside the folder of worktrees it sits in; nil when there is none,
    /// so that a test reading it skips on a clone without `../shared`.
    public static func shared(_ relative: String) -> URL? {
        [packageRoot.deletingLastPathComponent(), packageRoot.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("shared").appendingPathComponent(relative) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// A new, empty folder under the system's temporary folder, named `prefix-<UUID>`.
    public static func temporary(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
