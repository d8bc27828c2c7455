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

    /// Whether this comment covers a diagnostic of `rule` on `line`.
    public func covers(rule: String, line: Int) -> Bool {
        guard rules.contains(rule), let scope else { return false }
        switch scope {
        case .file: return true
        case .line: return line == position.line
        case .nextLine: return line == position.line + 1
        }
    }
}

/// Finds suppression comments in a file's text.
///
/// libyaml does not report comments, so the text is scanned for
/// `# progress-lint-disable…`; a `#` inside any scalar (a quoted label, say)
/// is not a comment and is skipped.
public enum SuppressionScanner {
    static let prefix = Array("progress-lint-disable".utf8)

    /// The suppression comments of `bytes`, given the parsed documents' scalars.
    public static func scan(_ bytes: [UInt8], documents: [YAMLDocument]) -> [Suppression] {
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
        var scalarRanges: [SourceRange]?
        var line = 1
        var lineStart = 0
        var i = 0
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
            let column = characterCount(bytes, from: lineStart, to: hash) + 1
            let position = SourcePosition(line: line, column: column, characterOffset: 0)
            if scalarRanges == nil { scalarRanges = collectScalarRanges(documents) }
            if scalarRanges!.contains(where: { $0.start <= position && position < $0.end }) {
                i += 1
                continue
            }
            var end = i
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            found.append(parse(String(decoding: bytes[i..<end], as: UTF8.self), at: position))
            i = end
        }
        return found
    }

    private static func matchesPrefix(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i + prefix.count <= bytes.count else { return false }
        for j in 0..<prefix.count where bytes[i + j] != prefix[j] { return false }
        return true
    }

    private static func characterCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var n = 0
        for k in start..<end where bytes[k] & 0xC0 != 0x80 { n += 1 }
        return n
    }

    private static func collectScalarRanges(_ documents: [YAMLDocument]) -> [SourceRange] {
        var ranges: [SourceRange] = []
        for document in documents {
            for id in document.nodeIDs {
                let node = document[id]
                if node.kind == .scalar && node.range.start != node.range.end { ranges.append(node.range) }
            }
        }
        return ranges
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
