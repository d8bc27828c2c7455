#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The LSP 3.17 messages the server reads and writes, as `Codable` types. Members the server does
// not use are left out; free-form ones (capabilities, settings, `data`) are ``JSON``.

/// A position: 0-based line, and character in the agreed ``PositionEncoding``.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A range `[start, end)`.
public struct LSPRange: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
    /// Whether the two ranges share a position (touching counts).
    func touches(_ other: LSPRange) -> Bool { !(end < other.start || other.end < start) }
}

struct TextDocumentIdentifier: Codable { var uri: String }
struct VersionedTextDocumentIdentifier: Codable, Equatable {
    var uri: String
    var version: Int?
}
struct TextDocumentItem: Codable, Equatable {
    var uri: String
    var languageId: String?
    var version: Int
    var text: String
}
struct DidOpenTextDocumentParams: Codable, Equatable { var textDocument: TextDocumentItem }
struct TextDocumentContentChangeEvent: Codable, Equatable {
    var range: LSPRange?
    var text: String
}
struct DidChangeTextDocumentParams: Codable, Equatable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [TextDocumentContentChangeEvent]
}
struct DidCloseTextDocumentParams: Codable { var textDocument: TextDocumentIdentifier }
struct DidSaveTextDocumentParams: Codable {
    var textDocument: TextDocumentIdentifier
    var text: String?
}
struct TextDocumentPositionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}
struct DocumentDiagnosticParams: Codable {
    var textDocument: TextDocumentIdentifier
    var previousResultId: String?
}
struct DidChangeConfigurationParams: Codable { var settings: JSON? }
struct CancelParams: Codable { var id: JSON }

struct WorkspaceFolder: Codable {
    var uri: String
    var name: String?
}
struct ClientInfo: Codable {
    var name: String
    var version: String?
}
struct InitializeParams: Codable {
    var processId: Int?
    var rootUri: String?
    var rootPath: String?
    var capabilities: JSON?
    var initializationOptions: JSON?
    var workspaceFolders: [WorkspaceFolder]?
    var clientInfo: ClientInfo?
}

/// `codeDescription`: where the rule's page is.
struct CodeDescription: Codable, Hashable { var href: String }

/// A diagnostic as LSP has it.
public struct LSPDiagnostic: Codable, Hashable, Sendable {
    public var range: LSPRange
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    /// The rule id.
    public var code: String
    var codeDescription: CodeDescription?
    public var source: String
    public var message: String
    /// The fix, when there is one.
    var data: DiagnosticData?
}

/// What a diagnostic's `data` holds: its fix in LSP terms, so a client can apply it from the diagnostic alone.
struct DiagnosticData: Codable, Hashable {
    struct FixData: Codable, Hashable {
        var title: String
        /// `safe`, `unsafe` or `display-only`.
        var applicability: String
        var edits: [TextEdit]
    }
    var fix: FixData?
}

struct FullDocumentDiagnosticReport: Codable {
    var kind = "full"
    var resultId: String?
    var items: [LSPDiagnostic]
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var newText: String
}
struct WorkspaceEdit: Codable, Hashable {
    var changes: [String: [TextEdit]]?
    /// With a file to create (when the client supports it): operations and edits in order.
    var documentChanges: [JSON]?

    init(changes: [String: [TextEdit]]?, documentChanges: [JSON]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}

struct CodeActionContext: Codable {
    /// As the client has them (Neovim 0.7 sends them without ranges): not read, the server's own lint is.
    var diagnostics: [JSON]?
    var only: [String]?
}
struct CodeActionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
    var context: CodeActionContext
}
struct CodeActionDisabled: Codable, Hashable { var reason: String }
struct CodeAction: Codable, Hashable {
    var title: String
    var kind: String
    var diagnostics: [LSPDiagnostic]?
    var isPreferred: Bool?
    var disabled: CodeActionDisabled?
    var edit: WorkspaceEdit?
}

struct MarkupContent: Codable {
    var kind = "markdown"
    var value: String
}
struct Hover: Codable {
    var contents: MarkupContent
    var range: LSPRange?
}

struct CompletionItem: Codable {
    var label: String
    /// 12: Value.
    var kind: Int = 12
    var detail: String?
    /// A `MarkupContent`, or a plain string for a client that names no documentation format.
    var documentation: JSON?
    var textEdit: TextEdit?
}
struct CompletionList: Codable {
    var isIncomplete = false
    var items: [CompletionItem]
}

struct ShowMessageParams: Codable {
    /// 1 error, 2 warning, 3 info, 4 log.
    var type: Int
    var message: String
}

struct ProgressParams<Value: Encodable>: Encodable {
    var token: String
    var value: Value
}
struct WorkDoneProgressBegin: Encodable {
    var kind = "begin"
    var title: String
    var percentage: Int?
}
struct WorkDoneProgressEnd: Encodable {
    var kind = "end"
    var message: String?
}

// The JSON-RPC envelopes.

/// Any message read: a request (id and method), a notification (method) or a response (id, result
/// or error). Its `params` are decoded from ``body`` when it is handled, straight into their type.
struct IncomingMessage: Decodable {
    var id: JSON?
    var method: String?
    var error: JSON?
    /// Whether it has a `result` (a response; its value, even null, is not kept).
    var hasResult = false
    /// The message as read.
    var body = Data()
    /// The params of a `textDocument/didChange` or `textDocument/didOpen`, decoded with the message:
    /// they carry a document's text, which is then read once, not once for the envelope and
    /// again for the params (nil when they do not have that shape: decoded again, to say so).
    var didChange: DidChangeTextDocumentParams?
    var didOpen: DidOpenTextDocumentParams?

    enum CodingKeys: String, CodingKey { case id, method, error, params, result }

    /// A message with nothing read yet (``DocumentMessageReader`` fills it in).
    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(JSON.self, forKey: .id)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        error = try container.decodeIfPresent(JSON.self, forKey: .error)
        hasResult = container.contains(.result)
        switch method {
        case "textDocument/didChange": didChange = try? container.decode(DidChangeTextDocumentParams.self, forKey: .params)
        case "textDocument/didOpen": didOpen = try? container.decode(DidOpenTextDocumentParams.self, forKey: .params)
        default: break
        }
    }
}

/// The `params` of a message, decoded as `Params`.
struct ParamsEnvelope<Params: Decodable>: Decodable {
    var params: Params
}

struct ResponseError: Codable {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
}

struct ResponseMessage<Result: Encodable>: Encodable {
    var id: JSON
    var result: Result?
    var error: ResponseError?

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let error {
            try container.encode(error, forKey: .error)
        } else if let result {
            try container.encode(result, forKey: .result)
        } else {
            try container.encodeNil(forKey: .result)
        }
    }
}

struct OutgoingMessage<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    /// Set for a request to the client, nil for a notification.
    var id: JSON?
    var method: String
    var params: Params?
}
