#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Diagnostics written as JSON by hand: a spec with hundreds of findings is published after every
/// change, and `JSONEncoder` spent as long on that as the lint itself. The same members as the
/// `Codable` types (which stay for reading and for the other messages).
enum DiagnosticJSON {
    /// Appends `text` as a JSON string literal, escaped as the reports escape theirs (quotes,
    /// backslashes, C0 and C1 controls, DEL, U+2028/U+2029, U+FEFF, and the `[` of `##[`); text
    /// with none of those is copied as it is.
    static func string(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            out.append(0x22)
            var hashes = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                defer { hashes = byte == 0x23 ? hashes + 1 : 0 }
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0x09: out += [0x5C, 0x74]
                case 0x5B where hashes >= 2: out += Array("\\u005b".utf8)
                case 0x00..<0x20, 0x7F: out += unicodeEscape(UInt32(byte))
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                    out += unicodeEscape(UInt32(bytes[i + 1]))
                    i += 1
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    out += unicodeEscape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                    i += 2
                case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF:
                    out += unicodeEscape(0xFEFF)
                    i += 2
                default: out.append(byte)
                }
                i += 1
            }
            out.append(0x22)
        }
    }

    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let hex = String(value, radix: 16)
        return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }

    static func write(_ position: Position, into out: inout [UInt8]) {
        out += Array("{\"line\":\(position.line),\"character\":\(position.character)}".utf8)
    }

    static func write(_ range: LSPRange, into out: inout [UInt8]) {
        out += Array("{\"start\":".utf8)
        write(range.start, into: &out)
        out += Array(",\"end\":".utf8)
        write(range.end, into: &out)
        out += Array("}".utf8)
    }

    static func write(_ edit: TextEdit, into out: inout [UInt8]) {
        out += Array("{\"range\":".utf8)
        write(edit.range, into: &out)
        out += Array(",\"newText\":".utf8)
        string(edit.newText, into: &out)
        out += Array("}".utf8)
    }

    static func write(_ diagnostic: LSPDiagnostic, into out: inout [UInt8]) {
        out += Array("{\"range\":".utf8)
        write(diagnostic.range, into: &out)
        out += Array(",\"severity\":\(diagnostic.severity),\"code\":".utf8)
        string(diagnostic.code, into: &out)
        if let description = diagnostic.codeDescription {
            out += Array(",\"codeDescription\":{\"href\":".utf8)
            string(description.href, into: &out)
            out += Array("}".utf8)
        }
        out += Array(",\"source\":".utf8)
        string(diagnostic.source, into: &out)
        out += Array(",\"message\":".utf8)
        string(diagnostic.message, into: &out)
        if let fix = diagnostic.data?.fix {
            out += Array(",\"data\":{\"fix\":{\"title\":".utf8)
            string(fix.title, into: &out)
            out += Array(",\"applicability\":".utf8)
            string(fix.applicability, into: &out)
            out += Array(",\"edits\":[".utf8)
            for (i, edit) in fix.edits.enumerated() {
                if i > 0 { out += Array(",".utf8) }
                write(edit, into: &out)
            }
            out += Array("]}}".utf8)
        }
        out += Array("}".utf8)
    }

    static func write(_ diagnostics: [LSPDiagnostic], into out: inout [UInt8]) {
        out += Array("[".utf8)
        for (i, diagnostic) in diagnostics.enumerated() {
            if i > 0 { out += Array(",".utf8) }
            write(diagnostic, into: &out)
        }
        out += Array("]".utf8)
    }

    /// The body of a `textDocument/publishDiagnostics` notification.
    static func publish(uri: String, version: Int?, _ diagnostics: [LSPDiagnostic]) -> Data {
        var out: [UInt8] = []
        out += Array("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":".utf8)
        out.reserveCapacity(64 + diagnostics.count * 320)
        string(uri, into: &out)
        if let version { out += Array(",\"version\":\(version)".utf8) }
        out += Array(",\"diagnostics\":".utf8)
        write(diagnostics, into: &out)
        out += Array("}}".utf8)
        return Data(out)
    }

    /// The body of a response whose result is a full document diagnostic report.
    static func report(id: JSON, _ diagnostics: [LSPDiagnostic]) -> Data {
        var out: [UInt8] = []
        out += Array("{\"jsonrpc\":\"2.0\",\"id\":".utf8)
        out.reserveCapacity(64 + diagnostics.count * 320)
        out += Array((try? JSONCoding.encode(id)) ?? Data("null".utf8))
        out += Array(",\"result\":{\"kind\":\"full\",\"items\":".utf8)
        write(diagnostics, into: &out)
        out += Array("}}".utf8)
        return Data(out)
    }
}
