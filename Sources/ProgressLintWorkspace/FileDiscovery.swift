#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine

/// Finds the spec files under the paths given on the command line.
///
/// Folders are walked in name order, into `*.yaml` and `*.yml` files, skipping
/// hidden files and folders (`.git`, `.build`, …). Symbolic links to folders are
/// not followed, so a link loop cannot trap the walk; links to files are.
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
            case found(Found)
            case folder([UInt8])
        }

        private var paths: ArraySlice<String>
        /// What the folders listed so far hold, the next one last.
        private var pending: [Pending] = []
        /// The number (0-based) of the path that what ``next()`` returned last comes from.
        public private(set) var argument = -1
        /// The paths that are folders, as shown, with their numbers, in the order the walk reached
        /// them (a folder that holds no spec is listed too, though the walk returns nothing of it).
        public private(set) var folders: [(argument: Int, path: String)] = []

        /// A walk over `paths`, in order.
        public init(_ paths: [String]) {
            self.paths = paths[...]
        }

        public mutating func next() -> Found? {
            while true {
                switch pending.popLast() {
                case .found(let found)?:
                    return found
                case .folder(let folder)?:
                    FileDiscovery.list(folder, into: &pending)
                    continue
                case nil:
                    break
                }
                guard let written = paths.popFirst() else { return nil }
                argument += 1
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

    private static let yamlSuffix = Array(".yaml".utf8), ymlSuffix = Array(".yml".utf8)

    private static func isSpecName(_ name: [UInt8]) -> Bool {
        name.ends(with: yamlSuffix) || name.ends(with: ymlSuffix)
    }

    /// Lists `folder` onto `stack`: its spec files and subfolders (or the problem listing it),
    /// last first, so that popping takes them in order. Entries are ordered by name with a `/`
    /// after a folder's, which puts every path under one folder argument in byte order: the
    /// order of the report, so a run needs no sorting.
    fileprivate static func list(_ folder: [UInt8], into stack: inout [Walk.Pending]) {
        var cPath = folder
        cPath.append(0)
        guard let dir = cPath.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { opendir($0) }
        }) else {
            stack.append(.found(.problem(path: String(decoding: folder, as: UTF8.self),
                                         message: "cannot list folder: \(FileReader.errorText(errno))")))
            return
        }
        var entries: [(key: [UInt8], path: [UInt8], isFolder: Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[0..<length])
            }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            // Made in one allocation: the folder (none for `.`), a `/` unless it ends in one, the name.
            var child: [UInt8] = []
            child.reserveCapacity(folder.count + 1 + name.count)
            if !(folder.count == 1 && folder[0] == UInt8(ascii: ".")) {
                child += folder
                if !child.isEmpty && child.last != UInt8(ascii: "/") { child.append(UInt8(ascii: "/")) }
            }
            child += name
            var type = entry.pointee.d_type
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
                entries.append((name + [UInt8(ascii: "/")], child, true))
            } else if isSpecName(name) {
                entries.append((name, child, false))
            }
        }
        closedir(dir)
        entries.sort { $0.key.lexicographicallyPrecedes($1.key) }
        for entry in entries.reversed() {
            stack.append(entry.isFolder ? .folder(entry.path) : .found(.walked(SpecFile(rawPath: entry.path))))
        }
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
