#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintSupport

/// Whether a cache file may be used at all, and how it is opened (docs/cache.md, "Whom the cache
/// trusts"): a forged entry hides findings, so a cache file git tracks is never read nor written
/// (the folder's `.gitignore` of `*` leaves only `git add -f` to put one there).
enum CacheTrust {
    /// Why the cache in `folder` must not be used, or nil: git tracks its file or any file beside it
    /// (a shard committed alone would be read on a fresh clone). Costs nothing when there is no
    /// cache folder; else a few `lstat`s up to the repository and a read of the start of its index.
    static func distrust(folder: String, fileName: String) -> String? {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return nil }
        let path = PathText.joining(folder, fileName)
        let absolute = PathText.absolute(path, in: SystemCalls.currentDirectory() ?? "/")
        guard let repository = GitRepository.around(absolute) else { return nil }
        let relative = repository.relative
        // The cache's folder within the repository, `/` at its end; the file alone at the top.
        let under = relative.lastIndex(of: "/").map { String(relative[...$0]) } ?? relative
        guard let tracked = repository.index.firstTracked(under: under) else { return nil }
        let what = tracked == relative ? fileName : "`\(tracked)`"
        let command = tracked == relative ? "git rm --cached \(relative)" : "git rm -r --cached \(under)"
        return "its \(what) is tracked by git, and a cache that comes with the repository is not trusted "
            + "(anyone who can commit could forge one that hides findings); remove it from the repository with "
            + "`\(command)`"
    }

    /// The cache file at `path`, open to read, or -1 when there is none to read: a FIFO, a device
    /// or a folder in its place is never waited on, and is replaced when the run saves its cache.
    static func openCacheFile(_ path: String) -> Int32 {
        SystemCalls.openRegularFileOrNone(path)
    }
}

/// The git repository a path is in, found as git finds it (the nearest folder at or above with a
/// `.git` folder, or a `.git` file naming one, as a worktree or submodule has), without running git.
struct GitRepository {
    /// The path relative to the repository's top folder.
    var relative: String
    var index: GitIndex

    /// The repository `absolute` (an absolute, normalized path) is in; nil when it is in none, or
    /// its index cannot be read.
    static func around(_ absolute: String) -> GitRepository? {
        var folder = PathText.parent(PathText.folderWithin(absolute, length: PathText.maxPathLength - 8))
        while true {
            let dotGit = folder == "/" ? "/.git" : folder + "/.git"
            var info = stat()
            if lstat(dotGit, &info) == 0 {
                let directory: String
                switch info.st_mode & S_IFMT {
                case S_IFDIR: directory = dotGit
                case S_IFREG:
                    guard let named = Self.gitDirectory(namedIn: dotGit, folder: folder) else { return nil }
                    directory = named
                default: return nil
                }
                let relative = folder == "/" ? String(absolute.dropFirst()) : String(absolute.dropFirst(folder.count + 1))
                guard let index = GitIndex(path: directory + "/index") else { return nil }
                return GitRepository(relative: relative, index: index)
            }
            let parent = PathText.parent(folder)
            if parent == folder || folder == "/" { return nil }
            folder = parent
        }
    }

    /// The folder a `.git` file names (`gitdir: PATH`, relative to `folder` when not absolute).
    private static func gitDirectory(namedIn file: String, folder: String) -> String? {
        let fd = SystemCalls.openRegularFileOrNone(file)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { SystemCalls.readFully(fd, into: $0.baseAddress!, count: $0.count).count }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        guard let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first, line.hasPrefix("gitdir:") else {
            return nil
        }
        let path = line.dropFirst("gitdir:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
        guard !path.isEmpty else { return nil }
        return PathText.absolute(String(path), in: folder)
    }
}

/// A git index file (`.git/index`, versions 2 to 4), read only as far as a path needs: entries are
/// sorted by path, so a look-up stops at the first entry past it.
struct GitIndex {
    private let fd: Int32

    init?(path: String) {
        let fd = SystemCalls.openRegularFileOrNone(path)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    /// The first entry of the index whose name starts with `prefix` (relative to the repository's
    /// top, `/`-separated), or nil when there is none or the index cannot be read (another format,
    /// damaged). Closes the index.
    func firstTracked(under prefix: String) -> String? {
        defer { close(fd) }
        var reader = Reader(fd: fd)
        guard reader.ensure(12), Array(reader.buffer[0..<4]) == Array("DIRC".utf8) else { return nil }
        let version = reader.u32(at: 4), count = reader.u32(at: 8)
        guard (2...4).contains(version) else { return nil }
        let target = Array(prefix.utf8)
        // SHA-1 names (20 bytes) unless the first entry reads only as SHA-256 ones (32).
        for hashSize in [20, 32] {
            if let found = Self.find(target, in: &reader, version: version, count: count, hashSize: hashSize) {
                return found.map { String(decoding: $0, as: UTF8.self) }
            }
        }
        return nil
    }

    /// Walks the entries for the first name starting with `target`: `.some(name)` when found,
    /// `.some(nil)` when passed or at the end, nil when the entries do not read with names of
    /// `hashSize` bytes.
    private static func find(_ target: [UInt8], in reader: inout Reader, version: Int, count: Int, hashSize: Int) -> [UInt8]?? {
        var offset = 12
        var previous: [UInt8] = []
        for _ in 0..<count {
            // ctime, mtime, dev, ino, mode, uid, gid, size (40 bytes), the object name, flags (2).
            let flagsAt = offset + 40 + hashSize
            guard reader.ensure(flagsAt + 4) else { return nil }
            let flags = Int(reader.buffer[flagsAt]) << 8 | Int(reader.buffer[flagsAt + 1])
            var nameAt = flagsAt + 2
            if flags & 0x4000 != 0 {
                guard version >= 3 else { return nil }
                nameAt += 2
            }
            let name: [UInt8]
            if version == 4 {
                // How many bytes of the previous name to drop (git's offset varint), then the rest up to a NUL.
                var at = nameAt
                guard reader.ensure(at + 1) else { return nil }
                var byte = Int(reader.buffer[at])
                var drop = byte & 0x7F
                at += 1
                while byte & 0x80 != 0 {
                    guard drop < 1 << 24, reader.ensure(at + 1) else { return nil }
                    byte = Int(reader.buffer[at])
                    drop = ((drop + 1) << 7) | (byte & 0x7F)
                    at += 1
                }
                guard drop <= previous.count, let end = reader.nul(from: at) else { return nil }
                name = Array(previous[..<(previous.count - drop)]) + reader.buffer[at..<end]
                offset = end + 1
            } else {
                var length = flags & 0xFFF
                if length == 0xFFF {
                    guard let end = reader.nul(from: nameAt) else { return nil }
                    length = end - nameAt
                }
                // The entry is padded with 1 to 8 NULs to a multiple of 8 bytes.
                let entryLength = (nameAt - offset + length + 8) & ~7
                guard reader.ensure(offset + entryLength), reader.buffer[nameAt + length] == 0 else { return nil }
                name = Array(reader.buffer[nameAt..<(nameAt + length)])
                offset += entryLength
            }
            if name.starts(with: target) { return .some(name) }
            // Sorted by the bytes of their names: names starting with the target follow each other,
            // so a greater name that does not start with it is past them all.
            if name.lexicographicallyPrecedes(target) == false { return .some(nil) }
            previous = name
        }
        return .some(nil)
    }

    /// The index's bytes, read in blocks as far as asked.
    private struct Reader {
        let fd: Int32
        var buffer: [UInt8] = []
        var atEnd = false

        init(fd: Int32) { self.fd = fd }

        /// Whether the first `count` bytes are read (false: the file is shorter). Read in blocks
        /// of 4 KB, then twice as much each time (most look-ups end in the first block).
        mutating func ensure(_ count: Int) -> Bool {
            while buffer.count < count && !atEnd {
                let want = max(min(max(4096, buffer.count), 1 << 20), count - buffer.count)
                let start = buffer.count
                // Into storage not zeroed first: `initialized` is what `pread` filled.
                let block = [UInt8](unsafeUninitializedCapacity: want) { bytes, initialized in
                    initialized = max(0, SystemCalls.readFully(fd, into: bytes.baseAddress!, count: want, at: start))
                }
                if block.count < want { atEnd = true }
                buffer += block
            }
            return buffer.count >= count
        }

        /// The offset of the first NUL at or after `start` (reading on as needed), nil at the end.
        mutating func nul(from start: Int) -> Int? {
            var at = start
            while true {
                guard ensure(at + 1) else { return nil }
                if buffer[at] == 0 { return at }
                at += 1
            }
        }

        func u32(at offset: Int) -> Int {
            Int(buffer[offset]) << 24 | Int(buffer[offset + 1]) << 16 | Int(buffer[offset + 2]) << 8 | Int(buffer[offset + 3])
        }
    }
}
