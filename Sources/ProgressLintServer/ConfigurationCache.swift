#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintSupport
import ProgressLintWorkspace

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The configuration of each folder, found as the command finds it, and found again when a file it
/// came from changes (checked by `stat` before each use), for editors with no file watcher.
final class ConfigurationCache {
    private let loader: ConfigurationLoader
    private var byFolder: [String: Entry] = [:]
    /// The server's working directory, which configuration paths in messages are relative to.
    let workingDirectory: String

    private struct Entry {
        var result: Result<Configuration, ConfigurationError>
        /// Each file looked at, and its stamp then (nil: absent).
        var watched: [(path: String, stamp: Stamp?)]
    }

    /// What `stat` says of a file, enough to notice an edit, a replacement or a removal.
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    init(loader: ConfigurationLoader) {
        self.loader = loader
        self.workingDirectory = FileManager.default.currentDirectoryPath
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Stamp(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                     size: Int64(truncatingIfNeeded: info.st_size), seconds: Int(time.tv_sec),
                     nanoseconds: Int(time.tv_nsec))
    }

    /// Forgets every configuration (a watched file changed).
    func invalidate() { byFolder.removeAll() }

    /// Whether any configuration read so far is out of date; those that are are forgotten.
    func dropStale() -> Bool {
        let stale = byFolder.filter { _, entry in entry.watched.contains { ConfigurationCache.stamp($0.path) != $0.stamp } }
        for folder in stale.keys { byFolder[folder] = nil }
        return !stale.isEmpty
    }

    /// The configuration for the file at the absolute `path`.
    func configuration(for path: String) -> Result<Configuration, ConfigurationError> {
        let folder = PathText.parent(path)
        if let entry = byFolder[folder], !entry.watched.contains(where: { ConfigurationCache.stamp($0.path) != $0.stamp }) {
            return entry.result
        }
        // The stamps first, then the load: an edit in between is seen at the next use.
        var watched: [(path: String, stamp: Stamp?)] = []
        // Where a config file's path could be opened (a deeper folder's is too long to name).
        var current = PathText.folderWithin(folder, length: PathText.maxPathLength - 32)
        search: while true {
            for name in ConfigurationResolver.fileNames {
                let candidate = current == "/" ? "/" + name : current + "/" + name
                let stamp = ConfigurationCache.stamp(candidate)
                watched.append((candidate, stamp))
                if stamp != nil { break search }
            }
            if current == "/" || current == "." || current.isEmpty { break }
            current = PathText.parent(current)
        }
        let result = ConfigurationResolver(loader: loader, configPath: nil).configuration(for: path)
        var read: [String] = []
        switch result {
        case .success(let configuration): read = configuration.files
        case .failure(let error): read = [error.path]
        }
        for file in read {
            let absolute = absolutePath(file)
            if !watched.contains(where: { $0.path == absolute }) { watched.append((absolute, ConfigurationCache.stamp(absolute))) }
        }
        byFolder[folder] = Entry(result: result, watched: watched)
        return result
    }

    /// A path from a configuration (relative to the working directory, or absolute) made absolute.
    func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathText.joining(workingDirectory, path)
    }

    /// Whether the config's `include` and `exclude` leave the file at `path` in, as they do for a file found under a folder.
    func includes(_ path: String, configuration: Configuration) -> Bool {
        let resolver = ConfigurationResolver(loader: loader, configPath: nil)
        if !configuration.include.isEmpty {
            let relative = resolver.relativePath(path, toFolder: configuration.includeDirectory ?? configuration.directory)
            if !configuration.include.contains(where: { Glob($0).matches(relative) }) { return false }
        }
        if configuration.exclude.isEmpty { return true }
        let relative = resolver.relativePath(path, toFolder: configuration.excludeDirectory ?? configuration.directory)
        return !configuration.exclude.contains(where: { Glob($0).matches(relative) })
    }
}
