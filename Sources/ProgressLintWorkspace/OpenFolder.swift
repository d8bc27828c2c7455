#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A folder the walk listed, held open while files found in it are still to be linted, so that a
/// file's `stat` can be made relative to it (`fstatat`: the kernel looks up one name, not every
/// folder of the path again). Closed when the last file found in it is done with.
///
/// At most ``limit`` are open at once per walk (a walk planned ahead, as `--list-files` plans it,
/// holds every file: past the limit its folders are not held open and their files are found by
/// path). The folder is the one listed: if it is renamed or replaced during the run, a file's
/// stamp is read in the folder listed, as its bytes would have been read an instant earlier.
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
