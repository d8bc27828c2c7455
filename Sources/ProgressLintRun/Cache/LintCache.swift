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
import Synchronization
import Dispatch

/// What linting each file came to, kept between runs so an unchanged file's results are read, not
/// linted again. An entry is good for one path, build (``BuildIdentity``) and effective configuration
/// (``CacheKey/configuration(_:linter:)``); a file whose stamp matches, read safely after its last
/// change, is not read; any other is hashed and the hash decides. Cross-file values are kept per file.
///
/// Entries are split by path hash into ``shardCount`` ``CacheShard`` files, so a run over a few files
/// rewrites only their shards; `lint-cache.bin` holds the build and the shared rule ids (``rules``).
/// Files outside ``root`` are not kept.
final class LintCache: Sendable {
    /// The cache's own file in its folder (the build and the rule table); shards lie beside it.
    static let fileName = "lint-cache.bin"
    /// The format of the files; another number is a file to ignore.
    static let formatVersion: UInt32 = 4
    static let magic = Array("PLCACHE\u{0}".utf8)
    static let endMagic = Array("PLCEND\u{0}\u{1}".utf8)
    static let trailerSize = 40
    /// How many shards a cache has: enough that a one-file run reads and rewrites a few hundred
    /// entries even in a very large project, few enough that a whole-tree run opens few files.
    static let defaultShardCount = 256

    /// One file's entry.
    struct Entry: Equatable, Sendable {
        var stamp: FileStamp
        /// Whether the stamp was read safely after the file last changed (see ``FileStamp/settled(before:)``).
        var settled: Bool
        var contentHash: UInt64
        var configuration: ConfigurationKey
        /// Where its result is: in the shard file read or in the one being written.
        var offset: Int
        var length: Int
        var checksum: UInt64
    }

    /// How the files of a run were answered.
    struct Statistics: Hashable, Sendable {
        /// Read from the cache on the quick check alone (the file not read).
        var unread = 0
        /// Read, hashed, and found to be what the entry was made from.
        var hashed = 0
        /// Linted (no entry, or one of other bytes, configuration or build).
        var linted = 0
        /// How many entries the shards read held.
        var entriesRead = 0

        mutating func add(_ other: Statistics) {
            unread += other.unread
            hashed += other.hashed
            linted += other.linted
            entriesRead += other.entriesRead
        }
    }

    /// How the files of this run were answered so far.
    var statistics: Statistics {
        var total = state.withLock { $0.statistics }
        for shard in loadedShards() { total.add(shard.statistics) }
        return total
    }

    /// The folder, as given.
    let folder: String
    /// The rule numbers of the records: the cache's table, to which this run's new rules are added.
    let rules: RuleNumbers
    /// How many rule ids `lint-cache.bin` held.
    private let rulesRead: Int
    let shardCount: Int
    /// Keys of files kept must start with these bytes (the cache's project folder and a `/`); nil keeps any.
    private let root: [UInt8]?
    /// The header of the files written (magic, format, build), which a shard read must have.
    let header: [UInt8]
    let build: [UInt8]
    /// Whether `lint-cache.bin` is to be written (another build, a missing or damaged file).
    private let headerChanged: Bool
    /// The time the run started, on the file system's clock (``CacheIO/now(in:)``).
    let startedAt: (seconds: Int64, nanoseconds: Int64)
    private let workingDirectory: [UInt8]
    private let state: Mutex<State>

    private struct State {
        /// The shards met so far, by number.
        var shards: [CacheShard?]
        /// Configurations' keys, by the configuration's file (or folder, for the defaults).
        var configurationKeys: [String: ConfigurationKey] = [:]
        /// Files outside ``root`` (linted, not kept).
        var statistics = Statistics()
    }

    /// What one of a run's workers keeps between files: the shards it has met (taken from the
    /// shared list once each), the last configuration's key, and the part of a shard read last.
    struct Worker {
        fileprivate var configuration: (path: String?, directory: String, key: ConfigurationKey)?
        /// The stamp of the file ``lint(_:configuration:linter:nonSpec:crossFileIDs:folder:worker:)``
        /// took last, nil when it has none (the runner tells the file's identity from it).
        var lastStamp: FileStamp?
        fileprivate var shards: [CacheShard?] = []

        init() {}
    }

    /// Bytes of a shard's new records gathered before they are written: a few records, so that
    /// one system call serves several files, while a run holds at most one such buffer per shard.
    static let writeBuffer = 1 << 12

    private init(folder: String, root: [UInt8]?, shardCount: Int, header: [UInt8], build: [UInt8], headerChanged: Bool,
                 startedAt: (Int64, Int64), workingDirectory: [UInt8], rules: [String]) {
        self.folder = folder
        self.root = root
        self.shardCount = shardCount
        self.rules = RuleNumbers(rules)
        self.rulesRead = rules.count
        self.header = header
        self.build = build
        self.headerChanged = headerChanged
        self.startedAt = startedAt
        self.workingDirectory = workingDirectory
        self.state = Mutex(State(shards: Array(repeating: nil, count: shardCount)))
    }

    /// Gives the cache up without writing it (a run that linted nothing): files begun for shards
    /// are removed. The process may end without freeing the cache, so they are removed now.
    func abandon() {
        for shard in loadedShards() { shard.abandon() }
    }

    /// Why a cache could not be opened: the run goes on without one.
    struct Unavailable: Error, Sendable, CustomStringConvertible {
        var folder: String
        var reason: String
        var description: String {
            "cannot use the cache folder \(folder): \(reason); this run is not cached (--no-cache turns the cache off)"
        }
    }

    /// Opens the cache in `folder` (made, with its `.gitignore` and `CACHEDIR.TAG`, when missing)
    /// for the build of `executable` (this one's by default). `root`: the folder whose files it
    /// keeps (nil: any). A cache that is missing, damaged or of another build or format is an
    /// empty cache; a folder that cannot be made or written is ``Unavailable``.
    static func load(folder: String, executable: String = BuildIdentity.executable, root: String? = nil,
                            shardCount: Int = defaultShardCount) -> Result<LintCache, Unavailable> {
        func unavailable(_ reason: String) -> Result<LintCache, Unavailable> { .failure(Unavailable(folder: folder, reason: reason)) }
        if let reason = CacheFolder.prepare(folder) { return unavailable(reason) }
        if let reason = CacheTrust.distrust(folder: folder, fileName: fileName) { return unavailable(reason) }
        // The run's start on the file system's clock.
        guard let birth = CacheIO.now(in: folder) else { return unavailable(SystemCalls.errorText(errno)) }
        let path = folder + "/" + fileName
        let oldFile = CacheTrust.openCacheFile(path)
        defer { if oldFile >= 0 { close(oldFile) } }
        // The build: as the cache read says, when the executable's stamp is the one it recorded
        // (settled); else found anew (``BuildIdentity``).
        let executableStamp = FileStamp.of(Array(executable.utf8))
        let recorded = oldFile >= 0 ? readHeader(oldFile) : nil
        let build: [UInt8]
        if let recorded, let executableStamp, recorded.settled, recorded.executable == executableStamp {
            build = recorded.build
        } else if let found = BuildIdentity.of(executable: executable), !found.isEmpty, found.count < 1 << 16 {
            build = found
        } else {
            return unavailable("the build of progress-lint cannot be identified")
        }
        let header = self.header(
            build: build, executable: executableStamp,
            settled: executableStamp?.settled(before: birth) ?? false)
        var rules: [String] = []
        var headerChanged = true
        if let recorded, recorded.build == build, let read = readRules(oldFile, after: recorded.bytes) {
            rules = read
            // A new executable stamp is kept for the next run (so it does not hash the executable again).
            headerChanged = header != recorded.bytes
        }
        let workingDirectory = Array((SystemCalls.currentDirectory() ?? ".").utf8)
        var rootBytes: [UInt8]?
        if let root {
            rootBytes = Array((root.hasPrefix("/") ? root : String(decoding: workingDirectory, as: UTF8.self) + "/" + root).utf8)
            if rootBytes?.last != UInt8(ascii: "/") { rootBytes?.append(UInt8(ascii: "/")) }
        }
        return .success(LintCache(
            folder: folder, root: rootBytes, shardCount: max(1, min(shardCount, 4096)), header: header, build: build,
            headerChanged: headerChanged, startedAt: birth, workingDirectory: workingDirectory, rules: rules))
    }

    /// The header: magic, format, the executable's stamp and whether it was settled, the build.
    static func header(build: [UInt8], executable: FileStamp?, settled: Bool) -> [UInt8] {
        var w = CacheWriter()
        w.bytes(magic)
        w.u32(formatVersion)
        let stamp = executable ?? FileStamp(device: 0, inode: 0, size: -1, modified: 0, modifiedNanoseconds: 0,
                                            changed: 0, changedNanoseconds: 0)
        w.stamp(stamp)
        w.byte(executable != nil && settled ? 1 : 0)
        w.u32(UInt32(clamping: build.count))
        w.bytes(build)
        return w.bytes
    }

    /// The header of the cache file `fd`, when it is of this format.
    static func readHeader(_ fd: Int32) -> (bytes: [UInt8], executable: FileStamp, settled: Bool, build: [UInt8])? {
        let fixed = magic.count + 4 + 56 + 1 + 4
        guard let start = CacheIO.read(fd, at: 0, count: fixed), start.count == fixed else { return nil }
        var r = CacheReader(start)
        guard r.slice(magic.count)?.elementsEqual(magic) == true, r.u32() == formatVersion else { return nil }
        let executable = r.stamp()
        let settled = r.byte() == 1
        let length = Int(r.u32())
        guard length > 0, length < 1 << 16, let build = CacheIO.read(fd, at: fixed, count: length), build.count == length
        else { return nil }
        return (start + build, executable, settled, build)
    }

    /// The rule ids written after `header` in `lint-cache.bin` (a count, the ids, a checksum of it all).
    private static func readRules(_ fd: Int32, after header: [UInt8]) -> [String]? {
        guard let stamp = FileStamp.of(descriptor: fd), let size = Int(exactly: stamp.size), size >= header.count + 12,
              size < 1 << 24, let all = CacheIO.read(fd, at: 0, count: size), all.count == size
        else { return nil }
        var r = CacheReader(all)
        r.offset = header.count
        let rules = readRuleIDs(&r, limit: size)
        let body = all[..<r.offset]
        guard let rules, ContentHash.xxh64(Array(body)) == r.u64(), r.atEnd else { return nil }
        return rules
    }

    /// A count and that many ids, as ``writeRuleIDs(_:to:)`` writes them.
    static func readRuleIDs(_ r: inout CacheReader, limit: Int) -> [String]? {
        let count = Int(r.u32())
        guard r.valid, count <= limit / 4 else { return nil }
        var rules: [String] = []
        rules.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(r.u32())
            guard let id = r.slice(length) else { return nil }
            rules.append(String(decoding: id, as: UTF8.self))
        }
        return rules
    }

    static func writeRuleIDs(_ ids: [String], to w: inout CacheWriter) {
        w.u32(UInt32(clamping: ids.count))
        for id in ids {
            let utf8 = Array(id.utf8)
            w.u32(UInt32(clamping: utf8.count))
            w.bytes(utf8)
        }
    }

    static func checksumOf(header: [UInt8], index: [UInt8]) -> UInt64 {
        ContentHash.xxh64(index, seed: ContentHash.xxh64(header))
    }

    /// Whether a file of `key` is kept here: under ``root`` and never by way of `..`.
    private func belongs(_ key: UnsafeRawBufferPointer) -> Bool {
        guard let root else { return true }
        guard key.count > root.count, root.withUnsafeBytes({ memcmp($0.baseAddress!, key.baseAddress!, root.count) }) == 0
        else { return false }
        var dots = 0
        var atStart = true
        for byte in key[root.count...] {
            if byte == UInt8(ascii: "/") {
                if atStart && dots == 2 { return false }
                (dots, atStart) = (0, true)
            } else if byte == UInt8(ascii: ".") && atStart {
                dots += 1
            } else {
                atStart = false
            }
        }
        return !(atStart && dots == 2)
    }

    private func configurationKey(_ configuration: Configuration, linter: Linter, worker: inout Worker)
        -> ConfigurationKey
    {
        // The last file's, compared without making its name (most files share their folder's).
        if let last = worker.configuration, last.path == configuration.path,
           configuration.path != nil || last.directory == configuration.directory {
            return last.key
        }
        let name = configuration.path ?? "\u{0}" + configuration.directory
        let key: ConfigurationKey
        if let known = state.withLock({ $0.configurationKeys[name] }) {
            key = known
        } else {
            key = CacheKey.configuration(configuration, linter: linter)
            state.withLock { $0.configurationKeys[name] = key }
        }
        worker.configuration = (configuration.path, configuration.directory, key)
        return key
    }

    /// The shard of a key whose hash is `hash`, read when no worker has met it yet.
    private func shard(for hash: UInt64, worker: inout Worker) -> CacheShard {
        shard(Int(truncatingIfNeeded: hash >> 40) % shardCount, worker: &worker)
    }

    func shard(_ number: Int, worker: inout Worker) -> CacheShard {
        if worker.shards.isEmpty { worker.shards = Array(repeating: nil, count: shardCount) }
        if let known = worker.shards[number] { return known }
        // Read outside the lock, so that workers meeting new shards at once read them side by
        // side; of two read at once, the first put in the list is kept.
        let shard = state.withLock { $0.shards[number] } ?? {
            let made = CacheShard(number: number, cache: self)
            return state.withLock { state in
                if let known = state.shards[number] { return known }
                state.shards[number] = made
                return made
            }
        }()
        worker.shards[number] = shard
        return shard
    }

    private func loadedShards() -> [CacheShard] {
        state.withLock { $0.shards.compactMap { $0 } }
    }

    /// The record kept at `entry` of `shard`, when its bytes are whole; read on its own, so a run
    /// holds no buffer for each shard it met.
    private func record(of entry: Entry, in shard: CacheShard, crossFileIDs: [String]) -> FileRecord? {
        guard let bytes = CacheIO.read(shard.file, at: entry.offset, count: entry.length), bytes.count == entry.length,
              ContentHash.xxh64(bytes) == entry.checksum
        else { return nil }
        return FileRecord.parse(bytes, rules: rules.count, crossFileIDs: crossFileIDs)
    }

    /// What ``lint(_:configuration:linter:nonSpec:crossFileIDs:folder:worker:)`` gives for a file.
    enum Answer {
        /// A file's result as its record (kept or new), which the run copies into its storage.
        case record(FileRecord)
        /// A file's result as the linter gave it (not kept: it could not be read, it lies outside
        /// the cache's folder, or the run's storage cannot take it as a record).
        case result(FileResult)
    }

    /// Lints `file` as ``LintRunner`` does, through the cache: its kept record when the entry is
    /// current, else a fresh lint, which is kept. `nonSpec` is part of the entry's key; `folder` is the
    /// folder the walk found it in, held open (its `stat` is relative to it).
    func lint(_ file: SpecFile, configuration: Configuration, linter: Linter, nonSpec: NonSpecHandling = .lint,
              crossFileIDs: [String], folder: OpenFolder? = nil, worker: inout Worker) -> Result<Answer, RunProblem>
    {
        worker.lastStamp = FileStamp.of(file.rawPath, in: folder)
        // The file's key: its path, after the working folder's when relative.
        let key = file.rawPath.first == UInt8(ascii: "/") ? file.rawPath : workingDirectory + [UInt8(ascii: "/")] + file.rawPath
        let found = key.withUnsafeBytes { belongs($0) ? ContentHash.xxh64($0) : nil }
        guard let stamp = worker.lastStamp, let keyHash = found else {
            if worker.lastStamp != nil { state.withLock { $0.statistics.linted += 1 } }
            return LintRunner.lintFile(file, configuration: configuration, linter: linter, nonSpec: nonSpec)
                .map { .result($0) }
        }
        let shard = self.shard(for: keyHash, worker: &worker)
        let old = shard.old
        let place = key.withUnsafeBytes { old.place(of: $0, hash: keyHash) }
        var configurationKey = self.configurationKey(configuration, linter: linter, worker: &worker)
        switch nonSpec { case .lint: break; case .skip: configurationKey.low ^= 1; case .flag: configurationKey.low ^= 2 }
        if let place {
            // Compared in the table (no entry copied out of it).
            if old.isCurrent(place, stamp: stamp, configuration: configurationKey),
               let record = record(of: old[place], in: shard, crossFileIDs: crossFileIDs),
               record.timingsShow(file.path) {
                shard.keep(place)
                return .success(.record(record))
            }
        }
        let read = FileReader.read(file, limit: configuration.limits.maxFileSize)
        guard case .success(let bytes) = read else {
            return LintRunner.lint(read, file: file, configuration: configuration, linter: linter,
                                   nonSpec: nonSpec).map { .result($0) }
        }
        let hash = ContentHash.xxh64(bytes)
        let settled = stamp.settled(before: startedAt)
        if let place, old[place].configuration == configurationKey, old[place].contentHash == hash,
           let record = record(of: old[place], in: shard, crossFileIDs: crossFileIDs),
           record.timingsShow(file.path) {
            var updated = old[place]
            updated.stamp = stamp
            updated.settled = settled
            shard.rehashed(place, updated)
            return .success(.record(record))
        }
        let result = linter.lint(bytes, path: file.path, configuration: configuration, nonSpec: nonSpec)
        // The record is made once: kept in the cache and copied into the run's storage.
        guard let encoded = FileRecord.encode(result, rules: rules),
              let record = FileRecord.parse(encoded, rules: rules.count, crossFileIDs: crossFileIDs)
        else {
            shard.drop(key: EntryKey(key, hash: keyHash), place: place)
            return .success(.result(result))
        }
        shard.add(encoded, key: EntryKey(key, hash: keyHash), place: place, entry: Entry(
            stamp: stamp, settled: settled, contentHash: hash, configuration: configurationKey,
            offset: 0, length: 0, checksum: 0))
        return .success(.record(record))
    }

    /// Writes what changed for the next run: each shard this run met whose entries changed, and
    /// `lint-cache.bin` when the build or the rule table did. Nothing is written when nothing
    /// changed. Returns why the cache could not be written, if it could not (the run's results stand).
    func save() -> String? {
        let shards = loadedShards()
        guard headerChanged || rules.count > rulesRead || shards.contains(where: \.changed) else { return nil }
        // Files that stopped runs left are looked for by runs over many files only (a read of the
        // whole folder), not by a one-file run.
        if shards.count * 4 > shardCount { CacheIO.removeAbandonedTemporaryFiles(in: folder) }
        let ids = rules.ids
        // Shards are written side by side: a cold run's 256 files are its serial tail.
        let failures = Mutex<[String?]>(Array(repeating: nil, count: shards.count))
        DispatchQueue.concurrentPerform(iterations: shards.count) { n in
            if let reason = shards[n].save(ruleIDs: ids) { failures.withLock { $0[n] = reason } }
        }
        var failure = failures.withLock { $0.lazy.compactMap { $0 }.first }
        if failure == nil && (headerChanged || ids.count > rulesRead) {
            var w = CacheWriter()
            w.bytes(header)
            LintCache.writeRuleIDs(ids, to: &w)
            w.u64(ContentHash.xxh64(w.bytes))
            failure = CacheIO.replace(folder + "/" + LintCache.fileName, with: w.bytes)
        }
        return failure
    }
}

/// A file's key in the cache: its path's bytes, hashed once (not byte by byte by `Hasher` at each lookup).
struct EntryKey: Hashable, Sendable {
    let bytes: [UInt8]
    let hash: UInt64

    /// A key whose bytes' XXH64 is `hash`.
    init(_ bytes: [UInt8], hash: UInt64) {
        self.bytes = bytes
        self.hash = hash
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (a: EntryKey, b: EntryKey) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
}

/// A configuration's key: 128 bits of hash of its canonical form.
struct ConfigurationKey: Hashable, Sendable {
    var high: UInt64
    var low: UInt64
    init(_ high: UInt64, _ low: UInt64) { (self.high, self.low) = (high, low) }
}

/// Writes the cache file's fixed-width little-endian fields.
struct CacheWriter {
    var bytes: [UInt8] = []
    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func bytes(_ more: [UInt8]) { bytes += more }

    /// A file's stamp: seven numbers, appended at once (an index holds one for each file; a tuple
    /// of eight-byte numbers lies in memory as they do in the file, one after another).
    mutating func stamp(_ s: FileStamp) {
        let numbers = (s.device.littleEndian, s.inode.littleEndian, s.size.littleEndian, s.modified.littleEndian,
                       s.modifiedNanoseconds.littleEndian, s.changed.littleEndian, s.changedNanoseconds.littleEndian)
        withUnsafeBytes(of: numbers) { bytes += $0 }
    }

    /// An entry of the index: its key with its length, the stamp, whether settled, the content
    /// hash, the configuration, the record's offset, length and checksum.
    mutating func entry(key: UnsafeRawBufferPointer, _ e: LintCache.Entry) {
        u32(UInt32(clamping: key.count))
        bytes.append(contentsOf: key)
        stamp(e.stamp)
        byte(e.settled ? 1 : 0)
        let numbers = (e.contentHash.littleEndian, e.configuration.high.littleEndian, e.configuration.low.littleEndian,
                       Int64(e.offset).littleEndian, Int64(e.length).littleEndian, e.checksum.littleEndian)
        withUnsafeBytes(of: numbers) { bytes += $0 }
    }

    /// The bytes of an entry besides its key: its key's length, the stamp (7 numbers), the
    /// settled byte and six numbers.
    static let entryFixedSize = 4 + 7 * 8 + 1 + 6 * 8
}

/// Reads what a ``CacheWriter`` wrote; past the end it reads zeros and is no longer ``valid``.
struct CacheReader {
    let data: [UInt8]
    var offset = 0
    private(set) var valid = true

    init(_ data: [UInt8]) { self.data = data }

    var atEnd: Bool { valid && offset == data.count }

    private mutating func take<T: FixedWidthInteger>(_: T.Type) -> T {
        let size = MemoryLayout<T>.size
        guard offset <= data.count - size else {
            valid = false
            offset = data.count
            return 0
        }
        defer { offset += size }
        return data.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    mutating func byte() -> UInt8 { take(UInt8.self) }
    mutating func u32() -> UInt32 { take(UInt32.self) }
    mutating func u64() -> UInt64 { take(UInt64.self) }
    /// A number written as a `u64`; one past `Int.max` reads as -1 (which every use refuses).
    mutating func int() -> Int { Int(exactly: Int64(bitPattern: take(UInt64.self))) ?? -1 }

    mutating func stamp() -> FileStamp {
        FileStamp(device: u64(), inode: u64(), size: Int64(bitPattern: u64()), modified: Int64(bitPattern: u64()),
                  modifiedNanoseconds: Int64(bitPattern: u64()), changed: Int64(bitPattern: u64()),
                  changedNanoseconds: Int64(bitPattern: u64()))
    }

    /// The next `count` bytes, not copied.
    mutating func slice(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, offset <= data.count - count else {
            valid = false
            return nil
        }
        defer { offset += count }
        return data[offset..<(offset + count)]
    }
}
