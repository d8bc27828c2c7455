#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import ProgressLintEngine
import ProgressLintSupport
import ProgressLintWorkspace

/// Bytes written once and read back later: in memory up to a limit, past it in a temporary file
/// (unlinked as soon as made), so a run's memory does not grow with its files. Reads go through a
/// 64 KB window; without a usable temporary folder everything stays in memory.
final class ByteStore: Sendable {
    private struct State {
        /// The bytes not yet in the file (all of them while the file is not needed).
        var memory: [UInt8] = []
        /// Where `memory` starts in the whole.
        var memoryStart = 0
        /// The temporary file, once the limit is passed; -1 before (or when none can be made).
        var fd: Int32 = -1
        var spillFailed = false
        /// The last window read from the file.
        var window: [UInt8] = []
        var windowStart = 0
    }

    private let state = Mutex(State())
    /// Bytes kept in memory before the rest goes to the file.
    let memoryLimit: Int
    /// Where the file is made: `$TMPDIR`, or `/tmp`, unless given.
    let folder: String

    static let windowSize = 1 << 16
    /// Bytes kept in memory by default: 64 KB, a window's worth. A run has a few stores, each
    /// full past a few thousand files, so this is what they add to its peak memory whatever its size.
    static let defaultMemoryLimit = 1 << 16

    /// A store keeping up to `memoryLimit` bytes in memory, and the rest in a file in `folder`.
    init(memoryLimit: Int = ByteStore.defaultMemoryLimit, folder: String? = nil) {
        self.memoryLimit = memoryLimit
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        self.folder = folder ?? (temporary.isEmpty ? "/tmp" : temporary)
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// How many bytes have been written.
    var count: Int { state.withLock { $0.memoryStart + $0.memory.count } }

    /// Writes `bytes` at the end; returns where they start.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        state.withLock { state in
            let offset = state.memoryStart + state.memory.count
            // Room for the whole limit at once, so the buffer never doubles past it.
            if state.memory.capacity == 0 && !state.spillFailed { state.memory.reserveCapacity(memoryLimit + 4096) }
            state.memory.append(contentsOf: bytes)
            if state.memory.count >= memoryLimit && !state.spillFailed { ByteStore.spill(&state, in: folder) }
            return offset
        }
    }

    /// Calls `body` with the `length` bytes at `offset`.
    func read<R: Sendable>(_ offset: Int, _ length: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        state.withLock { state in
            if offset >= state.memoryStart {
                let start = offset - state.memoryStart
                return state.memory.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
            }
            if offset + length > state.memoryStart {
                // Bytes written by separate appends, a spill between them: part in the file, part in memory.
                var bytes = ByteStore.fileBytes(state, at: offset, count: state.memoryStart - offset)
                bytes += state.memory[0..<(offset + length - state.memoryStart)]
                return bytes.withUnsafeBytes(body)
            }
            if !(offset >= state.windowStart && offset + length <= state.windowStart + state.window.count) {
                state.window = ByteStore.fileBytes(state, at: offset, count: min(max(ByteStore.windowSize, length), state.memoryStart - offset))
                state.windowStart = offset
            }
            let start = offset - state.windowStart
            return state.window.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
        }
    }

    /// A new store holding the first `length` bytes of this one.
    func copy(prefix length: Int) -> ByteStore {
        let copy = ByteStore(memoryLimit: memoryLimit, folder: folder)
        let total = min(length, count)
        var offset = 0
        while offset < total {
            let size = min(ByteStore.windowSize, total - offset)
            let bytes = read(offset, size) { Array($0) }
            bytes.withUnsafeBytes { _ = copy.append($0) }
            offset += size
        }
        return copy
    }

    /// Moves what is in memory to the end of the file, making the file first.
    private static func spill(_ state: inout State, in folder: String) {
        if state.fd < 0 {
            state.fd = temporaryFile(in: folder)
            if state.fd < 0 {
                state.spillFailed = true
                return
            }
        }
        let written = state.memory.withUnsafeBytes { SystemCalls.writeAll(state.fd, $0, at: state.memoryStart) }
        guard written else {
            // A full disk: keep everything from here on in memory.
            state.spillFailed = true
            return
        }
        state.memoryStart += state.memory.count
        state.memory.removeAll(keepingCapacity: true)
    }

    /// `count` bytes of the file from `offset` (read into an array not filled first).
    private static func fileBytes(_ state: State, at offset: Int, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { ByteStore.readFile(state.fd, at: offset, count: count, into: base) }
            initialized = count
        }
    }

    /// Reads `count` bytes of the file `fd` from `offset` into `target`.
    fileprivate static func readFile(_ fd: Int32, at offset: Int, count: Int, into target: UnsafeMutableRawPointer) {
        let done = SystemCalls.readFully(fd, into: target, count: count, at: offset)
        // What was written is there to read; a short read means the file was taken away under us.
        precondition(done == count, "progress-lint: its temporary file lost data (\(done) of \(count) bytes)")
    }

    /// A reader of the bytes written so far, with a window of its own (see ``Reader``).
    func reader() -> Reader {
        state.withLock { Reader(store: self, memory: $0.memory, memoryStart: $0.memoryStart, fd: $0.fd) }
    }

    /// Reads the bytes the store held when the reader was made, through a window of its own and
    /// without the store's lock, so several threads read one store at once. One thread uses a reader at a time.
    final class Reader {
        /// Kept alive, so that its file stays open.
        private let store: ByteStore
        /// The bytes that were in memory, from `memoryStart` (shared with the store until it is appended to).
        private let memory: [UInt8]
        private let memoryStart: Int
        private let fd: Int32
        /// The window: `windowCount` bytes of the file from `windowStart`, in `capacity` allocated.
        private var window: UnsafeMutableRawPointer
        private var capacity: Int
        private var windowStart = 0
        private var windowCount = 0

        fileprivate init(store: ByteStore, memory: [UInt8], memoryStart: Int, fd: Int32) {
            self.store = store
            self.memory = memory
            self.memoryStart = memoryStart
            self.fd = fd
            capacity = fd >= 0 ? ByteStore.windowSize : 0
            window = .allocate(byteCount: Swift.max(1, capacity), alignment: 8)
        }

        deinit { window.deallocate() }

        /// How many bytes it reads.
        var count: Int { memoryStart + memory.count }

        /// Calls `body` with the `length` bytes at `offset` (as ``ByteStore/read(_:_:_:)`` does).
        func read<R>(_ offset: Int, _ length: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            if offset >= memoryStart {
                let start = offset - memoryStart
                return memory.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
            }
            if offset + length > memoryStart {
                // Part in the file, part in memory.
                var bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                    if let base = buffer.baseAddress {
                        ByteStore.readFile(fd, at: offset, count: memoryStart - offset, into: base)
                    }
                    initialized = memoryStart - offset
                }
                bytes += memory[0..<(offset + length - memoryStart)]
                return bytes.withUnsafeBytes(body)
            }
            if !(offset >= windowStart && offset + length <= windowStart + windowCount) {
                let count = Swift.min(Swift.max(ByteStore.windowSize, length), memoryStart - offset)
                if count > capacity {
                    window.deallocate()
                    window = .allocate(byteCount: count, alignment: 8)
                    capacity = count
                }
                windowCount = 0
                ByteStore.readFile(fd, at: offset, count: count, into: window)
                windowStart = offset
                windowCount = count
            }
            return body(UnsafeRawBufferPointer(start: window + (offset - windowStart), count: length))
        }
    }

    /// A new temporary file, already unlinked; -1 when none can be made.
    private static func temporaryFile(in folder: String) -> Int32 {
        var template = Array("\(folder)/progress-lint.XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return -1 }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }
}
