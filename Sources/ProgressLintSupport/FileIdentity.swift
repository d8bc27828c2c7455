#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file as the system knows it: its device and inode, the same whatever path or link
/// leads to it. The command's promise that a report never replaces a spec compares these.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the regular file (links followed) at `path`, or nil when there is none.
    package static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return of(info)
    }

    /// The identity of the regular file (links followed) at `path` (its bytes, no NUL), or nil.
    package static func of(_ path: [UInt8]) -> FileIdentity? {
        guard !path.contains(0) else { return nil }
        var info = stat()
        let found = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { stat($0, &info) == 0 }
        }
        return found ? of(info) : nil
    }

    private static func of(_ info: stat) -> FileIdentity? {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }
}
