import Foundation
import ProgressLintEngine
import ProgressLintRun
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

    /// Applies one `didChange` content change: the whole text, or a range replaced. A range out of
    /// the text is clamped to it (a start after the end is taken as the end).
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
        guard let range = change.range else {
            index = TextIndex(Array(change.text.utf8))
            return
        }
        let start = index.byteOffset(of: range.start, encoding)
        let end = max(start, index.byteOffset(of: range.end, encoding))
        var bytes = index.bytes
        bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
        index = TextIndex(bytes)
    }
}

/// `file:` URIs and paths.
enum DocumentURI {
    /// The path of a `file:` URI (percent-decoded), nil for another scheme.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else {
            // A URI with characters URL does not accept (spaces unescaped) still names a file.
            if uri.hasPrefix("file://") { return String(uri.dropFirst("file://".count)).removingPercentEncoding }
            return nil
        }
        let path = url.path
        return path.isEmpty ? nil : path
    }

    /// The `file:` URI of an absolute path.
    static func uri(of path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
