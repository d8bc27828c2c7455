import ProgressLintSpec
import ProgressLintSupport
import ProgressLintYAML

/// A file's bytes as fixes see them: byte offsets of libyaml's character offsets, line and
/// column of a byte, the file's line ending. Worked out only once a fix needs them.
public final class FixSource {
    /// The file's bytes, byte order mark included.
    public let bytes: [UInt8]
    /// 3 when the file starts with a UTF-8 byte order mark, else 0 (libyaml never sees it).
    let bom: Int
    private var characterStarts: [Int]?
    private var isASCII: Bool?
    private var lineStarts: [Int]?
    private var ending: String?
    /// Bytes scanned and search steps taken so far. Tests hold it to the file's size plus a logarithm
    /// per lookup: a scan of the file once per lookup would make fixing one long line quadratic.
    private(set) var work = 0

    /// Wraps a file's bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.bom = YAMLParser.byteOrderMarkLength(bytes)
    }

    /// The byte offset of a libyaml position (its character offset counts characters after the BOM).
    public func byteOffset(_ position: SourcePosition) -> Int {
        let c = max(position.characterOffset, 0)
        if ascii { return min(bom + c, bytes.count) }
        let starts = characters
        return c < starts.count ? starts[c] : bytes.count
    }

    /// Whether every byte after the BOM is ASCII (then characters are bytes).
    private var ascii: Bool {
        if let isASCII { return isASCII }
        let found = !bytes[bom...].contains { $0 >= 0x80 }
        work &+= bytes.count - bom
        isASCII = found
        return found
    }

    /// The byte offset of each character after the BOM, and the end of the file.
    private var characters: [Int] {
        if let characterStarts { return characterStarts }
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count - bom + 1)
        for i in bom..<bytes.count where bytes[i] & 0xC0 != 0x80 { starts.append(i) }
        starts.append(bytes.count)
        work &+= bytes.count - bom
        characterStarts = starts
        return starts
    }

    /// The number of characters before the byte at `offset` (after the BOM).
    private func characterIndex(ofByte offset: Int) -> Int {
        if ascii { return max(offset - bom, 0) }
        let starts = characters
        var low = 0, high = starts.count - 1, steps = 0
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < offset { low = mid + 1 } else { high = mid }
            steps &+= 1
        }
        work &+= steps
        return low
    }

    /// The offset of the first byte of each line.
    private var lines: [Int] {
        if let lineStarts { return lineStarts }
        let starts = LineBreaks.lineStarts(bytes, from: bom)
        work &+= bytes.count - bom
        lineStarts = starts
        return starts
    }

    /// The index in ``lines`` of the line holding `offset`.
    private func lineIndex(of offset: Int) -> Int {
        let starts = lines
        var low = 0, high = starts.count - 1, steps = 0
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
            steps &+= 1
        }
        work &+= steps
        return low
    }

    /// The line and column (1-based, columns in characters) of the byte at `offset`.
    public func position(ofByte offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        let line = lineIndex(of: target)
        let characters = characterIndex(ofByte: target)
        let column = characters - characterIndex(ofByte: lines[line]) + 1
        return SourcePosition(line: line + 1, column: column, characterOffset: characters)
    }

    /// The file's line ending: `\r\n` when its first line ends so, else `\n`.
    public var lineEnding: String {
        if let ending { return ending }
        var found = "\n"
        if let i = bytes.firstIndex(of: 0x0A), i > 0, bytes[i - 1] == 0x0D { found = "\r\n" }
        ending = found
        return found
    }

    /// An edit of `[start, end)` with its positions.
    public func edit(_ start: Int, _ end: Int, _ content: String) -> Edit {
        Edit(start: start, end: end, content: content, startPosition: position(ofByte: start),
             endPosition: position(ofByte: end))
    }

    /// The offset of the first byte of the line holding `offset`.
    func lineStart(of offset: Int) -> Int {
        lines[lineIndex(of: min(max(offset, 0), bytes.count))]
    }

    /// The offset just past the line break ending the line that holds `offset`, or nil on the last line.
    func nextLineStart(after offset: Int) -> Int? {
        let next = lineIndex(of: min(max(offset, 0), bytes.count)) + 1
        return next < lines.count ? lines[next] : nil
    }

    /// The source text of `[start, end)`.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[max(start, 0)..<min(max(end, start), bytes.count)], as: UTF8.self)
    }
}

/// Turns a rule's ``FixProposal`` into byte edits that keep the file as written (comments, order,
/// quoting, style, line endings); nothing for a node read in more than one place or a shape it
/// cannot edit surely.
public struct FixBuilder {
    let source: FixSource
    let document: YAMLDocument

    /// A builder for one document of a file.
    public init(source: FixSource, document: YAMLDocument) {
        self.source = source
        self.document = document
    }

    /// The fix, or nil when it cannot be made safely here.
    public func build(_ proposal: FixProposal) -> Fix? {
        var edits: [Edit] = []
        for operation in proposal.operations {
            guard let more = self.edits(for: operation) else { return nil }
            edits += more
        }
        guard !edits.isEmpty else { return nil }
        let sorted = edits.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.start < a.end { return nil }
        return Fix(applicability: proposal.applicability, title: proposal.title, edits: sorted)
    }

    private func edits(for operation: FixOperation) -> [Edit]? {
        switch operation {
        case .replaceScalar(let node, let value):
            return replace(node, with: value).map { [$0] }
        case .set(let path, let value, let mapping):
            return set(path[...], to: value, in: mapping)
        case .remove(let path, let mapping):
            return remove(path[...], in: mapping)
        case .renameKey(let key, let name):
            guard document.kind(of: key) == .scalar, !isShared(key), let mapping = document.parent(of: key),
                  ownPair(name, in: mapping) == nil else { return nil }
            return replace(key, with: .text(name)).map { [$0] }
        }
    }

    /// Whether the node, or a collection holding it, is read in more than one place.
    func isShared(_ node: NodeID) -> Bool {
        var current: NodeID? = node
        var steps = 0
        while let id = current, steps < 10_000 {
            if document.isAliased(id) { return true }
            current = document.parent(of: id)
            steps += 1
        }
        return false
    }

    private func byteRange(_ node: NodeID) -> (start: Int, end: Int) {
        let range = document[node].range
        return (source.byteOffset(range.start), source.byteOffset(range.end))
    }

    /// The pair of `mapping` written with key `name` (not one merged in).
    func ownPair(_ name: String, in mapping: NodeID) -> Int? {
        guard document.kind(of: mapping) == .mapping else { return nil }
        for n in 0..<document.pairCount(of: mapping) {
            let key = document.pair(n, of: mapping).key
            if document.kind(of: key) == .scalar, document.value(of: key) == name,
               !(name == "<<" && document.style(of: key) == .plain) { return n }
        }
        return nil
    }

    private func replace(_ node: NodeID, with value: FixValue) -> Edit? {
        guard document.kind(of: node) == .scalar, !isShared(node) else { return nil }
        let (start, end) = byteRange(node)
        guard end > start else { return nil }
        let text: String
        switch value {
        case .token(let token): text = token
        case .copy(let other):
            guard document.kind(of: other) == .scalar else { return nil }
            let (a, b) = byteRange(other)
            guard b > a, [.plain, .singleQuoted, .doubleQuoted].contains(document.style(of: other)) else { return nil }
            text = source.text(a, b)
        case .text(let string):
            switch document.style(of: node) {
            case .plain: text = FixBuilder.render(string)
            case .singleQuoted where !string.contains(where: \.isNewline):
                text = "'" + string.replacingAll("'", with: "''") + "'"
            case .doubleQuoted: text = FixBuilder.doubleQuoted(string)
            default: return nil
            }
        }
        return source.edit(start, end, text)
    }

    private func set(_ path: ArraySlice<String>, to value: FixValue, in mapping: NodeID) -> [Edit]? {
        guard let key = path.first, document.kind(of: mapping) == .mapping, !isShared(mapping) else { return nil }
        guard let n = ownPair(key, in: mapping) else { return insert(path, value, into: mapping) }
        let existing = document.pair(n, of: mapping).value
        if path.count == 1 {
            guard document.kind(of: existing) == .scalar, !document.isNull(existing) else { return nil }
            return replace(existing, with: value).map { [$0] }
        }
        return set(path.dropFirst(), to: value, in: existing)
    }

    private func rendered(_ value: FixValue) -> String? {
        switch value {
        case .token(let token): return token
        case .text(let text): return FixBuilder.render(text)
        case .copy(let node):
            guard document.kind(of: node) == .scalar,
                  [.plain, .singleQuoted, .doubleQuoted].contains(document.style(of: node)) else { return nil }
            let (a, b) = byteRange(node)
            guard b > a else { return nil }
            let text = source.text(a, b)
            return text.contains(where: \.isNewline) ? FixBuilder.doubleQuoted(document.value(of: node)) : text
        }
    }

    private func insert(_ path: ArraySlice<String>, _ value: FixValue, into mapping: NodeID) -> [Edit]? {
        guard let written = rendered(value) else { return nil }
        let keys = Array(path)
        let pairs = document.pairCount(of: mapping)
        if document[mapping].isFlow {
            var text = keys.last! + ": " + written
            for key in keys.dropLast().reversed() { text = key + ": {" + text + "}" }
            if pairs == 0 {
                let close = source.byteOffset(document[mapping].range.end) - 1
                guard close >= 0, close < source.bytes.count, source.bytes[close] == UInt8(ascii: "}") else { return nil }
                return [source.edit(close, close, text)]
            }
            let last = byteRange(document.pair(pairs - 1, of: mapping).value).end
            return [source.edit(last, last, ", " + text)]
        }
        guard pairs > 0 else { return nil }
        let firstKey = document.pair(0, of: mapping).key
        let indent = document[firstKey].range.start.column - 1
        guard indent >= 0 else { return nil }
        let eol = source.lineEnding
        var lines: [String] = []
        for (depth, key) in keys.enumerated() {
            let pad = String(repeating: " ", count: indent + 2 * depth)
            lines.append(pad + key + ":" + (depth == keys.count - 1 ? " " + written : ""))
        }
        let text = lines.joined(separator: eol)
        let lastValue = document.pair(pairs - 1, of: mapping).value
        let end = byteRange(lastValue).end
        if document[lastValue].range.end.column == 1 || document.style(of: lastValue) == .literal
            || document.style(of: lastValue) == .folded {
            // A block scalar ends at the start of a line.
            guard source.lineStart(of: end) == end else { return nil }
            return [source.edit(end, end, text + eol)]
        }
        if let next = source.nextLineStart(after: end) { return [source.edit(next, next, text + eol)] }
        let count = source.bytes.count
        return [source.edit(count, count, eol + text)]
    }

    private func remove(_ path: ArraySlice<String>, in mapping: NodeID) -> [Edit]? {
        guard let key = path.first, document.kind(of: mapping) == .mapping, !isShared(mapping),
              let n = ownPair(key, in: mapping) else { return nil }
        if path.count > 1 { return remove(path.dropFirst(), in: document.pair(n, of: mapping).value) }
        return removePair(n, of: mapping)
    }

    /// Removes pair `n` of `mapping`; a mapping left empty is removed from the mapping holding it.
    private func removePair(_ n: Int, of mapping: NodeID) -> [Edit]? {
        let pairs = document.pairCount(of: mapping)
        if pairs == 1, let parent = document.parent(of: mapping), document.kind(of: parent) == .mapping,
           !isShared(parent) {
            for m in 0..<document.pairCount(of: parent) where document.pair(m, of: parent).value == mapping {
                return removePair(m, of: parent)
            }
            return nil
        }
        let (key, value) = document.pair(n, of: mapping)
        let keyStart = byteRange(key).start
        let valueEnd = byteRange(value).end
        if document[mapping].isFlow {
            if n > 0 {
                let previous = byteRange(document.pair(n - 1, of: mapping).value).end
                return [source.edit(previous, valueEnd, "")]
            }
            if pairs > 1 {
                let next = byteRange(document.pair(1, of: mapping).key).start
                return [source.edit(keyStart, next, "")]
            }
            return [source.edit(keyStart, valueEnd, "")]
        }
        guard pairs > 1 else { return nil }
        let lineStart = source.lineStart(of: keyStart)
        guard source.bytes[lineStart..<keyStart].allSatisfy({ $0 == 0x20 }) else { return nil }
        if document.style(of: value) == .literal || document.style(of: value) == .folded {
            guard source.lineStart(of: valueEnd) == valueEnd else { return nil }
            return [source.edit(lineStart, valueEnd, "")]
        }
        let end = source.nextLineStart(after: valueEnd) ?? source.bytes.count
        return [source.edit(lineStart, end, "")]
    }

    /// Text as a scalar: plain when YAML reads it back as the same text, else double-quoted.
    public static func render(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// A double-quoted scalar: a JSON string literal, which YAML reads back as the same text.
    static func doubleQuoted(_ text: String) -> String {
        var out = ""
        JSONString.escape(text, into: &out)
        return out
    }

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first != " ", last != " " else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if first.properties.numericType != nil || first == "+" || first == "." { return false }
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF { return false }
            if ",[]{}".unicodeScalars.contains(scalar) { return false }
        }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]
        return !reserved.contains(text.lowercased())
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

extension SpecIssue.Remedy {
    /// The fix a `spec-schema` issue's remedy asks for at `node`.
    func proposal(at node: NodeID) -> FixProposal {
        switch self {
        case .value(let token): return FixProposal(.safe, "write `\(token)`", [.replaceScalar(node, with: .token(token))])
        case .renameKey(let name): return FixProposal(.unsafe, "rename the key to `\(name)`", [.renameKey(node, to: name)])
        }
    }
}

/// Fixes of `unused-suppression`: drop the names that did nothing, or the whole comment.
enum SuppressionFix {
    static func fix(_ suppression: Suppression, keeping kept: [String], in source: FixSource) -> Fix? {
        let range = suppression.byteRange
        guard range.lowerBound < range.upperBound, range.upperBound <= source.bytes.count,
              kept.count < suppression.rules.count else { return nil }
        if kept.isEmpty {
            var start = range.lowerBound
            while start > source.bom, source.bytes[start - 1] == 0x20 || source.bytes[start - 1] == 0x09 { start -= 1 }
            let lineStart = source.lineStart(of: range.lowerBound)
            if start == lineStart {
                let end = source.nextLineStart(after: range.upperBound) ?? range.upperBound
                return Fix(applicability: .safe, title: "remove the suppression comment",
                           edits: [source.edit(lineStart, end, "")])
            }
            return Fix(applicability: .safe, title: "remove the suppression comment",
                       edits: [source.edit(start, range.upperBound, "")])
        }
        var text = "# \(suppression.directive) \(kept.joined(separator: ", "))"
        if let reason = suppression.reason { text += " -- \(reason)" }
        let dropped = suppression.rules.filter { !kept.contains($0) }.map { "`\($0)`" }.joined(separator: ", ")
        return Fix(applicability: .safe, title: "remove \(dropped) from the comment",
                   edits: [source.edit(range.lowerBound, range.upperBound, text)])
    }
}
