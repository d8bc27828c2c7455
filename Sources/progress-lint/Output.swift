#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal and to files. Files are written atomically: a temporary
/// file in the same folder, flushed, then renamed over the target.
enum Output {
    static func standardOutput(_ text: String) { _ = writeAll(text, to: 1) }

    static func standardError(_ text: String) { _ = writeAll(text, to: 2) }

    /// Writes all of `text` to `fd`; the error text when that fails.
    static func writeAll(_ text: String, to fd: Int32) -> String? {
        var failure: String?
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        return failure
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

    /// Writes `text` to `path` atomically, keeping the target's permissions if it exists.
    static func write(_ text: String, to path: String) throws(OutputError) {
        var target = stat()
        if stat(path, &target) == 0 && target.st_mode & S_IFMT != S_IFREG {
            // A device or FIFO (`/dev/stdout`, `/dev/full`) is written in place, never replaced.
            try writeInPlace(text, to: path)
            return
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        var ok = fchmod(fd, mode) == 0
        var failure = ok ? "" : String(cString: strerror(errno))
        if ok, let error = writeAll(text, to: fd) {
            ok = false
            failure = error
        }
        if ok && fsync(fd) != 0 {
            ok = false
            failure = String(cString: strerror(errno))
        }
        if close(fd) != 0 && ok {
            ok = false
            failure = String(cString: strerror(errno))
        }
        if ok && rename(temporary, path) != 0 {
            ok = false
            failure = String(cString: strerror(errno))
        }
        if !ok {
            unlink(temporary)
            throw OutputError(path: path, reason: failure)
        }
    }
}

extension Output {
    static func writeInPlace(_ text: String, to path: String) throws(OutputError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        var failure = writeAll(text, to: fd)
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { throw OutputError(path: path, reason: failure) }
    }
}

/// A report that could not be written.
struct OutputError: Error {
    var path: String
    var reason: String
}
