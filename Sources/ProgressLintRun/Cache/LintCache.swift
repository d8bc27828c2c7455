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
    static let formatVersion: UInt32 = 2
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
        /// Where its result is: in the file read (``State/old``'s) or in the one being written.
        var offset: Int
        var length: Int
        var checksum: UInt64
        var inNewFile: Bool
    }

    struct State {
        /// Entries of the cache read whose files were linted and not kept: not to be kept either.
        var dropped: Set<EntryKey> = []
        /// The entries of the cache written at the end.
        var kept: [EntryKey: Entry] = [:]
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
    /// The entries of the cache read at the start (read without the lock: never changed).
    private let old: [EntryKey: Entry]

    /// What one of a run's workers notes between its turns at the shared state: on a warm run a
    /// file's own work is a `stat`, a read and a copy, less than two workers waiting for a lock
    /// taken for every file. ``lint(_:configuration:linter:skippingNonSpec:crossFileIDs:worker:)``
    /// hands its notes over every few hundred files, and ``finish(_:)`` the rest.
    struct Worker {
        /// The configuration of the last file, by its name (``configurationKey(_:linter:worker:)``).
        fileprivate var configuration: (name: String, key: ConfigurationKey)?
        /// Entries read on their stamp alone, kept as they are.
        fileprivate var hits: [(key: EntryKey, entry: Entry)] = []

        init() {}
    }

    /// Bytes of results gathered before they are written.
    static let writeBuffer = 1 << 18

    private init(folder: String, path: String, temporaryPath: [UInt8], header: [UInt8], oldFile: Int32, newFile: Int32,
                 startedAt: (Int64, Int64), workingDirectory: [UInt8], rules: [String], old: [EntryKey: Entry],
                 state: State) {
        self.folder = folder
        self.rules = RuleNumbers(rules)
        self.path = path
        self.temporaryPath = temporaryPath
        self.header = header
        self.oldFile = oldFile
        self.newFile = newFile
        self.startedAt = startedAt
        self.workingDirectory = workingDirectory
        self.old = old
        self.state = Mutex(state)
    }

    deinit {
        if oldFile >= 0 { close(oldFile) }
        state.withLock { state in
            close(newFile)
            if !state.temporaryDone { _ = CacheIO.withCString(temporaryPath) { unlink($0) } }
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
        let oldFile = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
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
        var old: [EntryKey: Entry] = [:]
        if oldFile >= 0, let recorded, recorded.build == build, let (entries, ids) = read(oldFile, header: recorded.bytes) {
            rules = ids
            old = entries
            state.kept.reserveCapacity(entries.count)
            state.statistics.entriesRead = entries.count
            // A new executable stamp is kept for the next run (so it does not hash the executable again).
            if header != recorded.bytes { state.changed = true }
        } else {
            state.changed = true
        }
        return .success(LintCache(
            folder: folder, path: path, temporaryPath: template, header: header, oldFile: oldFile, newFile: newFile,
            startedAt: (birth.modified, birth.modifiedNanoseconds),
            workingDirectory: Array((SystemCalls.currentDirectory() ?? ".").utf8), rules: rules, old: old, state: state))
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

    /// The entries of the cache file `fd` whose header is `header`, and the rule ids its records
    /// number, or nil when it is not whole.
    static func read(_ fd: Int32, header: [UInt8]) -> (entries: [EntryKey: Entry], rules: [String])? {
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
        var entries: [EntryKey: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let keyLength = Int(r.u32())
            guard let key = r.bytes(keyLength) else { return nil }
            let stamp = r.stamp()
            let settled = r.byte() == 1
            let hash = r.u64()
            let configuration = ConfigurationKey(r.u64(), r.u64())
            let offset = r.int(), length = r.int(), entryChecksum = r.u64()
            guard r.valid, offset >= header.count, length >= 0, offset <= indexOffset - length else { return nil }
            entries[EntryKey(key)] = Entry(stamp: stamp, settled: settled, contentHash: hash, configuration: configuration,
                                 offset: offset, length: length, checksum: entryChecksum, inNewFile: false)
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
        return (entries, rules)
    }

    /// The entries of the cache file in `folder`; none when it is not whole.
    static func entries(in folder: String) -> [Entry] {
        let fd = (folder + "/" + fileName).withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        guard let header = readHeader(fd), let (entries, _) = read(fd, header: header.bytes) else { return [] }
        return Array(entries.values)
    }

    static func checksumOf(header: [UInt8], index: [UInt8]) -> UInt64 {
        ContentHash.xxh64(index, seed: ContentHash.xxh64(header))
    }

    /// The key of a file: its path's bytes, after the working folder's when relative.
    private func key(_ raw: [UInt8]) -> EntryKey {
        if raw.first == UInt8(ascii: "/") { return EntryKey(raw) }
        return EntryKey(workingDirectory + [UInt8(ascii: "/")] + raw)
    }

    private func configurationKey(_ configuration: Configuration, linter: Linter, worker: inout Worker)
        -> ConfigurationKey
    {
        let name = configuration.path ?? "\u{0}" + configuration.directory
        if let last = worker.configuration, last.name == name { return last.key }
        let key: ConfigurationKey
        if let known = state.withLock({ $0.configurationKeys[name] }) {
            key = known
        } else {
            key = CacheKey.configuration(configuration, linter: linter)
            state.withLock { $0.configurationKeys[name] = key }
        }
        worker.configuration = (name, key)
        return key
    }

    /// Hands over what `worker` noted: call it when the worker has no more files.
    func finish(_ worker: inout Worker) {
        guard !worker.hits.isEmpty else { return }
        state.withLock { state in
            for (key, entry) in worker.hits { state.kept[key] = entry }
            state.statistics.unread += worker.hits.count
        }
        worker.hits.removeAll(keepingCapacity: true)
    }

    /// The record kept for `entry` (of the cache read), when its bytes are whole.
    private func record(of entry: Entry, crossFileIDs: [String]) -> FileRecord? {
        let bytes = CacheIO.read(oldFile, at: entry.offset, count: entry.length)
        guard let bytes, bytes.count == entry.length, ContentHash.xxh64(bytes) == entry.checksum else { return nil }
        return FileRecord.parse(bytes, rules: rules.count, crossFileIDs: crossFileIDs)
    }

    /// What ``lint(_:configuration:linter:skippingNonSpec:crossFileIDs:)`` gives for a file.
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
    /// `skippingNonSpec` (a file found in a folder: YAML that is not a spec is skipped) is part of
    /// the entry's key with the configuration: the same file named on the command line is linted.
    func lint(_ file: SpecFile, configuration: Configuration, linter: Linter, skippingNonSpec: Bool = false,
              crossFileIDs: [String], worker: inout Worker) -> Result<Answer, RunProblem>
    {
        guard let stamp = FileStamp.of(file.rawPath) else {
            return LintRunner.lintFile(file, configuration: configuration, linter: linter, skippingNonSpec: skippingNonSpec)
                .map { .result($0) }
        }
        let key = self.key(file.rawPath)
        var configurationKey = self.configurationKey(configuration, linter: linter, worker: &worker)
        if skippingNonSpec { configurationKey.low ^= 1 }
        let entry = old[key]
        if let entry, entry.settled, entry.stamp == stamp, entry.configuration == configurationKey,
           let record = record(of: entry, crossFileIDs: crossFileIDs) {
            worker.hits.append((key, entry))
            if worker.hits.count >= 256 { finish(&worker) }
            return .success(.record(record))
        }
        let read = FileReader.read(file, limit: configuration.limits.maxFileSize)
        guard case .success(let bytes) = read else {
            return LintRunner.lint(read, file: file, configuration: configuration, linter: linter,
                                   skippingNonSpec: skippingNonSpec).map { .result($0) }
        }
        let hash = ContentHash.xxh64(bytes)
        let settled = stamp.settled(before: startedAt)
        if let entry, entry.configuration == configurationKey, entry.contentHash == hash,
           let record = record(of: entry, crossFileIDs: crossFileIDs) {
            var updated = entry
            updated.stamp = stamp
            updated.settled = settled
            state.withLock { state in
                state.kept[key] = updated
                state.statistics.hashed += 1
                if updated != entry { state.changed = true }
            }
            return .success(.record(record))
        }
        let result = linter.lint(bytes, path: file.path, configuration: configuration, skippingNonSpec: skippingNonSpec)
        // The record is made once: kept in the cache and copied into the run's storage.
        guard let encoded = FileRecord.encode(result, rules: rules),
              let record = FileRecord.parse(encoded, rules: rules.count, crossFileIDs: crossFileIDs)
        else {
            state.withLock { state in
                // Not kept: nor is its old entry.
                state.dropped.insert(key)
                state.changed = true
                state.statistics.linted += 1
            }
            return .success(.result(result))
        }
        keep(encoded, key: key, entry: Entry(
            stamp: stamp, settled: settled, contentHash: hash, configuration: configurationKey,
            offset: 0, length: 0, checksum: 0, inNewFile: true))
        return .success(.record(record))
    }

    /// Adds a fresh record to the file being written.
    private func keep(_ payload: [UInt8], key: EntryKey, entry: Entry) {
        let checksum = ContentHash.xxh64(payload)
        state.withLock { state in
            state.changed = true
            state.statistics.linted += 1
            guard state.failure == nil else {
                state.kept[key] = nil
                return
            }
            var entry = entry
            entry.offset = state.written + state.pending.count
            entry.length = payload.count
            entry.checksum = checksum
            state.pending += payload
            state.kept[key] = entry
            if state.pending.count >= LintCache.writeBuffer { flush(&state) }
        }
    }

    private func flush(_ state: inout State) {
        guard state.failure == nil, !state.pending.isEmpty else { return }
        if let reason = CacheIO.write(newFile, state.pending, at: state.written) {
            state.failure = reason
            state.kept = state.kept.filter { !$0.value.inNewFile }
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
            var untouchedBytes = 0
            let touchedBytes = state.kept.values.reduce(0) { $0 + $1.length }
            let untouched = old.filter { state.kept[$0.key] == nil && !state.dropped.contains($0.key) }
            for (key, entry) in untouched.sorted(by: { $0.value.offset < $1.value.offset }) {
                untouchedBytes += entry.length
                if untouchedBytes <= touchedBytes + (8 << 20), FileStamp.of(key.bytes) != nil {
                    state.kept[key] = entry
                } else {
                    state.changed = true
                }
            }
            guard state.changed || state.failure != nil else { return nil }
            flush(&state)
            if let failure = state.failure { return failure }
            // The entries still in the old file, copied in the order they are there.
            let copied = state.kept.filter { !$0.value.inNewFile }.sorted { $0.value.offset < $1.value.offset }
            var buffer: [UInt8] = []
            // Entries that lie one after the other in the old file are read together (up to 1 MB at once).
            var first = 0
            while first < copied.count {
                let start = copied[first].value.offset
                var end = start + copied[first].value.length
                var next = first + 1
                while next < copied.count, copied[next].value.offset == end, end - start < 1 << 20 {
                    end += copied[next].value.length
                    next += 1
                }
                if let bytes = CacheIO.read(oldFile, at: start, count: end - start), bytes.count == end - start {
                    for (key, entry) in copied[first..<next] {
                        var moved = entry
                        moved.offset = state.written + buffer.count + (entry.offset - start)
                        moved.inNewFile = true
                        state.kept[key] = moved
                    }
                    buffer += bytes
                } else {
                    for (key, _) in copied[first..<next] { state.kept[key] = nil }
                }
                if buffer.count >= LintCache.writeBuffer {
                    if let reason = CacheIO.write(newFile, buffer, at: state.written) { return reason }
                    state.written += buffer.count
                    buffer.removeAll(keepingCapacity: true)
                }
                first = next
            }
            var index = CacheWriter()
            for (key, entry) in state.kept.sorted(by: { $0.value.offset < $1.value.offset }) {
                index.u32(UInt32(clamping: key.bytes.count))
                index.bytes(key.bytes)
                index.stamp(entry.stamp)
                index.byte(entry.settled ? 1 : 0)
                index.u64(entry.contentHash)
                index.u64(entry.configuration.high)
                index.u64(entry.configuration.low)
                index.u64(UInt64(entry.offset))
                index.u64(UInt64(entry.length))
                index.u64(entry.checksum)
            }
            let ruleIDs = rules.ids
            index.u32(UInt32(clamping: ruleIDs.count))
            for id in ruleIDs {
                let utf8 = Array(id.utf8)
                index.u32(UInt32(clamping: utf8.count))
                index.bytes(utf8)
            }
            let indexOffset = state.written + buffer.count
            buffer += index.bytes
            var trailer = CacheWriter()
            trailer.u64(UInt64(indexOffset))
            trailer.u64(UInt64(index.bytes.count))
            trailer.u64(UInt64(state.kept.count))
            trailer.u64(LintCache.checksumOf(header: header, index: index.bytes))
            trailer.bytes(LintCache.endMagic)
            buffer += trailer.bytes
            if let reason = CacheIO.write(newFile, buffer, at: state.written) { return reason }
            state.written += buffer.count
            // Renamed into place whole: a reader sees the old file or this one, never part of one.
            let renamed = CacheIO.withCString(temporaryPath) { from in path.withCString { rename(from, $0) } }
            if renamed != 0 { return SystemCalls.errorText(errno) }
            state.temporaryDone = true
            state.kept = [:]
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

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, offset <= data.count - count else {
            valid = false
            return nil
        }
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }
}
