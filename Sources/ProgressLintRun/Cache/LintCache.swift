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

/// What linting each file came to, kept between runs, so a run over an unchanged tree reads
/// each file's results instead of linting it (Ruff's and ESLint's cache).
///
/// An entry is per file (its path as reported, and the folder a relative path is relative to),
/// and is used only for the same build of progress-lint (``BuildIdentity``) and the same
/// effective configuration (``CacheKey/configuration(_:linter:)``). A file whose device, inode,
/// size and change times (to the nanosecond) are the entry's, read safely after they last changed,
/// is not read at all; any other is read and its bytes hashed, and the hash decides. Cross-file
/// rules' values are kept per file and their `finish` runs over all of them on every run.
///
/// The cache is one file, `lint-cache.bin`: a header (magic, format version, build identifier),
/// each entry's result as a ``FileRecord`` (with its own checksum), an index of the entries and
/// the rule ids the records' diagnostics number, and a trailer with the index's place and a
/// checksum of header and index. A run's diagnostic storage numbers rules with the same table
/// (``rules``), so a kept file's record is copied into the run as it is. A file that is short,
/// damaged, of another format or build, is ignored and replaced. A run writes a new one to a temporary file in the
/// same folder and renames it over the old one, so two runs at once never leave a mixed file
/// (the last one's wins). A run that changed nothing leaves the file as it is.
public final class LintCache: Sendable {
    /// The cache's file name in its folder.
    public static let fileName = "lint-cache.bin"
    /// The format of the file; another number is a file to ignore.
    static let formatVersion: UInt32 = 3
    static let magic = Array("PLCACHE\u{0}".utf8)
    static let endMagic = Array("PLCEND\u{0}\u{1}".utf8)
    static let trailerSize = 40

    /// One file's entry.
    struct Entry: Equatable, Sendable {
        var stamp: FileStamp
        /// Whether the stamp was read safely after the file last changed (see ``FileStamp/settled(before:)``).
        var settled: Bool
        var contentHash: UInt64
        var configuration: ConfigurationKey
        /// Where its result is: in the file read (an entry of ``old``) or in the one being written
        /// (one of ``State/fresh``).
        var offset: Int
        var length: Int
        var checksum: UInt64
    }

    /// What became of an entry of the cache read.
    enum Fate: UInt8 {
        /// Its file was not met (yet): kept at the end while it still exists and there is room.
        case untouched
        /// Current: kept (its record copied to the new file as it is).
        case kept
        /// Its file was linted anew, or its entry is not to be kept: not copied.
        case replaced
    }

    struct State {
        /// What became of each entry of ``old``, by its place there.
        var fates: [Fate] = []
        /// Entries of ``old`` read by hashing their file, with the file's new stamp.
        var updated: [Int: Entry] = [:]
        /// The entries whose records are in the file being written, in the order written, and
        /// the place of each key among them.
        var fresh: [(key: EntryKey, entry: Entry)] = []
        var freshPlaces: [EntryKey: Int] = [:]
        /// Results not yet written to the temporary file, and how much of that file is written.
        var pending: [UInt8] = []
        var written = 0
        /// Whether the file written would differ from the one read.
        var changed = false
        /// Why the cache could not be written, once it could not.
        var failure: String?
        /// Configurations' keys, by the configuration's file (or folder, for the defaults).
        var configurationKeys: [String: ConfigurationKey] = [:]
        var statistics = Statistics()
        /// Whether the temporary file was renamed into place or removed.
        var temporaryDone = false
    }

    /// How the files of a run were answered.
    public struct Statistics: Hashable, Sendable {
        /// Read from the cache on the quick check alone (the file not read).
        public var unread = 0
        /// Read, hashed, and found to be what the entry was made from.
        public var hashed = 0
        /// Linted (no entry, or one of other bytes, configuration or build).
        public var linted = 0
        /// How many entries the cache read at the start held.
        public var entriesRead = 0
    }

    /// How the files of this run were answered so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The folder, as given.
    public let folder: String
    /// The rule numbers of the records: the file's table, to which this run's new rules are added.
    let rules: RuleNumbers
    private let path: String
    private let temporaryPath: [UInt8]
    /// The header of the file written (its build's).
    private let header: [UInt8]
    private let oldFile: Int32
    private let newFile: Int32
    /// The time the run started, on the file system's clock (the temporary file's birth).
    private let startedAt: (seconds: Int64, nanoseconds: Int64)
    private let workingDirectory: [UInt8]
    private let state: Mutex<State>
    /// The entries of the cache read at the start, in the order of their records in the file,
    /// and the place of each key among them (read without the lock: never changed).
    private let old: EntryTable
    /// Where the records of the cache read end (its index starts).
    private let oldRecordsEnd: Int

    /// What one of a run's workers notes between its turns at the shared state: on a warm run a
    /// file's own work is a `stat`, a read and a copy, less than two workers waiting for a lock
    /// taken for every file. ``lint(_:configuration:linter:nonSpec:crossFileIDs:folder:worker:)``
    /// hands its notes over every few hundred files, and ``finish(_:)`` the rest.
    struct Worker {
        /// The configuration of the last file, by its name (``configurationKey(_:linter:worker:)``).
        fileprivate var configuration: (path: String?, directory: String, key: ConfigurationKey)?
        /// The stamp of the file ``lint(_:configuration:linter:nonSpec:crossFileIDs:folder:worker:)``
        /// took last, nil when it has none (the runner tells the file's identity from it).
        var lastStamp: FileStamp?
        /// A file's key is made here: the working folder and a `/`, then a relative path.
        fileprivate var key: [UInt8] = []
        /// Entries read on their stamp alone (their places in ``old``), kept as they are.
        fileprivate var hits: [Int] = []
        /// The part of the cache file read last (``windowSize`` bytes from `windowStart`): the
        /// records of a warm run come in the order the file has them, so one read serves many.
        fileprivate var window: [UInt8] = []
        fileprivate var windowStart = 0

        init() {}
    }

    /// Bytes of results gathered before they are written.
    static let writeBuffer = 1 << 18
    /// Bytes of the cache file a worker reads at once for the records it looks up.
    static let windowSize = 1 << 16

    private init(folder: String, path: String, temporaryPath: [UInt8], header: [UInt8], oldFile: Int32, newFile: Int32,
                 startedAt: (Int64, Int64), workingDirectory: [UInt8], rules: [String],
                 old: (entries: EntryTable, recordsEnd: Int), state: State) {
        self.folder = folder
        self.rules = RuleNumbers(rules)
        self.path = path
        self.temporaryPath = temporaryPath
        self.header = header
        self.oldFile = oldFile
        self.newFile = newFile
        self.startedAt = startedAt
        self.workingDirectory = workingDirectory
        self.old = old.entries
        self.oldRecordsEnd = old.recordsEnd
        var state = state
        state.fates = Array(repeating: .untouched, count: old.entries.count)
        self.state = Mutex(state)
    }

    deinit {
        if oldFile >= 0 { close(oldFile) }
        state.withLock { state in
            close(newFile)
            if !state.temporaryDone { _ = CacheIO.withCString(temporaryPath) { unlink($0) } }
        }
    }

    /// Gives the cache up without writing it (a run that linted nothing): the file made for the
    /// next cache is removed. The process may end without freeing the cache, so it is removed now.
    public func abandon() {
        state.withLock { state in
            if !state.temporaryDone { _ = CacheIO.withCString(temporaryPath) { unlink($0) } }
            state.temporaryDone = true
        }
    }

    /// Why a cache could not be opened: the run goes on without one.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public var folder: String
        public var reason: String
        public var description: String {
            "cannot use the cache folder \(folder): \(reason); this run is not cached (--no-cache turns the cache off)"
        }
    }

    /// Opens the cache in `folder` (made, with its `.gitignore` and `CACHEDIR.TAG`, when missing)
    /// for the build of `executable` (this one's by default). A cache file that is missing,
    /// damaged or of another build or format is an empty cache; a folder that cannot be made or
    /// written is ``Unavailable``.
    public static func load(folder: String, executable: String = BuildIdentity.executable) -> Result<LintCache, Unavailable> {
        func unavailable(_ reason: String) -> Result<LintCache, Unavailable> { .failure(Unavailable(folder: folder, reason: reason)) }
        if let reason = CacheTrust.distrust(folder: folder, fileName: fileName) { return unavailable(reason) }
        if let reason = CacheFolder.prepare(folder) { return unavailable(reason) }
        // The file written at the end is made now: its birth is the run's start on the file system's clock.
        var template = Array((folder + "/." + fileName + ".XXXXXX").utf8)
        template.append(0)
        let newFile = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkstemp($0) }
        }
        guard newFile >= 0 else { return unavailable(SystemCalls.errorText(errno)) }
        template.removeLast()
        _ = fcntl(newFile, F_SETFD, FD_CLOEXEC)
        _ = fchmod(newFile, 0o644)
        guard let birth = FileStamp.of(descriptor: newFile) else {
            close(newFile)
            _ = CacheIO.withCString(template) { unlink($0) }
            return unavailable(SystemCalls.errorText(errno))
        }
        let path = folder + "/" + fileName
        let oldFile = CacheTrust.openCacheFile(path)
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
            if oldFile >= 0 { close(oldFile) }
            close(newFile)
            _ = CacheIO.withCString(template) { unlink($0) }
            return unavailable("the build of progress-lint cannot be identified")
        }
        let header = self.header(
            build: build, executable: executableStamp,
            settled: executableStamp?.settled(before: (birth.modified, birth.modifiedNanoseconds)) ?? false)
        if let reason = CacheIO.write(newFile, header, at: 0) {
            if oldFile >= 0 { close(oldFile) }
            close(newFile)
            _ = CacheIO.withCString(template) { unlink($0) }
            return unavailable(reason)
        }
        var state = State()
        state.written = header.count
        var rules: [String] = []
        var old: (entries: EntryTable, recordsEnd: Int) = (EntryTable(), 0)
        let workingDirectory = Array((SystemCalls.currentDirectory() ?? ".").utf8)
        if oldFile >= 0, let recorded, recorded.build == build,
           let read = read(oldFile, header: recorded.bytes) {
            rules = read.rules
            old = (read.entries, read.recordsEnd)
            state.statistics.entriesRead = read.entries.count
            // A new executable stamp is kept for the next run (so it does not hash the executable again).
            if header != recorded.bytes { state.changed = true }
        } else {
            state.changed = true
        }
        return .success(LintCache(
            folder: folder, path: path, temporaryPath: template, header: header, oldFile: oldFile, newFile: newFile,
            startedAt: (birth.modified, birth.modifiedNanoseconds),
            workingDirectory: workingDirectory, rules: rules, old: old, state: state))
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
        guard r.bytes(magic.count) == magic, r.u32() == formatVersion else { return nil }
        let executable = r.stamp()
        let settled = r.byte() == 1
        let length = Int(r.u32())
        guard length > 0, length < 1 << 16, let build = CacheIO.read(fd, at: fixed, count: length), build.count == length
        else { return nil }
        return (start + build, executable, settled, build)
    }

    /// The entries of the cache file `fd` whose header is `header`, in the order of their records,
    /// where the records end, and the rule ids its records number; nil when it is not whole.
    static func read(_ fd: Int32, header: [UInt8]) -> (entries: EntryTable, recordsEnd: Int, rules: [String])?
    {
        guard let stamp = FileStamp.of(descriptor: fd), let size = Int(exactly: stamp.size) else { return nil }
        guard size >= header.count + trailerSize,
              let trailer = CacheIO.read(fd, at: size - trailerSize, count: trailerSize), trailer.count == trailerSize,
              Array(trailer[32...]) == endMagic
        else { return nil }
        var trailerReader = CacheReader(trailer)
        let indexOffset = trailerReader.int(), indexLength = trailerReader.int(), count = trailerReader.int()
        let checksum = trailerReader.u64()
        guard indexOffset >= header.count, indexLength >= 0, indexOffset <= size - trailerSize - indexLength,
              count >= 0, count <= indexLength / 60,
              let index = CacheIO.read(fd, at: indexOffset, count: indexLength), index.count == indexLength,
              checksumOf(header: header, index: index) == checksum
        else { return nil }
        var r = CacheReader(index)
        var entries = EntryTable()
        // The keys are most of the index.
        entries.reserve(count, keyBytes: indexLength)
        var inOrder = true
        var lastOffset = 0
        for _ in 0..<count {
            let keyLength = Int(r.u32())
            guard let path = r.slice(keyLength) else { return nil }
            let stamp = r.stamp()
            let settled = r.byte() == 1
            let hash = r.u64()
            let configuration = ConfigurationKey(r.u64(), r.u64())
            let offset = r.int(), length = r.int(), entryChecksum = r.u64()
            guard r.valid, offset >= header.count, length >= 0, offset <= indexOffset - length else { return nil }
            if offset < lastOffset { inOrder = false }
            lastOffset = offset
            // A key twice is not a file this program wrote.
            guard entries.append(key: path, entry: Entry(
                stamp: stamp, settled: settled, contentHash: hash, configuration: configuration, offset: offset,
                length: length, checksum: entryChecksum))
            else { return nil }
        }
        let ruleCount = Int(r.u32())
        guard r.valid, ruleCount <= indexLength / 4 else { return nil }
        var rules: [String] = []
        rules.reserveCapacity(ruleCount)
        for _ in 0..<ruleCount {
            let length = Int(r.u32())
            guard let id = r.bytes(length) else { return nil }
            rules.append(String(decoding: id, as: UTF8.self))
        }
        guard r.atEnd else { return nil }
        // The index is written in the records' order; another order is put in it here.
        if !inOrder { entries.sortByOffset() }
        return (entries, indexOffset, rules)
    }

    /// The entries of the cache file in `folder`; none when it is not whole.
    static func entries(in folder: String) -> [Entry] {
        let fd = CacheTrust.openCacheFile(folder + "/" + fileName)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        guard let header = readHeader(fd), let read = read(fd, header: header.bytes) else { return [] }
        return read.entries.entries
    }

    static func checksumOf(header: [UInt8], index: [UInt8]) -> UInt64 {
        ContentHash.xxh64(index, seed: ContentHash.xxh64(header))
    }

    /// Calls `body` with the key of the file at `raw`: its path's bytes, after the working
    /// folder's when relative (made in the worker's buffer, not allocated for each file).
    private func withKey<R>(_ raw: [UInt8], worker: inout Worker, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if raw.first == UInt8(ascii: "/") { return raw.withUnsafeBytes(body) }
        let prefix = workingDirectory.count + 1
        if worker.key.count < prefix {
            worker.key = workingDirectory
            worker.key.append(UInt8(ascii: "/"))
        }
        worker.key.removeSubrange(prefix...)
        worker.key.append(contentsOf: raw)
        return worker.key.withUnsafeBytes(body)
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

    /// Hands over what `worker` noted: call it when the worker has no more files.
    func finish(_ worker: inout Worker) {
        guard !worker.hits.isEmpty else { return }
        state.withLock { state in
            for place in worker.hits { state.fates[place] = .kept }
            state.statistics.unread += worker.hits.count
        }
        worker.hits.removeAll(keepingCapacity: true)
    }

    /// The record kept for `entry` (of the cache read), when its bytes are whole: read through
    /// the worker's window of the file, checked there and parsed in place (not copied out).
    private func record(of entry: Entry, crossFileIDs: [String], worker: inout Worker) -> FileRecord? {
        record(of: (entry.offset, entry.length, entry.checksum), crossFileIDs: crossFileIDs, worker: &worker)
    }

    private func record(of entry: (offset: Int, length: Int, checksum: UInt64), crossFileIDs: [String],
                        worker: inout Worker) -> FileRecord? {
        // `offset + length <= oldRecordsEnd` was checked when the index was read.
        let end = entry.offset + entry.length
        if entry.offset < worker.windowStart || end > worker.windowStart + worker.window.count {
            let count = min(max(LintCache.windowSize, entry.length), oldRecordsEnd - entry.offset)
            // A new array each time: records of the last window may still be on their way to the collector.
            worker.window = CacheIO.read(oldFile, at: entry.offset, count: count) ?? []
            worker.windowStart = entry.offset
        }
        let start = entry.offset - worker.windowStart
        guard start >= 0, start <= worker.window.count - entry.length else { return nil }
        let range = start..<(start + entry.length)
        let checksum = worker.window.withUnsafeBytes { ContentHash.xxh64(UnsafeRawBufferPointer(rebasing: $0[range])) }
        guard checksum == entry.checksum else { return nil }
        return FileRecord.parse(worker.window, range: range, rules: rules.count, crossFileIDs: crossFileIDs)
    }

    /// What ``lint(_:configuration:linter:nonSpec:crossFileIDs:folder:worker:)`` gives for a file.
    enum Answer {
        /// A file's result as its record (kept or new), which the run copies into its storage.
        case record(FileRecord)
        /// A file's result as the linter gave it (not kept: it could not be read, or the run's
        /// storage cannot take it as a record).
        case result(FileResult)
    }

    /// Lints `file` as ``LintRunner`` does, through the cache: its kept record when the entry is
    /// current, else a fresh lint, which is kept. `crossFileIDs` are the linter's cross-file rules' ids.
    ///
    /// `nonSpec` (``NonSpecHandling``: skipped when found in a folder, one finding when named) is
    /// part of the entry's key with the configuration.
    /// `folder`: the folder the walk found it in, held open (its `stat` is then relative to it).
    func lint(_ file: SpecFile, configuration: Configuration, linter: Linter, nonSpec: NonSpecHandling = .lint,
              crossFileIDs: [String], folder: OpenFolder? = nil, worker: inout Worker) -> Result<Answer, RunProblem>
    {
        worker.lastStamp = FileStamp.of(file.rawPath, in: folder)
        guard let stamp = worker.lastStamp else {
            return LintRunner.lintFile(file, configuration: configuration, linter: linter, nonSpec: nonSpec)
                .map { .result($0) }
        }
        let (keyHash, found) = withKey(file.rawPath, worker: &worker) { key in
            let hash = ContentHash.xxh64(key)
            return (hash, old.place(of: key, hash: hash))
        }
        var configurationKey = self.configurationKey(configuration, linter: linter, worker: &worker)
        switch nonSpec { case .lint: break; case .skip: configurationKey.low ^= 1; case .flag: configurationKey.low ^= 2 }
        let place = found
        if let place {
            // Compared in the table (no entry copied out of it).
            if old.isCurrent(place, stamp: stamp, configuration: configurationKey),
               let record = record(of: old.record(at: place), crossFileIDs: crossFileIDs, worker: &worker),
               record.timingsShow(file.path) {
                worker.hits.append(place)
                if worker.hits.count >= 256 { finish(&worker) }
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
           let record = record(of: old[place], crossFileIDs: crossFileIDs, worker: &worker),
           record.timingsShow(file.path) {
            var updated = old[place]
            updated.stamp = stamp
            updated.settled = settled
            state.withLock { state in
                state.fates[place] = .kept
                state.updated[place] = updated
                state.statistics.hashed += 1
                if updated != old[place] { state.changed = true }
            }
            return .success(.record(record))
        }
        let key = withKey(file.rawPath, worker: &worker) { EntryKey(Array($0), hash: keyHash) }
        let result = linter.lint(bytes, path: file.path, configuration: configuration, nonSpec: nonSpec)
        // The record is made once: kept in the cache and copied into the run's storage.
        guard let encoded = FileRecord.encode(result, rules: rules),
              let record = FileRecord.parse(encoded, rules: rules.count, crossFileIDs: crossFileIDs)
        else {
            state.withLock { state in
                // Not kept: nor is its old entry.
                if let place { state.fates[place] = .replaced }
                if let fresh = state.freshPlaces.removeValue(forKey: key) { state.fresh[fresh].entry.length = -1 }
                state.changed = true
                state.statistics.linted += 1
            }
            return .success(.result(result))
        }
        keep(encoded, key: key, place: place, entry: Entry(
            stamp: stamp, settled: settled, contentHash: hash, configuration: configurationKey,
            offset: 0, length: 0, checksum: 0))
        return .success(.record(record))
    }

    /// Adds a fresh record to the file being written (`place`: its key's entry in ``old``, replaced).
    private func keep(_ payload: [UInt8], key: EntryKey, place: Int?, entry: Entry) {
        let checksum = ContentHash.xxh64(payload)
        state.withLock { state in
            state.changed = true
            state.statistics.linted += 1
            if let place { state.fates[place] = .replaced }
            guard state.failure == nil else { return }
            var entry = entry
            entry.offset = state.written + state.pending.count
            entry.length = payload.count
            entry.checksum = checksum
            state.pending += payload
            if let known = state.freshPlaces[key] {
                // The same file twice in a run: its last record is the one kept.
                state.fresh[known].entry.length = -1
            }
            state.freshPlaces[key] = state.fresh.count
            state.fresh.append((key, entry))
            if state.pending.count >= LintCache.writeBuffer { flush(&state) }
        }
    }

    private func flush(_ state: inout State) {
        guard state.failure == nil, !state.pending.isEmpty else { return }
        if let reason = CacheIO.write(newFile, state.pending, at: state.written) {
            state.failure = reason
            state.fresh = []
            state.freshPlaces = [:]
        } else {
            state.written += state.pending.count
        }
        state.pending.removeAll(keepingCapacity: true)
    }

    /// Writes the cache for the next run: the entries of this run's files, and those of files
    /// it did not lint that still exist (while they take no more room than this run's; entries of
    /// files that are gone are dropped). Nothing is written when nothing changed. Returns why
    /// the cache could not be written, if it could not (the run's results stand).
    public func save() -> String? {
        state.withLock { state in
            defer {
                if !state.temporaryDone {
                    _ = CacheIO.withCString(temporaryPath) { unlink($0) }
                    state.temporaryDone = true
                }
            }
            removeAbandonedTemporaryFiles()
            // Entries of files this run did not meet, in the order of the file: kept while they
            // exist and take no more room than this run's own (plus 8 MB).
            var touchedBytes = 0
            for (_, entry) in state.fresh where entry.length > 0 { touchedBytes += entry.length }
            for place in old.indices where state.fates[place] == .kept { touchedBytes += old[place].length }
            var untouchedBytes = 0
            for place in old.indices where state.fates[place] == .untouched {
                untouchedBytes += old[place].length
                if untouchedBytes <= touchedBytes + (8 << 20), old.withKey(at: place, { FileStamp.of(path: $0) }) != nil {
                    state.fates[place] = .kept
                } else {
                    state.fates[place] = .replaced
                    state.changed = true
                }
            }
            guard state.changed || state.failure != nil else { return nil }
            flush(&state)
            if let failure = state.failure { return failure }
            // The index lists the entries in the order of their records: the fresh ones as they
            // were written, then those copied from the old file, in its order (no sort).
            var index = CacheWriter()
            index.bytes.reserveCapacity((old.count + state.fresh.count) * 128)
            var count = 0
            func add(_ key: UnsafeRawBufferPointer, _ entry: Entry) {
                count += 1
                index.entry(key: key, entry)
            }
            for (key, entry) in state.fresh where entry.length >= 0 { key.bytes.withUnsafeBytes { add($0, entry) } }
            // Kept entries whose records lie one after the other in the old file are copied at once.
            var first = 0
            while first < old.count {
                guard state.fates[first] == .kept else {
                    first += 1
                    continue
                }
                let start = old[first].offset
                var end = start + old[first].length
                var next = first + 1
                while next < old.count, state.fates[next] == .kept, old[next].offset == end {
                    end += old[next].length
                    next += 1
                }
                switch CacheIO.copy(from: oldFile, at: start, to: newFile, at: state.written, count: end - start) {
                case .failure(let failure):
                    return failure.reason
                case .success(let copied):
                    // Fewer bytes than asked: the old file is shorter than its index says (changed
                    // under the run). Only whole records are kept.
                    for place in first..<next where old[place].offset + old[place].length <= start + copied {
                        var moved = state.updated[place] ?? old[place]
                        moved.offset = state.written + (old[place].offset - start)
                        old.withKey(at: place) { add($0, moved) }
                    }
                    state.written += copied
                }
                first = next
            }
            let ruleIDs = rules.ids
            index.u32(UInt32(clamping: ruleIDs.count))
            for id in ruleIDs {
                let utf8 = Array(id.utf8)
                index.u32(UInt32(clamping: utf8.count))
                index.bytes(utf8)
            }
            let indexOffset = state.written
            var trailer = CacheWriter()
            trailer.u64(UInt64(indexOffset))
            trailer.u64(UInt64(index.bytes.count))
            trailer.u64(UInt64(count))
            trailer.u64(LintCache.checksumOf(header: header, index: index.bytes))
            trailer.bytes(LintCache.endMagic)
            index.bytes(trailer.bytes)
            if let reason = CacheIO.write(newFile, index.bytes, at: state.written) { return reason }
            state.written += index.bytes.count
            // Put in place whole: a reader sees the old file or this one, never part of one. As a
            // report is (``AtomicFile/exchange(_:_:)``): the names exchanged, the old file removed.
            let target = Array(path.utf8CString), temporary = temporaryPath.map { CChar(bitPattern: $0) } + [0]
            if !AtomicFile.exchange(temporary, target) && rename(temporary, target) != 0 {
                return SystemCalls.errorText(errno)
            }
            state.temporaryDone = true
            state.fresh = []
            state.freshPlaces = [:]
            return nil
        }
    }
}

extension LintCache {
    /// Removes the temporary files of runs that were stopped before they finished, an hour old or more.
    private func removeAbandonedTemporaryFiles() {
        guard let folder = opendir(self.folder) else { return }
        defer { closedir(folder) }
        let prefix = "." + LintCache.fileName + "."
        let ours = String(decoding: temporaryPath, as: UTF8.self)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let path = self.folder + "/" + name
            guard path != ours, let stamp = FileStamp.of(Array(path.utf8)),
                  stamp.modified < Int64(now.tv_sec) - 3600 else { continue }
            _ = path.withCString { unlink($0) }
        }
    }
}

/// A file's key in the cache: its path's bytes, hashed once (not byte by byte by `Hasher` at each lookup).
struct EntryKey: Hashable, Sendable {
    let bytes: [UInt8]
    let hash: UInt64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        hash = ContentHash.xxh64(bytes)
    }

    /// A key whose bytes' XXH64 is known.
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

    mutating func stamp(_ s: FileStamp) {
        u64(s.device)
        u64(s.inode)
        for field in [s.size, s.modified, s.modifiedNanoseconds, s.changed, s.changedNanoseconds] { u64(UInt64(bitPattern: field)) }
    }

    /// An entry of the index: its key with its length, the stamp, whether settled, the content
    /// hash, the configuration, the record's offset, length and checksum. The fixed fields are
    /// put together on the stack and appended at once (an index holds one per file).
    mutating func entry(key: UnsafeRawBufferPointer, _ e: LintCache.Entry) {
        withUnsafeTemporaryAllocation(byteCount: CacheWriter.entryFixedSize, alignment: 8) { raw in
            var at = 0
            func put(_ value: UInt64) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt64.self)
                at += 8
            }
            raw.storeBytes(of: UInt32(clamping: key.count).littleEndian, toByteOffset: 0, as: UInt32.self)
            at = 4
            let s = e.stamp
            put(s.device)
            put(s.inode)
            put(UInt64(bitPattern: s.size))
            put(UInt64(bitPattern: s.modified))
            put(UInt64(bitPattern: s.modifiedNanoseconds))
            put(UInt64(bitPattern: s.changed))
            put(UInt64(bitPattern: s.changedNanoseconds))
            raw.storeBytes(of: e.settled ? 1 : 0, toByteOffset: at, as: UInt8.self)
            at += 1
            put(e.contentHash)
            put(e.configuration.high)
            put(e.configuration.low)
            put(UInt64(bitPattern: Int64(e.offset)))
            put(UInt64(bitPattern: Int64(e.length)))
            put(e.checksum)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<4]))
            bytes.append(contentsOf: key)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[4..<at]))
        }
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

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, offset <= data.count - count else {
            valid = false
            return nil
        }
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }
}
