#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine

/// Finds the configuration for each file: the nearest `.progress-lint.yml`
/// walking up from the file's folder, or one file named with `--config`.
/// Each folder is looked up once per run.
public final class ConfigurationResolver {
    /// File names looked for in each folder, first wins.
    public static let fileNames = [".progress-lint.yml", ".progress-lint.yaml"]

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
        self.workingDirectory = ConfigurationResolver.currentDirectory()
        if let configPath {
            fixed = ConfigurationResolver.load(configPath, loader: loader, workingDirectory: workingDirectory)
        } else {
            fixed = nil
        }
    }

    /// The configuration for the file at `path`.
    public func configuration(for path: String) -> Result<Configuration, ConfigurationError> {
        if let fixed { return fixed }
        let written = PathText.writtenFolder(of: path)
        if let written, let cached = byWrittenFolder[String(written)] { return cached }
        let absolute = PathText.absolute(path, in: workingDirectory)
        let result = configuration(folder: PathText.parent(absolute))
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

    private func configuration(folder: String) -> Result<Configuration, ConfigurationError> {
        if let cached = byFolder[folder] { return cached }
        var result: Result<Configuration, ConfigurationError>?
        for name in ConfigurationResolver.fileNames {
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
        if result == nil {
            if folder == "/" || folder.isEmpty {
                var defaults = Configuration()
                defaults.directory = workingDirectory
                result = .success(defaults)
            } else {
                result = configuration(folder: PathText.parent(folder))
            }
        }
        byFolder[folder] = result
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

    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Lexical path arithmetic on `/`-separated paths (no file system access).
package enum PathText {
    package static func absolute(_ path: String, in base: String) -> String {
        normalize(path.hasPrefix("/") ? path : base + "/" + path)
    }

    package static func normalize(_ path: String) -> String {
        normalizeASCII(path) ?? normalizeByCharacters(path)
    }

    /// ``normalize(_:)`` of any path, worked on its characters.
    package static func normalizeByCharacters(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// ``normalize(_:)`` of an ASCII path, worked on its bytes (nil for any other path). In ASCII
    /// each byte is a character, so splitting at `/` bytes and comparing parts with `.` and `..`
    /// byte by byte is what the character-wise form does.
    private static func normalizeASCII(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 1)
            // Each part kept starts where `result` stood before its `/`: `..` goes back there.
            var starts: [Int] = []
            var i = 0
            while i < bytes.count {
                if bytes[i] == slash { i += 1; continue }
                var end = i
                while end < bytes.count, bytes[end] != slash { end += 1 }
                let length = end - i
                if length == 1, bytes[i] == dot {
                    // `.` names the folder it is in: nothing to add.
                } else if length == 2, bytes[i] == dot, bytes[i + 1] == dot {
                    if let start = starts.popLast() { result.removeSubrange(start...) }
                } else {
                    starts.append(result.count)
                    result.append(slash)
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                }
                i = end
            }
            if result.isEmpty { result.append(slash) }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether every byte of `path` is ASCII (then bytes and characters are the same places).
    private static func isASCII(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { !$0.contains(where: { $0 >= 0x80 }) } ?? false
    }

    /// The folder part of `path` as written (up to its last `/`), when its last component is a
    /// name, so that the folder's normalized form is the normalized file's parent; else nil.
    package static func writtenFolder(of path: String) -> Substring? {
        let utf8 = path.utf8
        // The bytes searched at once where they are contiguous (a native string's are), not
        // index by index through the view: the planner asks for every file.
        let found = utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) }
        let last = found.map { $0.map { utf8.index(utf8.startIndex, offsetBy: $0) } } ?? utf8.lastIndex(of: UInt8(ascii: "/"))
        guard let slash = last else {
            return path == "." || path == ".." || path.isEmpty ? nil : ""
        }
        // After an ASCII `/` in an ASCII path the next character starts at the next byte.
        let name = path[(isASCII(path) ? utf8.index(after: slash) : path.index(after: slash))...]
        if name.isEmpty || name == "." || name == ".." { return nil }
        return slash == path.startIndex ? path[...slash] : path[..<slash]
    }

    package static func parent(_ path: String) -> String {
        // In an ASCII path the last `/` byte is the last `/` character (found at once in the bytes).
        let found: String.Index?
        if let searched = path.utf8.withContiguousStorageIfAvailable({ bytes -> Int?? in
            bytes.contains(where: { $0 >= 0x80 }) ? nil : .some(bytes.lastIndex(of: UInt8(ascii: "/")))
        }), let inASCII = searched {
            found = inASCII.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
        } else {
            found = path.lastIndex(of: "/")
        }
        guard let slash = found else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` relative to `base` (both absolute and normalized), with `..` to go up: `../shared/a.yml`.
    package static func relativeWalkingUp(_ path: String, to base: String) -> String {
        let from = base.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: Substring(".."), count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    package static func relative(_ path: String, to base: String) -> String {
        if base == "/" { return String(path.dropFirst()) }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }
}
