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

/// The few system calls the cache makes, through ``SystemCalls`` (retried after `EINTR`,
/// continued after short counts), and `stat` of a path given by its bytes.
enum CacheIO {
    /// `count` bytes of `fd` from `offset` (fewer at the end of the file or on an error).
    static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0 else { return nil }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = count == 0 ? 0 : SystemCalls.readFully(fd, into: buffer.baseAddress!, count: count, at: offset)
        }
    }

    /// Writes all of `bytes` at `offset`; the system's reason when it cannot.
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> String? {
        let written = bytes.withUnsafeBytes { $0.isEmpty || SystemCalls.writeAll(fd, $0, at: offset) }
        return written ? nil : SystemCalls.errorText(errno == 0 ? ENOSPC : errno)
    }

    /// The time on the file system's clock: `folder`'s times set to now and read back, with no file
    /// made (a file's birth would tell the same, at the cost of making and removing it). Nil when
    /// this process may not write in `folder`.
    static func now(in folder: String) -> (seconds: Int64, nanoseconds: Int64)? {
        guard access(folder, W_OK) == 0, utimensat(AT_FDCWD, folder, nil, 0) == 0,
              let stamp = FileStamp.of(Array(folder.utf8)) else { return nil }
        return (stamp.modified, stamp.modifiedNanoseconds)
    }

    /// A new file beside `path` (`.NAME.XXXXXX` in its folder), open for writing, and its path.
    static func temporaryFile(beside path: String) -> (Int32, [UInt8])? {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        var template = Array((path[..<slash] + "." + path[slash...] + ".XXXXXX").utf8)
        template.append(0)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkstemp($0) }
        }
        guard fd >= 0 else { return nil }
        template.removeLast()
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fchmod(fd, 0o644)
        return (fd, template)
    }

    /// Puts the file at `temporary` in place of `path` whole: a reader sees the old file or this
    /// one, never part of one. As a report is (``AtomicFile/exchange(_:_:)``): the names
    /// exchanged, the old file removed.
    static func putInPlace(_ temporary: [UInt8], _ path: String) -> String? {
        let target = Array(path.utf8CString), from = temporary.map { CChar(bitPattern: $0) } + [0]
        if !AtomicFile.exchange(from, target) && rename(from, target) != 0 { return SystemCalls.errorText(errno) }
        return nil
    }

    /// Writes `bytes` as the file at `path`, put in place whole.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        guard let (fd, temporary) = temporaryFile(beside: path) else { return SystemCalls.errorText(errno) }
        let failure = write(fd, bytes, at: 0) ?? putInPlace(temporary, path)
        close(fd)
        if failure != nil { _ = withCString(temporary) { unlink($0) } }
        return failure
    }

    /// Removes the temporary files of runs that were stopped before they finished, an hour old or more.
    static func removeAbandonedTemporaryFiles(in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = ".lint-cache"
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let path = folder + "/" + name
            guard let stamp = FileStamp.of(Array(path.utf8)), stamp.modified < Int64(now.tv_sec) - 3600 else { continue }
            _ = path.withCString { unlink($0) }
        }
    }

    /// Calls `body` with `raw` as a C string: on the stack up to 4 KB, else in a copy.
    static func withCString<T>(_ raw: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) -> T) -> T {
        guard raw.count < 4096 else { return withCString(Array(raw), body) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: raw.count + 1) { buffer in
            if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: base, byteCount: raw.count) }
            buffer[raw.count] = 0
            return body(buffer.baseAddress!)
        }
    }

    /// Calls `body` with `raw` as a C string.
    static func withCString<T>(_ raw: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        var terminated = raw
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}

/// What the quick check compares of a file: its device and inode, size, and the times its
/// content (`mtime`) and its inode (`ctime`, which no tool can set back) last changed, to the nanosecond.
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int64
    var changed: Int64
    var changedNanoseconds: Int64

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, modifiedNanoseconds: Int64,
         changed: Int64, changedNanoseconds: Int64) {
        (self.device, self.inode, self.size) = (device, inode, size)
        (self.modified, self.modifiedNanoseconds, self.changed, self.changedNanoseconds) =
            (modified, modifiedNanoseconds, changed, changedNanoseconds)
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let m = info.st_mtimespec, c = info.st_ctimespec
        #else
        let m = info.st_mtim, c = info.st_ctim
        #endif
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                  size: Int64(truncatingIfNeeded: info.st_size),
                  modified: Int64(truncatingIfNeeded: m.tv_sec), modifiedNanoseconds: Int64(truncatingIfNeeded: m.tv_nsec),
                  changed: Int64(truncatingIfNeeded: c.tv_sec), changedNanoseconds: Int64(truncatingIfNeeded: c.tv_nsec))
    }

    /// The stamp of the file at `raw` (following links, as reading it does); nil when it has none.
    static func of(_ raw: [UInt8]) -> FileStamp? {
        raw.withUnsafeBytes { of(path: $0) }
    }

    /// The stamp of the file at `raw`, a path whose folder `folder` holds open (so that only its
    /// last part is looked up); by the whole path without one.
    static func of(_ raw: [UInt8], in folder: OpenFolder?) -> FileStamp? {
        guard let folder else { return of(raw) }
        return raw.withUnsafeBytes { path in
            // The name: the path's last part (a file the walk found in `folder`).
            var start = path.count
            while start > 0 && path[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var info = stat()
            let done = CacheIO.withCString(UnsafeRawBufferPointer(rebasing: path[start...])) {
                fstatat(folder.descriptor, $0, &info, 0)
            }
            guard done == 0 else { return nil }
            return FileStamp(info)
        }
    }

    /// The stamp of the file at `path` (its bytes, made a C string on the stack when short).
    static func of(path: UnsafeRawBufferPointer) -> FileStamp? {
        var info = stat()
        let done = CacheIO.withCString(path) { stat($0, &info) }
        guard done == 0 else { return nil }
        return FileStamp(info)
    }

    static func of(descriptor fd: Int32) -> FileStamp? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// Whether the file's last change is safely before `now` (the file system's own clock), so any later
    /// write gives it another stamp ("racy git": a write in the stamp's clock tick leaves it unchanged).
    /// Whole-second file systems need two seconds between (FAT keeps even seconds).
    func settled(before now: (seconds: Int64, nanoseconds: Int64)) -> Bool {
        let latest = (modified, modifiedNanoseconds) < (changed, changedNanoseconds)
            ? (changed, changedNanoseconds) : (modified, modifiedNanoseconds)
        if modifiedNanoseconds == 0 && changedNanoseconds == 0 {
            return latest.0 <= now.seconds - 2
        }
        return latest < now
    }
}
