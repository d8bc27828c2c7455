import ProgressLintSupport

/// Writes JSON as it goes, indented by two spaces with keys in the order written (stable,
/// diffable output), straight into a ``ReportStream``: no tree of values is built first. The
/// JSON reports and the schemas go through it (a baseline's few lines are written by the baseline).
public struct JSONWriter {
    /// Where the text goes.
    public var out: ReportStream
    /// The open arrays and objects, innermost last, with how many members each has so far.
    @usableFromInline var open: [(isArray: Bool, members: Int)] = []
    /// Whether a key was just written, so the value follows it on the same line.
    @usableFromInline var afterKey = false

    /// A writer into `out`.
    public init(_ out: ReportStream = ReportStream()) {
        self.out = out
    }

    /// Starts an object; members are written with ``key(_:)`` and a value each.
    @inlinable public mutating func beginObject() {
        beforeValue()
        open.append((false, 0))
    }

    /// Starts an array.
    @inlinable public mutating func beginArray() {
        beforeValue()
        open.append((true, 0))
    }

    /// Ends the innermost object or array.
    @inlinable public mutating func end() {
        let (isArray, members) = open.removeLast()
        if members == 0 {
            out.write(ascii: isArray ? "[]" : "{}")
        } else {
            newline(open.count, comma: false)
            out.write(byte: isArray ? 0x5D : 0x7D)
        }
    }

    /// Writes an object's key; its value is written next.
    @inlinable public mutating func key(_ key: String) {
        beforeValue()
        JSONString.escape(key, into: &out)
        out.write(ascii: ": ")
        afterKey = true
    }

    /// Writes an object's key given as a literal: when its bytes need no escape (as every key the
    /// reports write), copied as they are between the quotes, with no `String` made or scanned.
    @inlinable public mutating func key(literal key: StaticString) {
        beforeValue()
        key.withUTF8Buffer { bytes in
            if bytes.allSatisfy({ $0 &- 0x20 < 0x5F && $0 != 0x22 && $0 != 0x5C && $0 != 0x5B }) {
                out.write(plainKey: bytes)
            } else {
                var hashes = 0
                out.write(byte: 0x22)
                JSONString.escapeContents(bytes, hashes: &hashes, into: &out)
                out.write(ascii: "\": ")
            }
        }
        afterKey = true
    }

    /// Writes a string.
    @inlinable public mutating func string(_ value: String) {
        beforeValue()
        JSONString.escape(value, into: &out)
    }

    /// Writes a string, or null.
    @inlinable public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes one string made of `parts` one after another, escaped as their concatenation would
    /// be, without joining them first.
    public mutating func string(joining parts: String...) {
        beforeValue()
        out.write(byte: 0x22)
        var hashes = 0
        for part in parts { JSONString.escapeContents(part, hashes: &hashes, into: &out) }
        out.write(byte: 0x22)
    }

    /// Writes an integer.
    @inlinable public mutating func int(_ value: Int) {
        beforeValue()
        out.write(int: value)
    }

    /// Writes a number (null when it is not finite).
    public mutating func double(_ value: Double) {
        beforeValue()
        guard value.isFinite else { return out.write(ascii: "null") }
        out.write(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
    }

    /// Writes true or false.
    @inlinable public mutating func bool(_ value: Bool) {
        beforeValue()
        out.write(ascii: value ? "true" : "false")
    }

    /// Writes null.
    @inlinable public mutating func null() {
        beforeValue()
        out.write(ascii: "null")
    }

    /// Writes a value built as a tree.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let s): string(s)
        case .int(let i): int(i)
        case .double(let d): double(d)
        case .bool(let b): bool(b)
        case .null: null()
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            end()
        case .object(let pairs):
            beginObject()
            for (name, item) in pairs {
                key(name)
                self.value(item)
            }
            end()
        }
    }

    /// Writes a value whose text `body` writes whole, as this writer would at nesting `level`
    /// (its members indented by 2 × (`level` + 1) spaces, its closing bracket by 2 × `level`),
    /// after the separator and indentation its place needs: for a report part written from
    /// stored bytes at the speed of copying them.
    public mutating func value(writtenBy body: (inout ReportStream, _ level: Int) -> Void) {
        beforeValue()
        body(&out, open.count)
    }

    /// Before a value or key: the separator and indentation its container needs.
    @inlinable mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard !open.isEmpty else { return }
        let last = open.count - 1
        let first = open[last].members == 0
        if first { out.write(byte: open[last].isArray ? 0x5B : 0x7B) }
        open[last].members += 1
        newline(open.count, comma: !first)
    }

    /// Writes a line break (after a comma when `comma`) and the indentation of `level`.
    @inlinable mutating func newline(_ level: Int, comma: Bool) {
        out.write(lineBreakAfterComma: comma, spaces: 2 * level)
    }
}

/// A report's stream takes JSON strings from the one escaper (``JSONString``) directly.
extension ReportStream: JSONByteSink {}

/// A JSON value built as a tree, for small documents (a SARIF rule, the spec's schema).
public indirect enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// An optional string, or null.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// The JSON text, indented by two spaces.
    public func rendered() -> String {
        var writer = JSONWriter()
        writer.value(self)
        writer.out.write(byte: 0x0A)
        return writer.out.text
    }
}

extension ReportStream {
    /// Writes one JSON document, ending in a newline.
    public mutating func writeJSON(_ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter()
        swap(&writer.out, &self)
        body(&writer)
        writer.out.write(byte: 0x0A)
        swap(&writer.out, &self)
    }
}
