/// The cache kept between runs ([the cache](docs/cache.md)), as the command and the language
/// server open it, hand it to a ``LintRunner`` (``LintRunner/use(_:)``) and keep or give it up
/// after the run.
public struct RunCache: Sendable {
    let cache: LintCache
    /// The folders opening it made (taken away again by ``abandon()``).
    public let madeFolders: [String]

    /// Why a cache cannot be used: the run goes on without one.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Opens the cache of a run started in `workingDirectory`: in `option` (`--cache-dir`), else
    /// in `environment` (`PROGRESS_LINT_CACHE_DIR`), else `.progress-lint-cache` beside the nearest
    /// configuration; made when missing.
    public static func open(option: String?, environment: String?, workingDirectory: String) -> Result<RunCache, Unavailable> {
        let folder = CacheFolder.resolve(option: option, environment: environment, workingDirectory: workingDirectory)
        let missing = CacheFolder.missing(folder)
        switch LintCache.load(folder: folder, root: CacheFolder.root(of: folder, option: option, environment: environment)) {
        case .success(let cache): return .success(RunCache(cache: cache, madeFolders: missing))
        case .failure(let unavailable): return .failure(Unavailable(description: unavailable.description))
        }
    }

    /// The cache's folder, as given.
    public var folder: String { cache.folder }

    /// Writes what the run changed; nil, or why it could not.
    public func save() -> String? { cache.save() }

    /// Gives the cache up unwritten (a run that linted nothing) and takes away the folders opening it made.
    public func abandon() {
        cache.abandon()
        CacheFolder.remove(made: madeFolders)
    }

    /// How many files of the run were answered from the cache, not linted.
    public var filesFromCache: Int {
        let statistics = cache.statistics
        return statistics.unread + statistics.hashed
    }
}

extension LintRunner {
    /// Makes the run read and write `cache` (nil: none). Not used with ``fixMode``, which lints every file afresh.
    public mutating func use(_ cache: RunCache?) { self.cache = cache?.cache }
}
