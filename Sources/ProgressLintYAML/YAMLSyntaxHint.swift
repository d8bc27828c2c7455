import ProgressLintSupport

/// Advice added to libyaml's messages where the cause is a common slip.
public enum YAMLSyntaxHint {
    static let mappingValues = "mapping values are not allowed in this context"

    /// `error`'s message, with advice when it is a known slip: an unquoted `: ` inside a plain value
    /// (`label: Step 2: Upload`) gets "quote it" with the quoted line.
    public static func message(for error: YAMLError, in bytes: [UInt8]) -> String {
        guard error.kind == .syntax, error.message == mappingValues,
              let line = line(error.position.line, of: bytes),
              let (key, value, valueColumn) = plainPair(line), error.position.column > valueColumn
        else { return error.message }
        return "\(error.message); if `\(value)` is one text, quote it: `\(key): \(quoted(value))`"
    }

    /// The text of the 1-based `number`th line, without its line break; nil past the end or if not UTF-8.
    static func line(_ number: Int, of bytes: [UInt8]) -> String? {
        guard let range = LineBreaks.line(number, of: bytes) else { return nil }
        return String(validating: bytes[range], as: UTF8.self)
    }

    /// `key: value` on a block line (after any `- `), when the value is a plain scalar holding `: `;
    /// with the 1-based column (in characters) where the value starts.
    static func plainPair(_ line: String) -> (key: Substring, value: Substring, column: Int)? {
        var rest = Substring(line)
        func skipSpaces() { rest = rest.drop { $0 == " " } }
        skipSpaces()
        while rest.hasPrefix("- ") { rest = rest.dropFirst(2); skipSpaces() }
        guard let first = rest.first, !"\"'{[#&*!|>%@`?-".contains(first) else { return nil }
        var separator: Substring.Index?
        var i = rest.startIndex
        while i < rest.endIndex {
            let next = rest.index(after: i)
            if rest[i] == ":" && next < rest.endIndex && rest[next] == " " { separator = i; break }
            if rest[i] == " " && next < rest.endIndex && rest[next] == "#" { return nil }
            i = next
        }
        guard let separator else { return nil }
        let key = rest[..<separator]
        var value = rest[rest.index(after: separator)...].drop { $0 == " " }
        guard let start = value.first, !"\"'{[#&*!|>%@`".contains(start) else { return nil }
        let column = line.distance(from: line.startIndex, to: value.startIndex) + 1
        // A comment ends the value: ` #`.
        var j = value.startIndex
        while j < value.endIndex {
            let next = value.index(after: j)
            if value[j] == " " && next < value.endIndex && value[next] == "#" { value = value[..<j]; break }
            j = next
        }
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        guard value.contains(":") else { return nil }
        return (key, value, column)
    }

    /// `value` in double quotes (or single quotes when it holds a double quote and no single one).
    static func quoted(_ value: Substring) -> String {
        if !value.contains("\"") && !value.contains("\\") { return "\"\(value)\"" }
        if !value.contains("'") { return "'\(value)'" }
        var out = "\""
        for c in value {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
