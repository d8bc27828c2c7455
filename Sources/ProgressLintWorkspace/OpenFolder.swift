#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A folder the walk listed, held open while its files are still to be linted, so a file's `stat`
/// is relative to it (`fstatat` looks up one name, not the whole path). At most ``limit`` are open
/// per walk; past it, files are found by path.
package final class OpenFolder: Sendable {
    /// The folder's descriptor (close-on-exec).
    package let descriptor: Int32
    private let count: OpenFolderCount

    /// How many folders one walk may hold open at once.
    package static let limit = 32

    /// Holds `dir`'s folder open, when `count` is below the limit and a descriptor can be had.
    init?(_ dir: OpaquePointer, count: OpenFolderCount) {
        guard count.open.wrappingAdd(1, ordering: .relaxed).newValue <= OpenFolder.limit else {
            count.open.wrappingSubtract(1, ordering: .relaxed)
            return nil
        }
        let descriptor = fcntl(dirfd(dir), F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else {
            count.open.wrappingSubtract(1, ordering: .relaxed)
            return nil
        }
        self.descriptor = descriptor
        self.count = count
    }

    deinit {
        close(descriptor)
        count.open.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// The folders a walk holds open.
final class OpenFolderCount: Sendable {
    let open = Atomic<Int>(0)
}
