#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintSupport
import ProgressLintWorkspace

/// An open document: its text as the editor has it, and its last lint.
struct Document {
    let uri: String
    /// The file's path (nil for a URI that is not `file:`).
    let path: String?
    var version: Int
    var index: TextIndex
    /// The lint of ``version``: the engine's diagnostics (with byte-level fixes) and what LSP gets.
    var lint: Lint?

    struct Lint {
        var version: Int
        var diagnostics: [Diagnostic]
        var published: [LSPDiagnostic]
    }

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.index = TextIndex(Array(text.utf8))
    }

    /// Applies one `didChange` content change: the whole text, or a range replaced in place (the
    /// text is not copied). A range out of the text is clamped to it (a start after the end is
    /// taken as the end).
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
        guard let range = change.range else {
            index = TextIndex(Array(change.text.utf8))
            return
        }
        let start = index.byteOffset(of: range.start, encoding)
        let end = max(start, index.byteOffset(of: range.end, encoding))
        index.replace(start..<end, with: change.text.utf8)
    }
}

/// `file:` URIs and paths.
enum DocumentURI {
    /// The path of a `file:` URI (percent-decoded and normalized), nil for another scheme or for a
    /// path that is not absolute (`file:x/y.yaml`): such a path names no folder to look for
    /// configurations in, and Foundation's path arithmetic traps on some relative paths (`x/`).
    static func path(of uri: String) -> String? {
        let path: String?
        if let url = URL(string: uri), url.isFileURL {
            path = url.path
        } else if uri.hasPrefix("file://") {
            // A URI with characters URL does not accept (spaces unescaped) still names a file.
            path = percentDecoded(uri.dropFirst("file://".count))
        } else {
            path = nil
        }
        return path.flatMap(absolute(_:))
    }

    /// `text` with its `%XX` escapes decoded; nil when an escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            guard utf8[i] == 0x25 else {
                bytes.append(utf8[i])
                i += 1
                continue
            }
            guard i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) else { return nil }
            bytes.append(high << 4 | low)
            i += 3
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `path` normalized when it is absolute, nil otherwise.
    static func absolute(_ path: String) -> String? {
        path.hasPrefix("/") ? PathText.normalize(path) : nil
    }

    /// The `file:` URI of an absolute path.
    static func uri(of path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
