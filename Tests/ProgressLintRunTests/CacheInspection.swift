#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ProgressLintRun

/// What the cache tests read of a cache folder, as a run would (not something a run needs).
extension LintCache {
    /// The entries of every shard file in `folder` (of any build).
    static func entries(in folder: String) -> [Entry] {
        shardFiles(in: folder).flatMap { CacheShard.entries(of: folder + "/" + $0) }
    }

    /// The names of the shard files in `folder`, sorted.
    static func shardFiles(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(CacheShard.prefix), name.hasSuffix(".bin") { names.append(name) }
        }
        return names.sorted()
    }

    /// Reads every shard now (as a run reads one when it first meets a file of it).
    func readEveryShard() {
        var worker = Worker()
        for number in 0..<shardCount {
            _ = shard(number, worker: &worker)
        }
    }
}

extension CacheShard {
    /// The entries of the shard file at `path` (of whatever build wrote it); none when it is not whole.
    static func entries(of path: String) -> [LintCache.Entry] {
        let fd = CacheTrust.openCacheFile(path)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        guard let read = read(fd, build: nil) else { return [] }
        return read.entries.entries
    }
}
