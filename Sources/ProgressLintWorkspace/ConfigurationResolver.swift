#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import ProgressLintEngine
import ProgressLintSupport

/// Finds the configuration for each file: the nearest `.progress-lint.yml`
/// walking up from the file's folder, or one file named with `--config`.
/// Each folder is looked up once per run.
public final class ConfigurationResolver {
    /// File names looked for in each folder, first wins.
    public static let fileNames = [".progress-lint.yml", ".progress-lint.yaml"]
    /// ``fileNames`` as bytes, to compare with a folder's listing.
    static let fileNameBytes = fileNames.map { Array($0.utf8) }

    private let loader: ConfigurationLoader
    private let fixed: Result<Configuration, ConfigurationError>?
    private var byFolder: [String: Result<Configuration, ConfigurationError>] = [:]
    /// The configuration by folder as written on the command line (before normalizing), so that
    /// the files of one folder cost one dictionary look-up, not a path normalization each.
    private var byWrittenFolder: [String: Result<Configuration, ConfigurationError>] = [:]
    private let workingDirectory: String

    /// A resolver; `configPath` (from `--config`) replaces discovery when given.
    public init(loader: ConfigurationLoader, configPath: String?) {
        self.loader = loader
        self.workingDirectory = SystemCalls.currentDirectory() ?? "."
        if let configPath {
            fixed = ConfigurationResolver.load(configPath, loader: loader, workingDirectory: workingDirectory)
        } else {
            fixed = nil
        }
    }

    /// The configuration for the file at `path`. When `folderHoldsNone`, the file's folder is known
    /// to hold no configuration file (its listing named none), and only the folders above it are looked in.
    public func configuration(for path: String, folderHoldsNone: Bool = false) -> Result<Configuration, ConfigurationError> {
        if let fixed { return fixed }
        let written = PathText.writtenFolder(of: path)
        if let written, let cached = byWrittenFolder[String(written)] { return cached }
        let absolute = PathText.absolute(path, in: workingDirectory)
        let result = configuration(folder: PathText.parent(absolute), holdsNone: folderHoldsNone)
        // Keyed by a copy of the folder: a substring key would keep the whole path alive.
        if let written { byWrittenFolder[String(written)] = result }
        return result
    }

    /// `path` made absolute (from the working directory) and normalized, to compare file paths.
    func absolutePath(_ path: String) -> String { PathText.absolute(path, in: workingDirectory) }

    /// The absolute paths of the config files `configuration` was read from (extended ones too).
    func absoluteFiles(of configuration: Configuration) -> [String] {
        configuration.files.map(absolutePath)
    }

    /// Loads the config file `path` on its own (a configuration named on the command line is
    /// checked, never linted as a spec).
    func check(_ path: String) -> Result<Configuration, ConfigurationError> {
        ConfigurationResolver.load(path, loader: loader, workingDirectory: workingDirectory)
    }

    /// The path of `path` relative to `configuration`'s folder, for include/exclude globs.
    public func relativePath(_ path: String, to configuration: Configuration) -> String {
        let absolute = PathText.absolute(path, in: workingDirectory)
        let base = PathText.absolute(configuration.directory, in: workingDirectory)
        return PathText.relative(absolute, to: base)
    }

    /// The path of `path` relative to `folder` (a config's, for its include/exclude globs).
    public func relativePath(_ path: String, toFolder folder: String) -> String {
        PathText.relative(PathText.absolute(path, in: workingDirectory), to: PathText.absolute(folder, in: workingDirectory))
    }

    /// The configuration of `start`'s folder: the nearest config file up the tree, found in a loop
    /// (thousands of folders cost no stack), from the deepest folder whose config path could be opened.
    private func configuration(folder start: String, holdsNone: Bool = false) -> Result<Configuration, ConfigurationError> {
        if let cached = byFolder[start] { return cached }
        var visited: [String] = []
        var folder = PathText.folderWithin(start, length: PathText.maxPathLength - 32)
        // A folder cut short above is not the file's own: its listing said nothing of it.
        var skipFirst = holdsNone && folder == start
        var result: Result<Configuration, ConfigurationError>?
        while result == nil {
            if let cached = byFolder[folder] {
                result = cached
                break
            }
            visited.append(folder)
            for name in ConfigurationResolver.fileNames where !skipFirst {
                let candidate = folder == "/" ? "/" + name : folder + "/" + name
                // lstat, not access: a link that loops or points nowhere is there, and an error, not absent.
                var info = stat()
                if lstat(candidate, &info) == 0 {
                    // Shown relative to the working directory, as the specs' own paths are.
                    let shown = PathText.relative(candidate, to: workingDirectory)
                    result = ConfigurationResolver.load(shown, loader: loader, workingDirectory: workingDirectory)
                    break
                }
            }
            skipFirst = false
            if result != nil { break }
            let parent = PathText.parent(folder)
            if folder == "/" || folder.isEmpty || parent == folder {
                var defaults = Configuration()
                defaults.directory = workingDirectory
                result = .success(defaults)
                break
            }
            folder = parent
        }
        for folder in visited { byFolder[folder] = result }
        byFolder[start] = result
        return result!
    }

    private static func load(_ path: String, loader: ConfigurationLoader, workingDirectory: String)
        -> Result<Configuration, ConfigurationError>
    {
        switch FileReader.read(SpecFile(path: path), limit: 1024 * 1024) {
        case .failure(let failure):
            let message: String
            switch failure {
            case .system(let text): message = "cannot read the configuration: \(text)"
            case .notRegularFile(let kind): message = "the configuration is \(kind), not a file"
            case .tooLarge: message = "the configuration is larger than 1 MB"
            }
            return .failure(ConfigurationError(path: path, position: nil, message: message))
        case .success(let bytes):
            let directory = PathText.parent(PathText.absolute(path, in: workingDirectory))
            do {
                return .success(try loader.load(bytes, path: path, directory: directory,
                                                workingDirectory: workingDirectory))
            } catch {
                return .failure(error)
            }
        }
    }
}
