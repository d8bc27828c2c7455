import Foundation
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
            path = String(uri.dropFirst("file://".count)).removingPercentEncoding
        } else {
            path = nil
        }
        return path.flatMap(absolute(_:))
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
