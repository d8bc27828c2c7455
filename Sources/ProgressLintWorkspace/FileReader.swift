#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintSupport

/// Why a file could not be read.
public enum ReadFailure: Error, Hashable, Sendable {
    /// Larger than the limit; carries the first bytes past it (to place the diagnostic).
    case tooLarge(limit: Int, prefix: [UInt8])
    /// A FIFO, device, socket or folder.
    case notRegularFile(kind: String)
    /// The system said no (permission, missing, loop…).
    case system(String)
}

/// Reads files without blocking on FIFOs or devices and without reading past a size limit.
public enum FileReader {
    /// The bytes of `file`, at most `limit` of them.
    public static func read(_ file: SpecFile, limit requested: Int) -> Result<[UInt8], ReadFailure> {
        // `limit + 1` bytes are read, so the limit stays below Int.max; the file's reported size
        // only sizes the first buffer (a file in /proc reports 0 and is longer).
        let limit = min(max(requested, 0), Int.max - 1)
        var raw = file.rawPath
        raw.append(0)
        let fd = raw.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            }
        }
        guard fd >= 0 else { return .failure(.system(errorText(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(errorText(errno))) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { return .failure(.notRegularFile(kind: kindName(type))) }
        let expected = max(Int(exactly: info.st_size) ?? 0, 0)
        // The first read goes into uninitialised storage (no zeroes written first, a byte loop
        // over the whole file); it is `initialized` bytes long afterwards, whatever `read` did.
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: min(expected, limit) + 1) { buffer, initialized in
            (initialized, failure) = SystemCalls.readFully(fd, into: buffer.baseAddress!, count: buffer.count)
        }
        if let failure { return .failure(.system(errorText(failure))) }
        var count = bytes.count
        // The reported size was right (the usual case) when the file ended before the buffer did.
        if count < min(expected, limit) + 1 { return .success(bytes) }
        while true {
            if count == bytes.count {
                if count > limit { break }
                // count <= limit < Int.max here, so `limit - count + 1` cannot overflow.
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit - count + 1)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                SystemCalls.readSome(fd, into: buffer.baseAddress! + count, count: buffer.count - count)
            }
            if n < 0 { return .failure(.system(errorText(errno))) }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        if count > limit { return .failure(.tooLarge(limit: limit, prefix: bytes)) }
        return .success(bytes)
    }

    /// The bytes of standard input, at most `limit` of them.
    public static func readStandardInput(limit requested: Int) -> Result<[UInt8], ReadFailure> {
        let limit = min(max(requested, 0), Int.max - 1)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // Never more than `limit + 1` bytes in all, so a stream past the limit costs the limit.
            let wanted = min(chunk.count, limit - bytes.count + 1)
            let n = chunk.withUnsafeMutableBytes { SystemCalls.readSome(0, into: $0.baseAddress!, count: wanted) }
            if n < 0 { return .failure(.system(errorText(errno))) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return .failure(.tooLarge(limit: limit, prefix: bytes)) }
        }
        return .success(bytes)
    }

    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    package static func errorText(_ code: Int32) -> String {
        SystemCalls.errorText(code)
    }
}
