/// Lexical path arithmetic on `/`-separated paths (no file system access).
package enum PathText {
    package static func absolute(_ path: String, in base: String) -> String {
        normalize(path.hasPrefix("/") ? path : base + "/" + path)
    }

    package static func normalize(_ path: String) -> String {
        normalizeASCII(path) ?? normalizeByCharacters(path)
    }

    /// ``normalize(_:)`` of any path, worked on its characters.
    package static func normalizeByCharacters(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// ``normalize(_:)`` of an ASCII path, worked on its bytes (nil for any other path). In ASCII
    /// each byte is a character, so splitting at `/` bytes and comparing parts with `.` and `..`
    /// byte by byte is what the character-wise form does.
    private static func normalizeASCII(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 1)
            // Each part kept starts where `result` stood before its `/`: `..` goes back there.
            var starts: [Int] = []
            var i = 0
            while i < bytes.count {
                if bytes[i] == slash { i += 1; continue }
                var end = i
                while end < bytes.count, bytes[end] != slash { end += 1 }
                let length = end - i
                if length == 1, bytes[i] == dot {
                    // `.` names the folder it is in: nothing to add.
                } else if length == 2, bytes[i] == dot, bytes[i + 1] == dot {
                    if let start = starts.popLast() { result.removeSubrange(start...) }
                } else {
                    starts.append(result.count)
                    result.append(slash)
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                }
                i = end
            }
            if result.isEmpty { result.append(slash) }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether every byte of `path` is ASCII (then bytes and characters are the same places).
    private static func isASCII(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { !$0.contains(where: { $0 >= 0x80 }) } ?? false
    }

    /// The folder part of `path` as written (up to its last `/`), when its last component is a
    /// name, so that the folder's normalized form is the normalized file's parent; else nil.
    package static func writtenFolder(of path: String) -> Substring? {
        let utf8 = path.utf8
        // The bytes searched at once where they are contiguous (a native string's are), not
        // index by index through the view: the planner asks for every file.
        let found = utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) }
        let last = found.map { $0.map { utf8.index(utf8.startIndex, offsetBy: $0) } } ?? utf8.lastIndex(of: UInt8(ascii: "/"))
        guard let slash = last else {
            return path == "." || path == ".." || path.isEmpty ? nil : ""
        }
        // After an ASCII `/` in an ASCII path the next character starts at the next byte.
        let name = path[(isASCII(path) ? utf8.index(after: slash) : path.index(after: slash))...]
        if name.isEmpty || name == "." || name == ".." { return nil }
        return slash == path.startIndex ? path[...slash] : path[..<slash]
    }

    /// The longest path the system opens (Linux's `PATH_MAX`, with its terminating zero: 4,095
    /// bytes); a longer one fails with "File name too long" whatever it names.
    package static let maxPathLength = 4095

    /// `folder` itself when its path is at most `length` bytes long, else the deepest folder above
    /// it that is (cut at a `/`), in one step: a walk up a path of thousands of folders (a name given
    /// by an editor or `--stdin-filename`) starts where a file could be.
    package static func folderWithin(_ folder: String, length: Int) -> String {
        let utf8 = folder.utf8
        guard utf8.count > length else { return folder }
        var cut = utf8.index(utf8.startIndex, offsetBy: max(0, length) + 1)
        // The last `/` before the cut (a `/` byte is always a character boundary).
        while cut > utf8.startIndex {
            cut = utf8.index(before: cut)
            if utf8[cut] == UInt8(ascii: "/") { break }
        }
        if cut == utf8.startIndex { return folder.hasPrefix("/") ? "/" : "." }
        return String(folder[..<cut])
    }

    package static func parent(_ path: String) -> String {
        // In an ASCII path the last `/` byte is the last `/` character (found at once in the bytes).
        let found: String.Index?
        if let searched = path.utf8.withContiguousStorageIfAvailable({ bytes -> Int?? in
            bytes.contains(where: { $0 >= 0x80 }) ? nil : .some(bytes.lastIndex(of: UInt8(ascii: "/")))
        }), let inASCII = searched {
            found = inASCII.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
        } else {
            found = path.lastIndex(of: "/")
        }
        guard let slash = found else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` relative to `base` (both absolute and normalized), with `..` to go up: `../shared/a.yml`.
    package static func relativeWalkingUp(_ path: String, to base: String) -> String {
        let from = base.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: Substring(".."), count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    package static func relative(_ path: String, to base: String) -> String {
        if base == "/" { return String(path.dropFirst()) }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }

    /// A path with its `.` segments dropped and repeated `/` collapsed, so `./a//b/x.yaml` and
    /// `a/b/x.yaml` are known as one file (`..` is kept: through a link it leads elsewhere).
    package static func lexicalKey(_ raw: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var key: [UInt8] = raw.first == slash ? [slash] : []
        for segment in raw.split(separator: slash, omittingEmptySubsequences: true) where segment.elementsEqual([dot]) == false {
            if key.count > 1 || (key.count == 1 && key[0] != slash) { key.append(slash) }
            key += segment
        }
        return key
    }

    /// `path` without its leading `./` segments: `./specs/a.yaml` and `specs/a.yaml` are the same
    /// file in a baseline.
    package static func droppingLeadingDotSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    /// `name` in `folder`: joined by one `/` (none after an empty folder), as
    /// `NSString.appendingPathComponent` joins them.
    package static func joining(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last segment of `path` (`c.yml` of `a/b/c.yml`), trailing `/`s aside.
    package static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
