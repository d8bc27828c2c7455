import Foundation

/// A temporary folder for a test, removed when the test ends.
public final class TemporaryFolder {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = try TestFolders.temporary(prefix: "progress-lint")
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
