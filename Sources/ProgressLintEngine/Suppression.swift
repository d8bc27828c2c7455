#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintSpec
import ProgressLintYAML

/// An inline suppression comment: `# progress-lint-disable-next-line RULE[, RULE…] [-- reason]`.
public struct Suppression: Hashable, Sendable {
    /// What the comment covers.
    public enum Scope: String, Sendable {
        case nextLine = "disable-next-line"
        case line = "disable-line"
        case file = "disable-file"
    }

    /// What the comment covers; nil for a directive that is not one of the three.
    public var scope: Scope?
    /// The directive as written, e.g. `progress-lint-disable-lines`.
    public var directive: String
    /// The rule ids it names.
    public var rules: [String]
    /// The text after `--`, if any.
    public var reason: String?
    /// Where the comment's `#` is.
    public var position: SourcePosition
    /// The comment's bytes in the file, from its `#` to the end of its line (for fixes).
    public var byteRange: Range<Int> = 0..<0

    /// A suppression read back (from the cache).
    package init(scope: Scope?, directive: String, rules: [String], reason: String?, position: SourcePosition,
                 byteRange: Range<Int> = 0..<0) {
        self.scope = scope
        self.directive = directive
        self.rules = rules
        self.reason = reason
        self.position = position
        self.byteRange = byteRange
    }
}

/// Finds `# progress-lint-disable…` comments by scanning the text (libyaml reports no comments),
/// skipping a `#` inside a scalar.
public enum SuppressionScanner {
    static let prefix = Array("progress-lint-disable".utf8)

    /// The suppression comments of `bytes`, given the parsed documents' scalars.
    public static func scan(_ bytes: [UInt8], documents: [YAMLDocument]) -> [Suppression] {
        var index = SuppressionIndex(candidates(bytes))
        for document in documents { index.exclude(scalarsOf: document) }
        return index.comments
    }

    /// Every `# progress-lint-disable…` comment-like text of `bytes`, in source order, before
    /// any is found to lie inside a scalar (``SuppressionIndex/exclude(scalarsOf:)`` does that).
    /// A UTF-8 byte order mark at the start takes no column.
    public static func candidates(_ bytes: [UInt8]) -> [Suppression] {
        // Most files have no suppression at all: a fast search for `#` followed by the directive says so.
        let mentioned = bytes.withUnsafeBufferPointer { text -> Bool in
            guard let base = text.baseAddress else { return false }
            var offset = 0
            while offset < text.count, let hit = memchr(base + offset, Int32(UInt8(ascii: "#")), text.count - offset) {
                var i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
                if matchesPrefix(bytes, at: i) { return true }
                offset = i
            }
            return false
        }
        guard mentioned else { return [] }
        var found: [Suppression] = []
        var line = 1
        // The byte order mark is not content: a `#` right after it starts the line.
        let bom = YAMLParser.byteOrderMarkLength(bytes)
        var lineStart = bom
        var i = bom
        let count = bytes.count
        let first = prefix[0]
        while i < count {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            guard byte == first, matchesPrefix(bytes, at: i) else {
                i += 1
                continue
            }
            // Back over spaces to the `#`, which must start the line or follow white space.
            var hash = i - 1
            while hash >= lineStart, bytes[hash] == 0x20 || bytes[hash] == 0x09 { hash -= 1 }
            guard hash >= lineStart, bytes[hash] == UInt8(ascii: "#"),
                  hash == lineStart || bytes[hash - 1] == 0x20 || bytes[hash - 1] == 0x09
            else {
                i += 1
                continue
            }
            let column = TextPosition.of(byteOffset: hash, in: bytes, from: lineStart).column
            let position = SourcePosition(line: line, column: column, characterOffset: 0)
            var end = i
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            var suppression = parse(String(decoding: bytes[i..<end], as: UTF8.self), at: position)
            suppression.byteRange = hash..<end
            found.append(suppression)
            i = end
        }
        return found
    }

    private static func matchesPrefix(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i + prefix.count <= bytes.count else { return false }
        for j in 0..<prefix.count where bytes[i + j] != prefix[j] { return false }
        return true
    }

    /// Parses the comment text from `progress-lint-disable…` to the end of the line.
    static func parse(_ text: String, at position: SourcePosition) -> Suppression {
        var body = Substring(text)
        var reason: String?
        if let dashes = body.firstRange(of: "--"), dashes.lowerBound > body.startIndex,
           body[body.index(before: dashes.lowerBound)] == " " || body[body.index(before: dashes.lowerBound)] == "\t"
        {
            reason = String(body[dashes.upperBound...].trimmingSpaces)
            body = body[..<dashes.lowerBound]
        }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let directive = words.first.map(String.init) ?? ""
        let scope = Suppression.Scope(rawValue: String(directive.dropFirst("progress-lint-".count)))
        let rules = words.dropFirst().joined(separator: " ")
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map(String.init)
        return Suppression(scope: scope, directive: directive, rules: rules, reason: reason?.isEmpty == true ? nil : reason,
                           position: position)
    }
}

/// A file's suppression comments, indexed so that asking whether one covers a diagnostic costs
/// the same however many there are: line-scoped ones by the line they cover and the rule, file-wide
/// ones by rule. Comment-like text found inside a scalar is taken out document by document, as the
/// documents are read (a comment can only cover lines of its own document or the next).
public struct SuppressionIndex {
    /// One rule name of one comment.
    struct Reference: Hashable {
        let comment: Int32
        let rule: Int32
    }

    private struct LineKey: Hashable {
        let line: Int
        let rule: String
    }

    /// Every candidate comment, in source order.
    public private(set) var candidates: [Suppression]
    /// Candidates found inside a scalar: not comments.
    private var inside: [Bool]
    /// Candidates before this one have been checked against the scalars read so far.
    private var checked = 0
    private var byLine: [LineKey: [Reference]] = [:]
    private var fileWide: [String: [Reference]] = [:]
    /// The rule names that suppressed something.
    private(set) var used: Set<Reference> = []

    /// Indexes `candidates` (in source order); rules for which `include` is false are left out.
    public init(_ candidates: [Suppression], include: (String) -> Bool = { _ in true }) {
        self.candidates = candidates
        self.inside = Array(repeating: false, count: candidates.count)
        for (c, candidate) in candidates.enumerated() {
            guard let scope = candidate.scope else { continue }
            for (r, rule) in candidate.rules.enumerated() where include(rule) {
                let reference = Reference(comment: Int32(truncatingIfNeeded: c), rule: Int32(truncatingIfNeeded: r))
                switch scope {
                case .file: fileWide[rule, default: []].append(reference)
                case .line: byLine[LineKey(line: candidate.position.line, rule: rule), default: []].append(reference)
                case .nextLine:
                    let (line, overflow) = candidate.position.line.addingReportingOverflow(1)
                    if !overflow { byLine[LineKey(line: line, rule: rule), default: []].append(reference) }
                }
            }
        }
    }

    /// Whether any candidate is file-wide: such a comment may cover lines read before its own
    /// document, so its candidates must be checked against every scalar before linting starts.
    public var hasFileWide: Bool { !fileWide.isEmpty }

    /// The candidates that are comments (checked, or not yet known to lie inside a scalar).
    public var comments: [Suppression] {
        var result: [Suppression] = []
        for (c, candidate) in candidates.enumerated() where !inside[c] { result.append(candidate) }
        return result
    }

    /// Takes out the candidates that lie inside a scalar of `document`. Documents come in source
    /// order, and so do their scalars: one pass over both.
    public mutating func exclude(scalarsOf document: YAMLDocument) {
        guard checked < candidates.count else { return }
        document.forEachScalarRange { range in
            while checked < candidates.count, candidates[checked].position < range.start { checked += 1 }
            while checked < candidates.count, candidates[checked].position < range.end {
                inside[checked] = true
                checked += 1
            }
        }
    }

    /// Forgets the candidates after `position` (a parse stopped there: nothing after it is read).
    public mutating func dropCandidates(after position: SourcePosition) {
        for c in candidates.indices where position < candidates[c].position { inside[c] = true }
    }

    /// Whether a comment covers a diagnostic of `rule` on `line`; every such comment counts as used.
    public mutating func suppresses(rule: String, line: Int) -> Bool {
        var suppressed = false
        if let references = byLine[LineKey(line: line, rule: rule)] {
            for reference in references where !inside[Int(reference.comment)] {
                used.insert(reference)
                suppressed = true
            }
        }
        if let references = fileWide[rule] {
            for reference in references where !inside[Int(reference.comment)] {
                used.insert(reference)
                suppressed = true
            }
        }
        return suppressed
    }

    /// Whether rule number `rule` of candidate `comment` suppressed something.
    func isUsed(comment: Int, rule: Int) -> Bool {
        used.contains(Reference(comment: Int32(truncatingIfNeeded: comment), rule: Int32(truncatingIfNeeded: rule)))
    }

    /// Whether candidate `comment` is a comment (not text inside a scalar).
    func isComment(_ comment: Int) -> Bool { !inside[comment] }
}
