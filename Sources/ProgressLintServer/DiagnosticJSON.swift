#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintSupport

/// Diagnostics written as JSON by hand into one byte array: a spec with hundreds of findings is
/// published after every change, and `JSONEncoder` spent as long on that as the lint itself.
enum DiagnosticJSON {
    /// Appends `text` as a JSON string literal.
    @inline(__always)
    static func string(_ text: String, into out: inout [UInt8]) {
        JSONString.escape(text, into: &out)
    }

    /// Appends `text`, a literal with nothing to escape.
    @inline(__always)
    static func literal(_ text: StaticString, into out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends an integer's decimal digits (and a `-` when it is negative), as `String(value)` spells it.
    static func int(_ value: Int, into out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        DecimalText.withDigits(of: value) { out.append(contentsOf: $0) }
    }

    static func write(_ position: Position, into out: inout [UInt8]) {
        literal("{\"line\":", into: &out)
        int(position.line, into: &out)
        literal(",\"character\":", into: &out)
        int(position.character, into: &out)
        out.append(0x7D)
    }

    static func write(_ range: LSPRange, into out: inout [UInt8]) {
        literal("{\"start\":", into: &out)
        write(range.start, into: &out)
        literal(",\"end\":", into: &out)
        write(range.end, into: &out)
        out.append(0x7D)
    }

    static func write(_ edit: TextEdit, into out: inout [UInt8]) {
        literal("{\"range\":", into: &out)
        write(edit.range, into: &out)
        literal(",\"newText\":", into: &out)
        string(edit.newText, into: &out)
        out.append(0x7D)
    }

    static func write(_ diagnostic: LSPDiagnostic, into out: inout [UInt8]) {
        literal("{\"range\":", into: &out)
        write(diagnostic.range, into: &out)
        literal(",\"severity\":", into: &out)
        int(diagnostic.severity, into: &out)
        literal(",\"code\":", into: &out)
        string(diagnostic.code, into: &out)
        if let description = diagnostic.codeDescription {
            literal(",\"codeDescription\":{\"href\":", into: &out)
            string(description.href, into: &out)
            out.append(0x7D)
        }
        literal(",\"source\":", into: &out)
        string(diagnostic.source, into: &out)
        literal(",\"message\":", into: &out)
        string(diagnostic.message, into: &out)
        if let fix = diagnostic.data?.fix {
            literal(",\"data\":{\"fix\":{\"title\":", into: &out)
            string(fix.title, into: &out)
            literal(",\"applicability\":", into: &out)
            string(fix.applicability, into: &out)
            literal(",\"edits\":[", into: &out)
            for (i, edit) in fix.edits.enumerated() {
                if i > 0 { out.append(0x2C) }
                write(edit, into: &out)
            }
            literal("]}}", into: &out)
        }
        out.append(0x7D)
    }

    static func write(_ diagnostics: [LSPDiagnostic], into out: inout [UInt8]) {
        out.append(0x5B)
        for (i, diagnostic) in diagnostics.enumerated() {
            if i > 0 { out.append(0x2C) }
            write(diagnostic, into: &out)
        }
        out.append(0x5D)
    }

    /// About how many bytes a diagnostic takes, to reserve room once.
    static let bytesPerDiagnostic = 400

    /// The body of a `textDocument/publishDiagnostics` notification.
    static func publish(uri: String, version: Int?, _ diagnostics: [LSPDiagnostic]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + uri.utf8.count + diagnostics.count * bytesPerDiagnostic)
        literal("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":", into: &out)
        string(uri, into: &out)
        if let version {
            literal(",\"version\":", into: &out)
            int(version, into: &out)
        }
        literal(",\"diagnostics\":", into: &out)
        write(diagnostics, into: &out)
        literal("}}", into: &out)
        return out
    }

    /// The body of a response whose result is a full document diagnostic report.
    static func report(id: JSON, _ diagnostics: [LSPDiagnostic]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + diagnostics.count * bytesPerDiagnostic)
        literal("{\"jsonrpc\":\"2.0\",\"id\":", into: &out)
        out += Array((try? JSONCoding.encode(id)) ?? Data("null".utf8))
        literal(",\"result\":{\"kind\":\"full\",\"items\":", into: &out)
        write(diagnostics, into: &out)
        literal("}}", into: &out)
        return out
    }
}
