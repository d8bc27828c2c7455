import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The promise that a report or baseline never replaces a spec: before linting, and again before
/// writing anything, every `--output` and `--write-baseline` path is checked. Refused are a file
/// this run lints (the same file by device and inode, whatever the path or link used), an
/// existing `.yaml`/`.yml` file, the baseline being read, and an existing file that is not a
/// report of the kind about to be written.
enum OutputGuard {
    /// One file the run will write.
    struct Write {
        /// The format's name, or nil for the baseline.
        var format: String?
        var path: String

        var what: String { format.map { "the \($0) report" } ?? "the baseline" }
    }

    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of the regular file (links followed) at `path`, or nil.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Why `write` must not go ahead, or nil. `linted` holds the files the run lints (or names);
    /// `reading` is the `--baseline` file, never to be written over by a report.
    static func refusal(_ write: Write, linted: Set<Identity>, reading baseline: String?) -> String? {
        let shown = TerminalText.safe(write.path)
        let refusing = "refusing to write \(write.what) to \(shown)"
        guard let target = identity(of: write.path) else { return nil }
        if linted.contains(target) {
            return "\(refusing): this run lints that file; give \(write.format == nil ? "--write-baseline" : "--output") "
                + "a path of its own"
        }
        if let baseline, write.format != nil, identity(of: baseline) == target {
            return "\(refusing): it is the --baseline this run reads; write the report elsewhere"
        }
        if isYAMLName(write.path) || realPath(write.path).map(isYAMLName) == true {
            return "\(refusing): it is an existing YAML file and progress-lint never writes over a spec; "
                + "choose a path that is not .yaml or .yml"
        }
        guard let prefix = readPrefix(write.path) else {
            return "\(refusing): it exists and cannot be read to check that it is a report; choose another path"
        }
        if !looksLike(write.format, prefix) {
            let kind = write.format.map { "a progress-lint \($0) report" } ?? "a progress-lint baseline"
            return "\(refusing): the existing file is not \(kind); delete it or choose another path"
        }
        return nil
    }

    static func isYAMLName(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The first 4 KiB of a regular file (every report names what it is in its first lines), or nil
    /// when it cannot be read.
    static func readPrefix(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4 * 1024)
        let (count, failure) = buffer.withUnsafeMutableBytes { SystemCalls.readFully(fd, into: $0.baseAddress!, count: $0.count) }
        if failure != nil { return nil }
        return Array(buffer[..<count])
    }

    /// Whether an existing file's start looks like what is about to replace it. An empty file
    /// is always fine; text and GitHub reports replace anything but a spec.
    static func looksLike(_ format: String?, _ prefix: [UInt8]) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.count)
        for byte in prefix where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { bytes.append(byte) }
        if bytes.isEmpty { return true }
        // The tests below are of the compacted text's characters. Each is first made on its bytes
        // (``asciiMatch(_:_:prefixOnly:)``), which settles it unless a match borders non-ASCII bytes;
        // only then is the text decoded and tested as characters.
        func hasPrefix(_ literal: String) -> Bool {
            asciiMatch(bytes, literal, prefixOnly: true) ?? String(decoding: bytes, as: UTF8.self).hasPrefix(literal)
        }
        func contains(_ literal: String) -> Bool {
            asciiMatch(bytes, literal, prefixOnly: false) ?? String(decoding: bytes, as: UTF8.self).contains(literal)
        }
        switch format {
        case nil:
            return hasPrefix("{\"version\":") && contains("\"entries\":[")
        case JSONReporter.name?:
            return hasPrefix("{") && contains("\"tool\":{\"name\":\"\(Tool.name)\"")
        case SARIFReporter.name?:
            return hasPrefix("{") && contains("sarif")
        case JUnitReporter.name?:
            return hasPrefix("<?xml") || hasPrefix("<testsuites")
        case HTMLReporter.name?:
            return hasPrefix("<!DOCTYPEhtml>") || hasPrefix("<!doctypehtml>") || hasPrefix("<html")
        case GitLabReporter.name?, "codeclimate"?:
            return hasPrefix("[")
        default:
            return !looksLikeSpec(String(decoding: prefix, as: UTF8.self))
        }
    }

    /// Whether the text whose UTF-8 is `bytes` starts with (or, unless `prefixOnly`, contains) the
    /// ASCII text `literal` as whole characters: true when its bytes occur there with an ASCII byte
    /// (or the start or end) on each side, since ASCII bytes next to ASCII bytes are character
    /// boundaries (the only pair that is not, CR LF, contains a CR, which `literal` has not); false
    /// when its bytes do not occur at all (a match of characters is one of bytes, as an ASCII
    /// character has no other canonically equivalent spelling); nil when every occurrence borders
    /// a non-ASCII byte, so only a test of the characters can tell.
    static func asciiMatch(_ bytes: [UInt8], _ literal: String, prefixOnly: Bool) -> Bool? {
        let needle = Array(literal.utf8)
        guard !needle.isEmpty, needle.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
        guard bytes.count >= needle.count else { return false }
        var unsure = false
        let lastStart = prefixOnly ? 0 : bytes.count - needle.count
        for start in 0...lastStart where bytes[start] == needle[0] {
            var i = 1
            while i < needle.count && bytes[start + i] == needle[i] { i += 1 }
            guard i == needle.count else { continue }
            let end = start + needle.count
            if (start == 0 || bytes[start - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80) { return true }
            unsure = true
        }
        return unsure ? nil : false
    }

    /// A YAML document start, or a top-level `screen:` / `indicators:` key.
    static func looksLikeSpec(_ text: String) -> Bool {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line == "---" || line.hasPrefix("--- ") { return true }
            for key in ["screen:", "indicators:", "\"screen\":", "\"indicators\":"] where line.hasPrefix(key) {
                let rest = line.dropFirst(key.count)
                if rest.isEmpty || rest.first == " " || rest.first == "\t" { return true }
            }
        }
        return false
    }

    /// Prints the first refusal and exits 2; `linted` are paths whose regular files the run reads.
    static func check(_ writes: [Write], linted paths: some Sequence<String>, reading baseline: String?) throws {
        // Only a file that exists can be written over: with none, nothing to compare.
        let targets = Set(writes.compactMap { identity(of: $0.path) })
        guard !targets.isEmpty else { return }
        // Of the linted files, only those that are targets are kept (not one entry per file of a large run).
        var linted = Set<Identity>()
        for path in paths { if let id = identity(of: path), targets.contains(id) { linted.insert(id) } }
        for write in writes {
            if let refusal = refusal(write, linted: linted, reading: baseline) {
                Output.standardError("progress-lint: \(refusal)\n")
                throw ExitCode(2)
            }
        }
    }
}
