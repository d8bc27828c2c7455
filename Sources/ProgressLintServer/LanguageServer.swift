#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintSupport
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `progress-lint server`: a language server over standard input and output (LSP 3.17).
/// One thread reads, lints and answers in order: a spec lints in about a millisecond, so each
/// change is linted at once; workspace work is done a file at a time while no message waits.
public final class LanguageServer {
    let input: Int32
    let output: Int32
    let log: (String) -> Void

    let linter: Linter
    let loader: ConfigurationLoader
    let configurations: ConfigurationCache
    var settings = Settings()
    var encoding = PositionEncoding.utf16
    var client = ClientSupport()
    var documents: [String: Document] = [:]
    /// Workspace folders (absolute paths).
    var folders: [String] = []

    private var initialized = false
    private var shutdownRequested = false
    private var exitCode: Int32?
    /// Requests cancelled before they were answered.
    private var cancelled: Set<JSON> = []
    private var nextRequestID = 1
    /// Messages read and not yet handled.
    private var queue: [IncomingMessage] = []
    /// Configuration errors already shown with `window/showMessage` (by their text).
    private var shownErrors: Set<String> = []
    /// Configuration errors by config file (absolute path), reported as that file's diagnostics.
    var configurationErrors: [String: ConfigurationError] = [:]
    /// The document a hover is about, while it is answered.
    var currentHoverDocument: Document?
    /// Background work: workspace files still to lint.
    var workspace = WorkspaceScan()

    /// What the client said it supports, at `initialize`.
    struct ClientSupport {
        var pullDiagnostics = false
        var diagnosticRefresh = false
        var workDoneProgress = false
        var codeDescription = false
        var watchedFilesRegistration = false
        /// Workspace edits may create files (`documentChanges` with `create`).
        var createFiles = false
        /// Markdown in hovers (else plain text).
        var markdownHover = true
        /// The `MarkupContent` kinds completion items' documentation may have (nil: none, a plain string then).
        var completionFormats: [String]?
        var name = ""
    }

    /// Whether workspace runs may start (off for the fuzzer, whose inputs name any folder).
    let backgroundWork: Bool

    /// A server reading `input` and writing `output` (file descriptors); `log` receives what goes
    /// to standard error. Without `backgroundWork`, no workspace run starts whatever the settings say.
    public init(input: Int32 = 0, output: Int32 = 1, log: @escaping (String) -> Void = LanguageServer.standardError,
                backgroundWork: Bool = true) {
        self.input = input
        self.output = output
        self.log = log
        self.backgroundWork = backgroundWork
        self.linter = RuleRegistry.makeLinter()
        self.loader = ConfigurationLoader(rules: RuleRegistry.descriptions)
        self.configurations = ConfigurationCache(loader: loader)
    }

    public static func standardError(_ text: String) {
        let line = Array(("progress-lint server: " + text + "\n").utf8)
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Serves until `exit` or the end of the input; returns the exit code (0 after `shutdown`, else 1).
    public func run() -> Int32 {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while exitCode == nil {
            while let frame = reader.next() { take(frame) }
            if !queue.isEmpty {
                handle(queue.removeFirst())
                continue
            }
            if workspace.wake.read >= 0 {
                // Wait for input or for the workspace scan to finish, whichever comes first.
                var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: workspace.wake.read, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready > 0 && fds[1].revents & Int16(POLLIN) != 0 {
                    finishWorkspaceScan()
                    if fds[0].revents == 0 { continue }
                }
            }
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                log("cannot read standard input: \(String(cString: strerror(errno)))")
                return 1
            }
            if n == 0 {
                if reader.pendingByteCount > 0 { log("the input ended inside a message; it is dropped") }
                log(shutdownRequested ? "the input ended after shutdown" : "the input ended without shutdown and exit")
                return shutdownRequested ? 0 : 1
            }
            reader.feed(chunk[0..<n])
        }
        return exitCode ?? 1
    }

    deinit { workspace.closePipe() }

    /// Frames read and not yet decoded.
    private var reader = FrameReader()

    /// Handles `bytes` as if read from the input, and every message they complete (for the fuzzer
    /// and tests); returns the exit code once `exit` was handled.
    @discardableResult
    public func process(_ bytes: [UInt8]) -> Int32? {
        reader.feed(bytes)
        while exitCode == nil {
            while let frame = reader.next() { take(frame) }
            guard !queue.isEmpty else { break }
            handle(queue.removeFirst())
        }
        return exitCode
    }

    /// Decodes a frame into the queue; a `$/cancelRequest` takes effect at once, for the requests before it.
    func take(_ frame: FrameReader.Frame) {
        switch frame {
        case .malformed(let reason):
            log("skipped a malformed frame: \(reason)")
        case .body(let data):
            // A document's text, read from the bytes (any other message, or anything this reader
            // is not sure of, goes through `JSONDecoder`).
            if let message = DocumentMessageReader.read(data) {
                queue.append(message)
                return
            }
            do {
                var message = try JSONCoding.decode(IncomingMessage.self, from: data)
                message.body = data
                if message.method == "$/cancelRequest" {
                    if let cancel = try? JSONCoding.decode(ParamsEnvelope<CancelParams>.self, from: data) {
                        cancelled.insert(cancel.params.id)
                    }
                    return
                }
                queue.append(message)
            } catch {
                // JSON that is not a message (`[]`, `42`, a `method` that is not a string) is an invalid
                // request (-32600); only a body that is not JSON at all is a parse error (-32700).
                let isJSON = (try? JSONCoding.decode(JSON.self, from: data)) != nil
                log("skipped a body that is not a JSON-RPC message (\(data.count) bytes): \(Self.describe(error))")
                send(ResponseMessage<JSON>(id: .null, result: nil, error: ResponseError(
                    code: isJSON ? ResponseError.invalidRequest : ResponseError.parseError,
                    message: isJSON ? "the body is JSON but not a JSON-RPC request or notification: \(Self.describe(error))"
                        : "the body is not a JSON-RPC message: \(Self.describe(error))")))
            }
        }
    }

    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context): return "not JSON: \(context.debugDescription)"
            case .keyNotFound(let key, _): return "`\(key.stringValue)` is missing"
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                return "`\(context.codingPath.map(\.stringValue).joined(separator: "."))` has the wrong type"
            @unknown default: return "\(error)"
            }
        }
        return "\(error)"
    }

    // MARK: Dispatch

    func handle(_ message: IncomingMessage) {
        if let id = message.id, !id.isRequestID {
            log("skipped a message whose `id` is not a string, a number or null")
            respondError(.null, ResponseError.invalidRequest, "the `id` of a request is a string, a number or null")
            return
        }
        guard let method = message.method else {
            // A response to a request of ours (a refresh, a registration, progress): nothing waits on it.
            if message.id != nil && (message.hasResult || message.error != nil) {
                if let error = message.error { log("the client answered a request with an error: \(error)") }
                return
            }
            // Neither a request nor a notification nor a response (`{"jsonrpc":"2.0"}`).
            log("skipped a message with no `method`, `result` or `error`")
            respondError(.null, ResponseError.invalidRequest, "a request or notification needs a `method`")
            return
        }
        if let id = message.id {
            if cancelled.remove(id) != nil {
                respondError(id, ResponseError.requestCancelled, "the request was cancelled")
                return
            }
            request(id, method, message.body)
        } else {
            notification(method, message)
        }
    }

    private func request(_ id: JSON, _ method: String, _ params: Data) {
        if shutdownRequested && method != "shutdown" {
            respondError(id, ResponseError.invalidRequest, "the server is shutting down")
            return
        }
        if !initialized && method != "initialize" {
            respondError(id, ResponseError.serverNotInitialized, "the server is not initialized; send initialize first")
            return
        }
        switch method {
        case "initialize":
            if initialized {
                respondError(id, ResponseError.invalidRequest, "the server is already initialized")
                return
            }
            guard let params = decode(InitializeParams.self, params, id: id) else { return }
            respond(id, initialize(params))
        case "shutdown":
            shutdownRequested = true
            respond(id, JSON.null)
        case "textDocument/diagnostic":
            guard let params = decode(DocumentDiagnosticParams.self, params, id: id) else { return }
            sendBody(DiagnosticJSON.report(id: id, pullDiagnostics(params).items))
        case "textDocument/codeAction":
            guard let params = decode(CodeActionParams.self, params, id: id) else { return }
            respond(id, codeActions(params))
        case "textDocument/hover":
            guard let params = decode(TextDocumentPositionParams.self, params, id: id) else { return }
            if let hover = hover(params) { respond(id, hover) } else { respond(id, JSON.null) }
        case "workspace/diagnostic":
            respond(id, workspaceDiagnosticReport())
        case "textDocument/completion":
            guard let params = decode(TextDocumentPositionParams.self, params, id: id) else { return }
            respond(id, completion(params))
        default:
            respondError(id, ResponseError.methodNotFound, "progress-lint server does not handle `\(method)`")
        }
    }

    private func notification(_ method: String, _ message: IncomingMessage) {
        let params = message.body
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return
        }
        guard initialized, !shutdownRequested else { return }
        switch method {
        case "initialized":
            registerWatchers()
            startWorkspaceScan()
        case "textDocument/didOpen":
            guard let p = message.didOpen ?? decode(DidOpenTextDocumentParams.self, params) else { return }
            documents[p.textDocument.uri] = Document(uri: p.textDocument.uri, version: p.textDocument.version,
                                                     text: p.textDocument.text)
            changed(p.textDocument.uri, save: true)
        case "textDocument/didChange":
            // Taken out of the table while it changes, so that its text is edited in place, not copied.
            guard let p = message.didChange ?? decode(DidChangeTextDocumentParams.self, params),
                  var document = documents.removeValue(forKey: p.textDocument.uri)
            else { return }
            let version: Int
            if let given = p.textDocument.version {
                guard given > document.version else {
                    log("ignored a change to \(p.textDocument.uri) at version \(given), not after \(document.version)")
                    documents[p.textDocument.uri] = document
                    return
                }
                version = given
            } else {
                // No version (or null): the change follows the document's, whose number counts on,
                // held at Int.max rather than past it (a client may open a document at 2^63 - 1).
                let (next, overflow) = document.version.addingReportingOverflow(1)
                version = overflow ? Int.max : next
            }
            for change in p.contentChanges { document.apply(change, encoding: encoding) }
            document.version = version
            documents[p.textDocument.uri] = document
            // A newer change to the document, read already, would make this version's lint stale:
            // only the newest is linted.
            if queue.contains(where: { $0.didChange?.textDocument.uri == p.textDocument.uri
                                       && ($0.didChange?.textDocument.version ?? Int.max) > version }) {
                return
            }
            changed(p.textDocument.uri, save: false)
        case "textDocument/didSave":
            guard let p = decode(DidSaveTextDocumentParams.self, params) else { return }
            if let path = DocumentURI.path(of: p.textDocument.uri), ConfigurationResolver.fileNames.contains(
                PathText.lastComponent(path)) || configurationErrors[path] != nil {
                configurationChanged()
            }
            changed(p.textDocument.uri, save: true)
            // Cross-file rules see the saved file in the next workspace run.
            startWorkspaceScan()
        case "textDocument/didClose":
            guard let p = decode(DidCloseTextDocumentParams.self, params) else { return }
            documents[p.textDocument.uri] = nil
            // What the workspace run found in the file on disk, or nothing.
            if !client.pullDiagnostics { publish(p.textDocument.uri, version: nil, workspace.published[p.textDocument.uri] ?? []) }
        case "workspace/didChangeWatchedFiles":
            configurationChanged()
        case "workspace/didChangeConfiguration":
            guard let p = decode(DidChangeConfigurationParams.self, params) else { return }
            var problems: [String] = []
            let updated = settings.merging(p.settings, problems: &problems)
            reportSettingProblems(problems)
            if updated != settings {
                let scanWanted = updated.workspaceDiagnostics && !settings.workspaceDiagnostics
                settings = updated
                for uri in documents.keys { documents[uri]?.lint = nil }
                diagnosticsChanged()
                if scanWanted { startWorkspaceScan() }
                if !settings.workspaceDiagnostics { workspace.stop() }
            }
        case "workspace/didChangeWorkspaceFolders":
            let event = decode(JSON.self, params)?["event"]
            if let added = event?["added"]?.arrayValue {
                folders += added.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path(of:)) }
            }
            if let removed = event?["removed"]?.arrayValue {
                let gone = Set(removed.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path(of:)) })
                folders.removeAll { gone.contains($0) }
            }
        default:
            // `$/setTrace`, `$/progress` and other notifications the server has no use for.
            break
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data, id: JSON? = nil) -> T? {
        guard let value = try? JSONCoding.decode(ParamsEnvelope<T>.self, from: body).params else {
            log("invalid parameters for a \(T.self)")
            if let id { respondError(id, ResponseError.invalidParams, "invalid parameters") }
            return nil
        }
        return value
    }

    // MARK: Lifecycle

    private func initialize(_ params: InitializeParams) -> JSON {
        initialized = true
        let capabilities = params.capabilities ?? .null
        encoding = PositionEncoding.negotiate(
            capabilities["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue))
        client.pullDiagnostics = capabilities["textDocument"]?["diagnostic"] != nil
        client.diagnosticRefresh = capabilities["workspace"]?["diagnostics"]?["refreshSupport"]?.boolValue ?? false
        client.workDoneProgress = capabilities["window"]?["workDoneProgress"]?.boolValue ?? false
        // Pushed diagnostics say it under `publishDiagnostics`; LSP 3.18 says it for pulled ones too.
        client.codeDescription = capabilities["textDocument"]?["publishDiagnostics"]?["codeDescriptionSupport"]?.boolValue
            ?? capabilities["textDocument"]?["diagnostic"]?["codeDescriptionSupport"]?.boolValue ?? false
        client.watchedFilesRegistration =
            capabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
        func acceptsMarkdown(_ formats: JSON?) -> Bool {
            guard let list = formats?.arrayValue else { return false }
            return list.contains(.string("markdown"))
        }
        client.markdownHover = acceptsMarkdown(capabilities["textDocument"]?["hover"]?["contentFormat"])
        client.completionFormats = capabilities["textDocument"]?["completion"]?["completionItem"]?["documentationFormat"]?
            .arrayValue?.compactMap(\.stringValue)
        let workspaceEdit = capabilities["workspace"]?["workspaceEdit"]
        client.createFiles = workspaceEdit?["documentChanges"]?.boolValue == true
            && workspaceEdit?["resourceOperations"]?.arrayValue?.contains(.string("create")) == true
        client.name = params.clientInfo.map { "\($0.name) \($0.version ?? "")" } ?? "an unnamed client"
        if let workspaceFolders = params.workspaceFolders {
            folders = workspaceFolders.compactMap { DocumentURI.path(of: $0.uri) }
        } else if let root = params.rootUri.flatMap(DocumentURI.path(of:)) ?? params.rootPath.flatMap(DocumentURI.absolute(_:)) {
            folders = [root]
        }
        var problems: [String] = []
        settings = settings.merging(params.initializationOptions, problems: &problems)
        reportSettingProblems(problems)
        log("initialized for \(client.name): positions in \(encoding.rawValue), diagnostics "
            + (client.pullDiagnostics ? "pulled" : "pushed"))

        var server: [String: JSON] = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object([
                "openClose": .bool(true), "change": .integer(2), "save": .object(["includeText": .bool(false)]),
            ]),
            "codeActionProvider": .object([
                "codeActionKinds": .array([.string("quickfix"), .string(fixAllKind)]),
            ]),
            "hoverProvider": .bool(true),
            "completionProvider": .object(["triggerCharacters": .array([.string(" "), .string(",")])]),
            "workspace": .object(["workspaceFolders": .object([
                "supported": .bool(true), "changeNotifications": .bool(true),
            ])]),
        ]
        if client.pullDiagnostics {
            server["diagnosticProvider"] = .object([
                "identifier": .string("progress-lint"), "interFileDependencies": .bool(true),
                "workspaceDiagnostics": .bool(true),
            ])
        }
        return .object([
            "capabilities": .object(server),
            "serverInfo": .object(["name": .string("progress-lint"), "version": .string(Tool.version)]),
        ])
    }

    private func reportSettingProblems(_ problems: [String]) {
        for problem in problems { showMessage(2, "progress-lint settings: \(problem)") }
    }

    /// Asks the client to tell of changes to config files, where it can be asked.
    private func registerWatchers() {
        guard client.watchedFilesRegistration else { return }
        let watchers: [JSON] = ["**/.progress-lint.yml", "**/.progress-lint.yaml", "**/*.yml", "**/*.yaml"].map {
            .object(["globPattern": .string($0)])
        }
        sendRequest("client/registerCapability", JSON.object(["registrations": .array([.object([
            "id": .string("progress-lint-config-files"), "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": .object(["watchers": .array(watchers)]),
        ])])]))
    }

    // MARK: Writing

    func respond<R: Encodable>(_ id: JSON, _ result: R) {
        send(ResponseMessage(id: id, result: result, error: nil))
    }

    func respondError(_ id: JSON, _ code: Int, _ message: String) {
        send(ResponseMessage<JSON>(id: id, result: nil, error: ResponseError(code: code, message: message)))
    }

    func notify<P: Encodable>(_ method: String, _ params: P) {
        send(OutgoingMessage(id: nil, method: method, params: params))
    }

    func sendRequest<P: Encodable>(_ method: String, _ params: P?) {
        let id = nextRequestID
        nextRequestID += 1
        send(OutgoingMessage(id: .string("progress-lint-\(id)"), method: method, params: params))
    }

    func showMessage(_ type: Int, _ message: String) {
        notify("window/showMessage", ShowMessageParams(type: type, message: message))
    }

    private func send<T: Encodable>(_ message: T) {
        guard let body = try? JSONCoding.encode(message) else {
            log("could not encode a message")
            return
        }
        sendBody(body)
    }

    /// Writes one message's body, framed.
    func sendBody(_ body: Data) {
        body.withUnsafeBytes { sendFrame($0) }
    }

    /// Writes one message's body, framed (the body is written from where it is, not copied).
    func sendBody(_ body: [UInt8]) {
        body.withUnsafeBytes { sendFrame($0) }
    }

    private func sendFrame(_ body: UnsafeRawBufferPointer) {
        let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        let written = header.withUnsafeBytes { writeAll($0) } && writeAll(body)
        if !written {
            log("cannot write to standard output (\(String(cString: strerror(errno)))); stopping")
            exitCode = 1
        }
    }

    /// Writes all of `buffer` to the output (retried after `EINTR`); false when the output fails.
    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let n = write(output, base + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    // MARK: Configuration

    /// A config file changed: configurations are read again and every open document is linted again.
    func configurationChanged() {
        configurations.invalidate()
        configurationErrors.removeAll()
        shownErrors.removeAll()
        for uri in documents.keys { documents[uri]?.lint = nil }
        diagnosticsChanged()
        if settings.workspaceDiagnostics { startWorkspaceScan() }
    }

    /// Diagnostics may differ from those the client has: pushed again, or the client asked to pull again.
    func diagnosticsChanged() {
        if client.pullDiagnostics {
            if client.diagnosticRefresh { sendRequest("workspace/diagnostic/refresh", Optional<JSON>.none) }
        } else {
            for uri in documents.keys.sorted() { publishLint(uri) }
        }
    }

    /// Records a configuration that does not load: a diagnostic on the config file, and one message.
    func noteConfigurationError(_ error: ConfigurationError) {
        let path = configurations.absolutePath(error.path)
        let isNew = configurationErrors[path] != error
        configurationErrors[path] = error
        if shownErrors.insert(error.description).inserted {
            showMessage(1, "progress-lint: the configuration \(error.path) does not load: \(error.message)")
        }
        if isNew && !client.pullDiagnostics {
            publish(DocumentURI.uri(of: path), version: nil, configurationDiagnostics(path))
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them; nil when it cannot be read. Read
    /// as the command reads files: a FIFO, a device or a folder in its place is never waited on.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        try? FileReader.read(SpecFile(path: path), limit: limit).get()
    }

    /// The diagnostics of a config file that does not load.
    func configurationDiagnostics(_ path: String) -> [LSPDiagnostic] {
        guard let error = configurationErrors[path] else { return [] }
        let index: TextIndex
        if let open = documents.values.first(where: { $0.path == path }) {
            index = open.index
        } else {
            index = TextIndex(Self.readFile(path, limit: 1024 * 1024) ?? [])
        }
        let range = error.position.map { index.range(of: SourceRange(at: $0), encoding) }
            ?? LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        return [LSPDiagnostic(range: range, severity: 1, code: "configuration", codeDescription: nil,
                              source: "progress-lint", message: error.message, data: nil)]
    }
}
