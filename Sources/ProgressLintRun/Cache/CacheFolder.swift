#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintYAML
import ProgressLintSupport

/// Where the cache lives and what its folder holds besides the cache file.
enum CacheFolder {
    /// The default folder's name.
    static let defaultName = ".progress-lint-cache"

    /// The folder to use: `--cache-dir`, else `PROGRESS_LINT_CACHE_DIR`, else `.progress-lint-cache`
    /// beside the nearest `.progress-lint.yml` (or `.yaml`) of the current folder or above it,
    /// else in the current folder.
    static func resolve(option: String?, environment: String?, workingDirectory: String) -> String {
        if let option, !option.isEmpty { return option }
        if let environment, !environment.isEmpty { return environment }
        var folder = workingDirectory
        while true {
            for name in ConfigurationResolver.fileNames {
                var info = stat()
                if (folder == "/" ? "/" + name : folder + "/" + name).withCString({ stat($0, &info) }) == 0,
                   info.st_mode & S_IFMT == S_IFREG {
                    return (folder == "/" ? "" : folder) + "/" + defaultName
                }
            }
            guard let slash = folder.lastIndex(of: "/"), folder != "/" else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        return workingDirectory == "/" ? "/" + defaultName : workingDirectory + "/" + defaultName
    }

    /// The folder whose files a cache keeps: the one that holds the default folder; nil (any file)
    /// for a folder named by `--cache-dir` or `PROGRESS_LINT_CACHE_DIR`, which may lie anywhere.
    static func root(of folder: String, option: String?, environment: String?) -> String? {
        guard option?.isEmpty ?? true, environment?.isEmpty ?? true, folder.hasSuffix("/" + defaultName) else { return nil }
        let parent = String(folder.dropLast(defaultName.count + 1))
        return parent.isEmpty ? "/" : parent
    }

    /// The `.gitignore` that keeps the folder out of git, as Ruff's does.
    static let gitignore = "# Automatically created by progress-lint.\n*\n"
    /// The tag backup tools know a cache folder by (https://bford.info/cachedir/).
    static let tag = "Signature: 8a477f597d28d172789f06886806bc55\n"
        + "# This file is a cache directory tag created by progress-lint.\n"
        + "# For information about cache directory tags see https://bford.info/cachedir/\n"

    /// The folders that opening a cache in `folder` would make: `folder` and those above it that
    /// do not exist yet, deepest first (empty when `folder` exists).
    static func missing(_ folder: String) -> [String] {
        var missing: [String] = []
        var path = folder
        while !path.isEmpty, path != "/", missing.count < 64 {
            var info = stat()
            if path.withCString({ lstat($0, &info) }) == 0 { break }
            missing.append(path)
            guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { break }
            path = String(path[..<slash])
        }
        return missing
    }

    /// Removes the folders `made` (``missing(_:)`` before the cache was opened, deepest first)
    /// with what ``prepare(_:)`` put in the deepest: a run that linted nothing leaves no cache
    /// folder behind. A folder that holds anything else stays.
    static func remove(made: [String]) {
        guard let deepest = made.first else { return }
        for name in [".gitignore", "CACHEDIR.TAG"] { _ = (deepest + "/" + name).withCString { unlink($0) } }
        for folder in made where folder.withCString({ rmdir($0) }) != 0 { return }
    }

    /// Makes `folder` (and the folders above it) when missing, with its `.gitignore` and
    /// `CACHEDIR.TAG`; returns why it cannot, or nil.
    static func prepare(_ folder: String) -> String? {
        if let reason = makeFolder(folder) { return reason }
        for (name, text) in [(".gitignore", gitignore), ("CACHEDIR.TAG", tag)] {
            let path = folder + "/" + name
            if path.withCString({ access($0, F_OK) }) == 0 { continue }
            let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if fd < 0 {
                if errno == EEXIST { continue }
                return SystemCalls.errorText(errno)
            }
            let failure = CacheIO.write(fd, Array(text.utf8), at: 0)
            close(fd)
            if let failure { return failure }
        }
        return nil
    }

    /// Makes `folder` and the folders above it that are missing, found in a loop (a `--cache-dir`
    /// of thousands of folders costs no stack); why it cannot, or nil.
    private static func makeFolder(_ folder: String) -> String? {
        var missing: [String] = []
        var current = folder
        while true {
            var info = stat()
            if current.withCString({ stat($0, &info) }) == 0 {
                if info.st_mode & S_IFMT != S_IFDIR { return "\(current) is not a folder" }
                break
            }
            missing.append(current)
            guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { break }
            current = String(current[..<slash])
        }
        for folder in missing.reversed() {
            if folder.withCString({ mkdir($0, 0o755) }) != 0 && errno != EEXIST { return SystemCalls.errorText(errno) }
        }
        return nil
    }
}
