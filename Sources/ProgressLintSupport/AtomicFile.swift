#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing a file so that readers never see half of it: the new content goes to a temporary
/// file in the same folder (given the target's permissions, or 0644 for a new file), closed, then
/// renamed over the target. Fixed specs and written reports both go this way; a fixed spec (and a
/// baseline) is also synced to the disk before the rename, so that a crash cannot leave it empty.
///
/// A report (not synced) that replaces a regular file of the user's own is put in place by
/// exchanging the two names (Linux's `renameat2` with `RENAME_EXCHANGE`), and the old report,
/// now under the temporary name, is then removed. Readers see the same as with a rename, old or
/// new whole. What it saves: ext4 allocates and starts writing a file's blocks when it is renamed
/// over another (its `auto_da_alloc`, protection for files that were never synced), and on a
/// `discard` mount waits for the old blocks' discard, in `rename` (figures in Benchmarks/README.md).
/// A report the next run makes again needs neither.
package enum AtomicFile {
    /// New content written whole beside its target, waiting to be renamed over it.
    package struct Staged {
        /// The target's path, as bytes without the terminating NUL.
        package var path: [UInt8]
        /// The temporary file's path, NUL-terminated.
        var temporary: [CChar]
        /// Whether it may be put in place by exchanging names (it was not synced).
        var exchanges = false
    }

    /// Why a file could not be written: the system's text.
    package struct Failure: Error {
        package var reason: String
    }

    /// Writes `bytes` to the file at `path` (bytes, no NUL), which must exist; why it could not, or nil.
    package static func replace(_ path: [UInt8], with bytes: [UInt8]) -> String? {
        let staged = stage(path, mustExist: true) { fd in
            bytes.withUnsafeBytes { SystemCalls.writeAll(fd, $0) }.map(SystemCalls.errorText)
        }
        switch staged {
        case .failure(let failure): return failure.reason
        case .success(let staged): return commit(staged)
        }
    }

    /// Writes what `body` writes to the open temporary file (it returns why writing failed, or nil)
    /// into a file beside `path`, with `path`'s permissions; ``commit(_:)`` puts it in place. When
    /// `mustExist`, a missing target is an error; else a new file gets 0644. When `sync`, the
    /// content is on the disk before the file is closed (`fsync`): what a spec needs, and more
    /// than a report regenerated on every run does (the `fsync` of a large report can take longer
    /// than a warm run's linting; Benchmarks/history.md).
    package static func stage(_ path: [UInt8], mustExist: Bool, sync: Bool = true, _ body: (Int32) -> String?)
        -> Result<Staged, Failure>
    {
        let target = path.map { CChar(bitPattern: $0) } + [0]
        var existing = stat()
        let mode: mode_t
        if stat(target, &existing) == 0 {
            mode = existing.st_mode & 0o7777
        } else if mustExist {
            return .failure(Failure(reason: SystemCalls.errorText(errno)))
        } else {
            mode = 0o644
        }
        let slash = path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        var template = path
        template.insert(UInt8(ascii: "."), at: slash)
        template += Array(".XXXXXX".utf8)
        var temporary = template.map { CChar(bitPattern: $0) } + [0]
        let fd = mkstemp(&temporary)
        guard fd >= 0 else { return .failure(Failure(reason: SystemCalls.errorText(errno))) }
        var failure: String? = fchmod(fd, mode) == 0 ? nil : SystemCalls.errorText(errno)
        if failure == nil { failure = body(fd) }
        if failure == nil && sync && fsync(fd) != 0 { failure = SystemCalls.errorText(errno) }
        if close(fd) != 0 && failure == nil { failure = SystemCalls.errorText(errno) }
        if let failure {
            unlink(temporary)
            return .failure(Failure(reason: failure))
        }
        return .success(Staged(path: path, temporary: temporary, exchanges: !sync))
    }

    /// Renames a staged file over its target; why it could not (the staged file is then removed), or nil.
    package static func commit(_ staged: Staged) -> String? {
        let target = staged.path.map { CChar(bitPattern: $0) } + [0]
        if staged.exchanges && exchange(staged.temporary, target) { return nil }
        guard rename(staged.temporary, target) == 0 else {
            let reason = SystemCalls.errorText(errno)
            unlink(staged.temporary)
            return reason
        }
        return nil
    }

    /// Puts `temporary` in place of `target` by exchanging their names and removes what `target`
    /// was; false, with nothing changed, when that cannot be done (then a rename is). Only a regular
    /// file owned by this user is replaced this way (so that it can be removed in a sticky folder
    /// such as `/tmp`), and only where the system has the call (Linux 3.15 and glibc 2.28 on).
    package static func exchange(_ temporary: [CChar], _ target: [CChar]) -> Bool {
        #if os(Linux)
        var old = stat()
        guard lstat(target, &old) == 0, old.st_mode & S_IFMT == S_IFREG, old.st_uid == geteuid(),
              let call = renameExchange
        else { return false }
        guard call(AT_FDCWD, temporary, AT_FDCWD, target, exchangeFlag) == 0 else { return false }
        // What the temporary name holds now is the old target: removed unless something other
        // than that regular file came there meanwhile, which is exchanged back (and renamed over).
        var moved = stat()
        if lstat(temporary, &moved) == 0, moved.st_mode & S_IFMT == S_IFREG, moved.st_dev == old.st_dev,
           moved.st_ino == old.st_ino, unlink(temporary) == 0 {
            return true
        }
        // Back as they were, for the rename; should even that fail, the new file is in place.
        return call(AT_FDCWD, temporary, AT_FDCWD, target, exchangeFlag) != 0
        #else
        return false
        #endif
    }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// Linux's `RENAME_EXCHANGE`.
    private static let exchangeFlag: UInt32 = 2
    /// glibc's `renameat2`, looked up when it is used (Swift's Glibc module does not declare it).
    private static var renameExchange: RenameAt2? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    }
    #endif

    /// Removes a staged file without touching its target.
    package static func discard(_ staged: Staged) {
        unlink(staged.temporary)
    }
}
