#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine

/// Finds the spec files under the paths given: folders walked in name order, hidden ones skipped,
/// links to folders not followed so a link loop cannot trap the walk.
public enum FileDiscovery {
    /// One path from the command line, and what was found under it.
    public enum Found: Sendable {
        /// A file named directly: always linted.
        case explicit(SpecFile)
        /// A file found by walking a folder: subject to include/exclude.
        case walked(SpecFile)
        /// A path that could not be listed or does not exist.
        case problem(path: String, message: String)
    }

    /// Expands `paths` into files, in order.
    public static func find(_ paths: [String]) -> [Found] {
        Array(Walk(paths))
    }

    /// Expands paths into files lazily: a folder is listed when the walk reaches it, so a run
    /// can lint the first files while the rest are still to be found, and never holds them all.
    public struct Walk: Sequence, IteratorProtocol {
        /// What is still to visit: a found file or problem, or a folder to list.
        fileprivate enum Pending {
            /// Found in the listing numbered `listing` (-1: named on the command line), in `folder`
            /// when the walk holds it open.
            case found(Found, listing: Int, folder: OpenFolder?)
            case folder([UInt8])
        }

        private var paths: ArraySlice<String>
        /// What the folders listed so far hold, the next one last.
        private var pending: [Pending] = []
        /// The number (0-based) of the path that what ``next()`` returned last comes from.
        public private(set) var argument = -1
        /// The listing of a folder that what ``next()`` returned last was found in (numbered
        /// 0, 1, 2… as the walk lists folders), -1 for a path named: files of one listing are
        /// in one folder, so the planner knows it without reading their paths.
        package private(set) var listingOfLast = -1
        /// The folder that what ``next()`` returned last was found in, when it is held open.
        package private(set) var folderOfLast: OpenFolder?
        private var listings = 0
        /// The listings (by number) that held a name a configuration file has
        /// (``ConfigurationResolver/fileNames``): the others' folders hold none.
        private var listingsNamingAConfiguration: Set<Int> = []
        private let openFolders = OpenFolderCount()
        /// The paths that are folders, as shown, with their numbers, in the order the walk reached
        /// them (a folder that holds no spec is listed too, though the walk returns nothing of it).
        public private(set) var folders: [(argument: Int, path: String)] = []

        /// Whether the folder listed as number `listing` may hold a configuration file: false when
        /// its listing named none (what ``ConfigurationResolver`` would otherwise `lstat` to learn).
        package func mayHoldConfiguration(listing: Int) -> Bool {
            listing < 0 || listing >= listings || listingsNamingAConfiguration.contains(listing)
        }

        /// A walk over `paths`, in order.
        public init(_ paths: [String]) {
            self.paths = paths[...]
        }

        public mutating func next() -> Found? {
            while true {
                switch pending.popLast() {
                case .found(let found, let listing, let folder)?:
                    listingOfLast = listing
                    folderOfLast = folder
                    return found
                case .folder(let folder)?:
                    if FileDiscovery.list(folder, listing: listings, openFolders: openFolders, into: &pending) {
                        listingsNamingAConfiguration.insert(listings)
                    }
                    listings += 1
                    continue
                case nil:
                    break
                }
                guard let written = paths.popFirst() else { return nil }
                argument += 1
                listingOfLast = -1
                folderOfLast = nil
                // Paths enter the run here, so every format shows `specs/a.yaml` for `./specs/a.yaml`.
                let raw = FileDiscovery.droppingDotSlash(commandLineBytes(of: written))
                let path = FileDiscovery.droppingDotSlash(written)
                let cPath = (raw + [0]).map { CChar(bitPattern: $0) }
                var info = stat()
                guard stat(cPath, &info) == 0 else {
                    let code = errno
                    if lstat(cPath, &info) == 0 {
                        return .problem(path: path, message: "cannot read: \(FileReader.errorText(code))")
                    }
                    return .problem(path: path, message: "no such file or folder")
                }
                if info.st_mode & S_IFMT == S_IFDIR {
                    folders.append((argument, path))
                    pending = [.folder(raw)]
                } else {
                    return .explicit(SpecFile(rawPath: raw))
                }
            }
        }
    }

    /// The bytes of a path from the command line. Swift shows an argument that is not UTF-8
    /// with U+FFFD in place of the bad bytes, which names no file; the bytes are taken back from argv.
    static func commandLineBytes(of path: String) -> [UInt8] {
        let utf8 = Array(path.utf8)
        guard path.unicodeScalars.contains("\u{FFFD}") else { return utf8 }
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }
            if bytes != utf8 && String(decoding: bytes, as: UTF8.self) == path { return bytes }
        }
        return utf8
    }

    /// `path` without leading `./` (`./specs/a.yaml` is shown as `specs/a.yaml`); `./` alone is `.`.
    public static func droppingDotSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return path.isEmpty ? "." : String(path)
    }

    static func droppingDotSlash(_ bytes: [UInt8]) -> [UInt8] {
        var start = 0
        while bytes.count - start >= 2, bytes[start] == UInt8(ascii: "."), bytes[start + 1] == UInt8(ascii: "/") { start += 2 }
        return start == bytes.count ? [UInt8(ascii: ".")] : Array(bytes[start...])
    }



    /// Lists `folder` onto `stack` last first, each entry marked with `listing`, ordered by name with
    /// a `/` after a folder's so that paths come in byte order, the report's, with no sorting.
    /// Returns whether the folder holds a configuration file (true when it cannot be listed).
    @discardableResult
    fileprivate static func list(_ folder: [UInt8], listing: Int, openFolders: OpenFolderCount,
                                 into stack: inout [Walk.Pending]) -> Bool {
        var cPath = folder
        cPath.append(0)
        guard let dir = cPath.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { opendir($0) }
        }) else {
            stack.append(.found(.problem(path: String(decoding: folder, as: UTF8.self),
                                         message: "cannot list folder: \(FileReader.errorText(errno))"), listing: listing,
                                 folder: nil))
            return true
        }
        // Each entry's path (the folder, none for `.`, a `/` unless it ends in one, the name) and
        // where its name starts: one allocation an entry.
        let prefix = folder.count == 1 && folder[0] == UInt8(ascii: ".") ? 0
            : folder.count + (folder.last == UInt8(ascii: "/") || folder.isEmpty ? 0 : 1)
        // `head`: the first 8 bytes of the entry's sort key (its name, and a `/` after a folder's),
        // big-endian and padded with zeros (no name holds a zero byte): most comparisons end there.
        var entries: [(path: [UInt8], isFolder: Bool, head: UInt64)] = []
        var namesAConfiguration = false
        while let entry = readdir(dir) {
            // The name in place, in the entry `readdir` returned (valid until the next call).
            let namePointer = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer.assumingMemoryBound(to: CChar.self)))
            guard let first = name.first, first != UInt8(ascii: ".") else {
                // Hidden, so not walked; but a configuration file's name is noted, whatever it is.
                if !namesAConfiguration, ConfigurationResolver.fileNameBytes.contains(where: { $0.elementsEqual(name) }) {
                    namesAConfiguration = true
                }
                continue
            }
            var type = entry.pointee.d_type
            // Only spec files and folders are kept: the rest need no path.
            guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) || isSpecName(name) else { continue }
            let child = [UInt8](unsafeUninitializedCapacity: prefix + name.count) { buffer, initialized in
                let base = UnsafeMutableRawPointer(buffer.baseAddress!)
                if prefix > 0 {
                    folder.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: folder.count) }
                    if folder.count < prefix { base.storeBytes(of: UInt8(ascii: "/"), toByteOffset: folder.count, as: UInt8.self) }
                }
                (base + prefix).copyMemory(from: name.baseAddress!, byteCount: name.count)
                initialized = prefix + name.count
            }
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                var c = child
                c.append(0)
                let ok = c.withUnsafeBufferPointer { b in
                    b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { lstat($0, &info) }
                }
                if ok == 0 {
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = UInt8(DT_DIR)
                    case S_IFLNK: type = UInt8(DT_LNK)
                    default: type = UInt8(DT_REG)
                    }
                }
            }
            if type == UInt8(DT_DIR) {
                entries.append((child, true, head(name, isFolder: true)))
            } else if isSpecName(name) {
                entries.append((child, false, head(name, isFolder: false)))
            }
        }
        // Held open for its files' `stat`s (when it has any).
        let open = entries.contains { !$0.isFolder } ? OpenFolder(dir, count: openFolders) : nil
        closedir(dir)
        // By name, a folder's name followed by a `/` (compared in place: no key made). The heads
        // and places are sorted, not the entries: moving an entry retains and releases its path.
        var order = [(head: UInt64, place: Int)](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
            for (place, entry) in entries.enumerated() { buffer.initializeElement(at: place, to: (entry.head, place)) }
            initialized = entries.count
        }
        entries.withUnsafeBufferPointer { entries in
            order.sort { a, b in
                if a.head != b.head { return a.head < b.head }
                return precedes(entries[a.place].path, entries[a.place].isFolder,
                                entries[b.place].path, entries[b.place].isFolder, from: prefix)
            }
        }
        stack.reserveCapacity(stack.count + order.count)
        for (_, place) in order.reversed() {
            let entry = entries[place]
            stack.append(entry.isFolder ? .folder(entry.path)
                : .found(.walked(SpecFile(rawPath: entry.path)), listing: listing, folder: open))
        }
        return namesAConfiguration
    }

    /// The first 8 bytes of `name` (and a `/` after it for a folder), big-endian, zeros after.
    private static func head(_ name: UnsafeRawBufferPointer, isFolder: Bool) -> UInt64 {
        var head: UInt64 = 0
        for i in 0..<8 {
            let byte: UInt8 = i < name.count ? name[i] : i == name.count && isFolder ? UInt8(ascii: "/") : 0
            head = head << 8 | UInt64(byte)
        }
        return head
    }

    /// Whether the entry at `a` sorts before the one at `b` (their names start at `prefix`), by
    /// their names' bytes with a `/` after a folder's.
    private static func precedes(_ a: [UInt8], _ aIsFolder: Bool, _ b: [UInt8], _ bIsFolder: Bool, from prefix: Int) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let m = x.count - prefix, k = y.count - prefix, n = Swift.min(m, k)
                // Both paths hold a name (at least one byte) after the prefix.
                let p = x.baseAddress! + prefix, q = y.baseAddress! + prefix
                let order = memcmp(p, q, n)
                if order != 0 { return order < 0 }
                // One name starts the other: the byte after the shorter is a folder's `/` or
                // nothing (names hold no `/`), and nothing sorts first.
                let slash = Int(UInt8(ascii: "/"))
                return (m > n ? Int(p[n]) : aIsFolder ? slash : -1) < (k > n ? Int(q[n]) : bIsFolder ? slash : -1)
            }
        }
    }

    private static func isSpecName(_ name: UnsafeRawBufferPointer) -> Bool {
        func ends(with suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            return name.count >= count && memcmp(name.baseAddress! + (name.count - count), suffix.utf8Start, count) == 0
        }
        return ends(with: ".yaml") || ends(with: ".yml")
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
