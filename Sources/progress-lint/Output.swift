import ProgressLintReporters
import ProgressLintSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal and to files. Files are written atomically: a temporary
/// file in the same folder, then renamed over the target (a baseline synced to the disk first).
enum Output {
    static func standardOutput(_ text: String) { _ = writeAll(text, to: 1) }

    static func standardError(_ text: String) { _ = writeAll(text, to: 2) }

    /// Ends the process with `code`. Nothing here is buffered: what was written is written.
    static func end(_ code: Int32) -> Never { exit(code) }

    /// Writes all of `text` to `fd`; the error text when that fails.
    static func writeAll(_ text: String, to fd: Int32) -> String? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `bytes` to `fd`; the error text when that fails.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        SystemCalls.writeAll(fd, bytes).map(SystemCalls.errorText)
    }

    /// Writes `prefix` (what was read of standard input already) and then the rest of standard
    /// input to standard output, 64 KB at a time; the error text when reading or writing fails.
    static func passThroughStandardInput(after prefix: [UInt8]) -> String? {
        if let problem = prefix.withUnsafeBytes({ writeAll($0, to: 1) }) { return problem }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { SystemCalls.readSome(0, into: $0.baseAddress!, count: $0.count) }
            if n < 0 { return SystemCalls.errorText(errno) }
            if n == 0 { return nil }
            if let problem = chunk.withUnsafeBytes({ writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<n]), to: 1) }) {
                return problem
            }
        }
    }

    /// Whether to colour standard output for `--color` `when`: `always`, `never`, or `auto`: when
    /// FORCE_COLOR is set (and not `0`), else when it is a terminal, NO_COLOR is not set and TERM is not dumb.
    static func wantsColor(_ when: String) -> Bool {
        switch when {
        case "always": return true
        case "never": return false
        default:
            if let force = environment("FORCE_COLOR"), !force.isEmpty, force != "0", force != "false" { return true }
            return wantsColor
        }
    }

    /// Whether standard output is a terminal that wants colour (not when NO_COLOR is set or TERM is dumb).
    static var wantsColor: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(1) == 1
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes `text` to `path` atomically, synced to the disk, keeping the target's permissions
    /// if it exists (the baseline: a file kept in version control, not regenerated each run).
    static func write(_ text: String, to path: String) throws(OutputError) {
        if isDevice(path) { return try streamInPlace(to: path) { $0.write(text) } }
        try commit(stage(to: path, sync: true) { $0.write(text) })
    }

    /// Streams what `body` writes to `path` through a temporary file renamed over it, so readers
    /// never see half a report; a device or FIFO is written in place (a FIFO with no reader is an error).
    static func stream(to path: String, _ body: (inout ReportStream) -> Void) throws(OutputError) {
        if isDevice(path) { return try streamInPlace(to: path, body) }
        try commit(stage(to: path, body))
    }

    /// Whether `path` exists and is not a regular file (a device, a FIFO): written in place.
    static func isDevice(_ path: String) -> Bool {
        var target = stat()
        return stat(path, &target) == 0 && target.st_mode & S_IFMT != S_IFREG
    }

    static func streamInPlace(to path: String, _ body: (inout ReportStream) -> Void) throws(OutputError) {
        var target = stat()
        _ = stat(path, &target)
        // Opened without waiting: a FIFO nobody reads fails at once (ENXIO) instead of hanging;
        // then writes block as usual, so a slow reader gets the whole report.
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errno == ENXIO && target.st_mode & S_IFMT == S_IFIFO
                ? "nothing is reading this FIFO" : String(cString: strerror(errno))
            throw OutputError(path: path, reason: reason)
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var failure = stream(to: fd, body)
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { throw OutputError(path: path, reason: failure) }
    }

    /// A report written whole to a temporary file beside its target, waiting to be renamed over it.
    typealias Staged = AtomicFile.Staged

    /// Writes what `body` writes to a temporary file in `path`'s folder (with the target's
    /// permissions, if it exists) and closes it; ``commit(_:)`` puts it in place. A report is not
    /// synced to the disk (`sync`): like ESLint's and Ruff's, it is made again by the next run.
    static func stage(to path: String, sync: Bool = false, _ body: (inout ReportStream) -> Void) throws(OutputError)
        -> Staged
    {
        switch AtomicFile.stage(Array(path.utf8), mustExist: false, sync: sync, { stream(to: $0, body) }) {
        case .success(let staged): return staged
        case .failure(let failure): throw OutputError(path: path, reason: failure.reason)
        }
    }

    /// Renames a staged report over its target.
    static func commit(_ staged: Staged) throws(OutputError) {
        if let reason = AtomicFile.commit(staged) {
            throw OutputError(path: String(decoding: staged.path, as: UTF8.self), reason: reason)
        }
    }

    /// Removes a staged report without touching its target.
    static func discard(_ staged: Staged) {
        AtomicFile.discard(staged)
    }

    /// Streams what `body` writes to the open file `fd`; why writing failed, or nil.
    static func stream(to fd: Int32, _ body: (inout ReportStream) -> Void) -> String? {
        var out = ReportStream { bytes in
            writeAll(UnsafeRawBufferPointer(bytes), to: fd)
        }
        body(&out)
        out.flush()
        return out.failure
    }
}

/// A report that could not be written.
struct OutputError: Error {
    var path: String
    var reason: String
}
