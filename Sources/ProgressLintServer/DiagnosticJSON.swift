import Foundation
import ProgressLintSupport

/// Diagnostics written as JSON by hand: a spec with hundreds of findings is published after every
/// change, and `JSONEncoder` spent as long on that as the lint itself. The same members as the
/// `Codable` types (which stay for reading and for the other messages).
enum DiagnosticJSON {
    static func write(_ position: Position, into out: inout String) {
        out += "{\"line\":\(position.line),\"character\":\(position.character)}"
    }

    static func write(_ range: LSPRange, into out: inout String) {
        out += "{\"start\":"
        write(range.start, into: &out)
        out += ",\"end\":"
        write(range.end, into: &out)
        out += "}"
    }

    static func write(_ edit: TextEdit, into out: inout String) {
        out += "{\"range\":"
        write(edit.range, into: &out)
        out += ",\"newText\":"
        JSONString.escape(edit.newText, into: &out)
        out += "}"
    }

    static func write(_ diagnostic: LSPDiagnostic, into out: inout String) {
        out += "{\"range\":"
        write(diagnostic.range, into: &out)
        out += ",\"severity\":\(diagnostic.severity),\"code\":"
        JSONString.escape(diagnostic.code, into: &out)
        if let description = diagnostic.codeDescription {
            out += ",\"codeDescription\":{\"href\":"
            JSONString.escape(description.href, into: &out)
            out += "}"
        }
        out += ",\"source\":"
        JSONString.escape(diagnostic.source, into: &out)
        out += ",\"message\":"
        JSONString.escape(diagnostic.message, into: &out)
        if let fix = diagnostic.data?.fix {
            out += ",\"data\":{\"fix\":{\"title\":"
            JSONString.escape(fix.title, into: &out)
            out += ",\"applicability\":"
            JSONString.escape(fix.applicability, into: &out)
            out += ",\"edits\":["
            for (i, edit) in fix.edits.enumerated() {
                if i > 0 { out += "," }
                write(edit, into: &out)
            }
            out += "]}}"
        }
        out += "}"
    }

    static func write(_ diagnostics: [LSPDiagnostic], into out: inout String) {
        out += "["
        for (i, diagnostic) in diagnostics.enumerated() {
            if i > 0 { out += "," }
            write(diagnostic, into: &out)
        }
        out += "]"
    }

    /// The body of a `textDocument/publishDiagnostics` notification.
    static func publish(uri: String, version: Int?, _ diagnostics: [LSPDiagnostic]) -> Data {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":"
        out.reserveCapacity(64 + diagnostics.count * 320)
        JSONString.escape(uri, into: &out)
        if let version { out += ",\"version\":\(version)" }
        out += ",\"diagnostics\":"
        write(diagnostics, into: &out)
        out += "}}"
        return Data(out.utf8)
    }

    /// The body of a response whose result is a full document diagnostic report.
    static func report(id: JSON, _ diagnostics: [LSPDiagnostic]) -> Data {
        var out = "{\"jsonrpc\":\"2.0\",\"id\":"
        out.reserveCapacity(64 + diagnostics.count * 320)
        out += String(decoding: (try? JSONCoding.encode(id)) ?? Data("null".utf8), as: UTF8.self)
        out += ",\"result\":{\"kind\":\"full\",\"items\":"
        write(diagnostics, into: &out)
        out += "}}"
        return Data(out.utf8)
    }
}
