#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls that take more than one call to do their job, in one place: reads and writes
/// retried after `EINTR` and continued after a short count, the current directory, and the
/// system's text for an error number. Every module reads and writes through these.
package enum SystemCalls {
    /// One `read(2)` of at most `count` bytes into `buffer`, retried after `EINTR`: the bytes read,
    /// 0 at the end, -1 on an error (in `errno`).
    package static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let n = read(fd, buffer, count)
            if n >= 0 || errno != EINTR { return n }
        }
    }

    /// Reads into `buffer` until `count` bytes are in or the file ends: how many bytes are in, and
    /// the error number when a read failed.
    package static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> (count: Int, error: Int32?) {
        var done = 0
        while done < count {
            let n = readSome(fd, into: buffer + done, count: count - done)
            if n < 0 { return (done, errno) }
            if n == 0 { break }
            done += n
        }
        return (done, nil)
    }

    /// Writes all of `bytes` to `fd`, retrying after `EINTR`: the error number when a write failed.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// Writes all of `bytes` to `fd` at `offset` (`pwrite(2)`), retrying after `EINTR`: false when
    /// a write failed or wrote nothing.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    /// Reads `count` bytes of `fd` from `offset` (`pread(2)`) into `buffer`, retrying after `EINTR`:
    /// how many were read (fewer at the end of the file or on an error).
    package static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        return done
    }

    /// The current directory, or nil when the system cannot say.
    package static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What opening a file to read it gives: a regular file's descriptor, or what is there instead.
    package enum OpenedFile {
        /// A regular file, open to read (close it).
        case file(Int32)
        /// A FIFO, device, socket or folder (its `S_IFMT` bits): nothing to read, and not opened.
        case notRegular(mode_t)
        /// The system's error number.
        case failed(Int32)
    }

    /// Opens `path` to read it the way every file the program did not just make is opened: with
    /// `O_NONBLOCK`, so that a FIFO with no writer or a device cannot block the `open`, then `fstat`,
    /// so that only a regular file is kept (a FIFO, a device, a socket or a folder is closed at once),
    /// then with `O_NONBLOCK` cleared (reads of a regular file never wait anyway).
    package static func openRegularFile(_ path: UnsafePointer<CChar>) -> OpenedFile {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return .failed(errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failed(code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .notRegular(info.st_mode & S_IFMT)
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return .file(fd)
    }

    /// ``openRegularFile(_:)-(UnsafePointer<CChar>)`` of a path given as a string.
    package static func openRegularFile(_ path: String) -> OpenedFile {
        path.withCString { openRegularFile($0) }
    }

    /// The descriptor of the regular file at `path`, open to read, or -1 when there is none
    /// (missing, unreadable, or a FIFO, a device, a socket or a folder, which is never waited on).
    package static func openRegularFileOrNone(_ path: String) -> Int32 {
        if case .file(let fd) = openRegularFile(path) { return fd }
        return -1
    }

    /// The system's text for the error number `code` ("No such file or directory").
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Runs `body` on a new detached thread with `stackSize` bytes of stack; on this thread when
    /// none can be started.
    package static func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        if let body = start(stackSize: stackSize, detached: true, body) { body() }
    }

    #if canImport(Darwin)
    package typealias ThreadID = pthread_t?
    #else
    package typealias ThreadID = pthread_t
    #endif

    /// Starts a thread with `stackSize` bytes of stack that runs `body`: detached, or to be joined
    /// (its id set in `thread`). Returns `body` back when no thread could be started.
    package static func start(stackSize: Int, detached: Bool, thread: UnsafeMutablePointer<ThreadID>? = nil,
                              _ body: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        #if canImport(Darwin)
        var started: ThreadID = nil
        #else
        var started = pthread_t()
        #endif
        let result = pthread_create(&started, &attributes, { context in
            let pointer: UnsafeMutableRawPointer? = context
            if let pointer { Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue().body() }
            return nil
        }, work)
        guard result == 0 else { return Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body }
        thread?.pointee = started
        return nil
    }
}
