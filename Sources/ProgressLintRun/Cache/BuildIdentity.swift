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

/// Which build of progress-lint is running: a cache entry is only good for the build that made it.
/// Its ELF GNU build-id note when it has one, else a hash of the executable's bytes (kept in the cache
/// with the executable's stamp, so the same file is not hashed again); without either, no cache.
enum BuildIdentity {
    /// The running executable's file (followed through its link by `stat` and `open`).
    static let executable: String = {
        #if os(Linux)
        return "/proc/self/exe"
        #else
        return CommandLine.arguments.first ?? ""
        #endif
    }()

    /// The identifier of the executable at `path`: its build-id note, else a hash of its bytes.
    static func of(executable path: String) -> [UInt8]? {
        let fd = SystemCalls.openRegularFileOrNone(path)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if let note = buildIDNote(fd) { return Array("gnu-build-id:".utf8) + note }
        // No note: every byte of the file.
        var info = stat()
        guard fstat(fd, &info) == 0, let size = Int(exactly: info.st_size), size > 0, size < 1 << 31 else { return nil }
        guard let bytes = CacheIO.read(fd, at: 0, count: size), bytes.count == size else { return nil }
        let hash = ContentHash.xxh64(bytes)
        return Array("xxh64:\(String(hash, radix: 16)):\(size)".utf8)
    }

    /// The descriptor of the `NT_GNU_BUILD_ID` note of the ELF64 little-endian file `fd`, if it has one.
    static func buildIDNote(_ fd: Int32) -> [UInt8]? {
        guard let header = CacheIO.read(fd, at: 0, count: 64), header.count == 64,
              header[0] == 0x7F, header[1] == UInt8(ascii: "E"), header[2] == UInt8(ascii: "L"), header[3] == UInt8(ascii: "F"),
              header[4] == 2, header[5] == 1
        else { return nil }
        let programHeaders = Int(truncatingIfNeeded: load(UInt64.self, header, 0x20))
        let entrySize = Int(load(UInt16.self, header, 0x36))
        let entries = Int(load(UInt16.self, header, 0x38))
        guard programHeaders > 0, entrySize >= 56, entries > 0, entries < 4096,
              let table = CacheIO.read(fd, at: programHeaders, count: entrySize * entries), table.count == entrySize * entries
        else { return nil }
        for i in 0..<entries {
            let base = i * entrySize
            guard load(UInt32.self, table, base) == 4 else { continue }  // PT_NOTE
            let offset = Int(truncatingIfNeeded: load(UInt64.self, table, base + 8))
            let size = Int(truncatingIfNeeded: load(UInt64.self, table, base + 32))
            guard offset > 0, size > 0, size < 1 << 20, let notes = CacheIO.read(fd, at: offset, count: size) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(load(UInt32.self, notes, at)), descSize = Int(load(UInt32.self, notes, at + 4))
                let type = load(UInt32.self, notes, at + 8)
                let nameStart = at + 12
                let descStart = nameStart + (nameSize + 3) / 4 * 4
                let next = descStart + (descSize + 3) / 4 * 4
                guard nameSize < 1 << 16, descSize < 1 << 16, descStart + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, Array(notes[nameStart..<(nameStart + 4)]) == Array("GNU\u{0}".utf8), descSize > 0 {
                    return Array(notes[descStart..<(descStart + descSize)])
                }
                at = next
            }
        }
        return nil
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], _ offset: Int) -> T {
        guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return 0 }
        return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
