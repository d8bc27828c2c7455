import Foundation
import Synchronization
import Testing
import TestSupport
@testable import ProgressLintServer

#if canImport(Glibc)
import Glibc
#endif

/// A server in this process on two pipes, as a client sees it.
final class InProcessServer: @unchecked Sendable {
    let toServer: (read: Int32, write: Int32)
    let fromServer: (read: Int32, write: Int32)
    final class ExitBox: Sendable { let code = Mutex<Int32?>(nil) }
    let exitBox = ExitBox()
    let done = DispatchSemaphore(value: 0)
    private var reader = FrameReader()
    private var nextID = 1

    init() {
        var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
        _ = pipe(&a)
        _ = pipe(&b)
        toServer = (a[0], a[1])
        fromServer = (b[0], b[1])
        let input = toServer.read, output = fromServer.write
        let exitBox = self.exitBox, done = self.done
        let thread = Thread {
            let code = LanguageServer(input: input, output: output, log: { _ in }).run()
            exitBox.code.withLock { $0 = code }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit {
        // The server's thread ends (at the end of its input) before its descriptors are closed: a
        // number closed under a running thread could be reused by another test's pipe.
        if !writeClosed { close(toServer.write) }
        if exitBox.code.withLock({ $0 }) == nil { _ = done.wait(timeout: .now() + 30) }
        for fd in [toServer.read, fromServer.read, fromServer.write] { close(fd) }
    }

    private var writeClosed = false

    /// Ends the server's input.
    func closeInput() {
        close(toServer.write)
        writeClosed = true
    }

    func sendRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(toServer.write, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    func send(_ message: JSON) {
        sendRaw(Array(FrameReader.frame(try! JSONCoding.encode(message))))
    }

    /// Sends a request and returns its id.
    @discardableResult
    func request(_ method: String, _ params: JSON = .object([:])) -> Int {
        let id = nextID
        nextID += 1
        send(.object(["jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method), "params": params]))
        return id
    }

    func notify(_ method: String, _ params: JSON = .object([:])) {
        send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
    }

    /// The next message from the server, nil after `timeout` seconds.
    func next(timeout: Double = 10) -> JSON? {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let frame = reader.next(), case .body(let data) = frame {
                return try? JSONCoding.decode(JSON.self, from: data)
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var descriptor = pollfd(fd: fromServer.read, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000)) > 0 else { return nil }
            let n = read(fromServer.read, &chunk, chunk.count)
            if n <= 0 { return nil }
            reader.feed(chunk[0..<n])
        }
    }

    /// Messages up to the response to `id` (notifications before it are returned too).
    func response(to id: Int, timeout: Double = 10) -> (response: JSON?, before: [JSON]) {
        var before: [JSON] = []
        while let message = next(timeout: timeout) {
            if message["id"]?.intValue == id && message["method"] == nil { return (message, before) }
            before.append(message)
        }
        return (nil, before)
    }

    func initialize(_ capabilities: JSON = .object([:]), options: JSON? = nil, root: String? = nil) -> JSON? {
        var params: [String: JSON] = ["capabilities": capabilities, "processId": .null]
        if let options { params["initializationOptions"] = options }
        if let root { params["rootUri"] = .string(URL(fileURLWithPath: root).absoluteString) }
        let id = request("initialize", .object(params))
        let result = response(to: id).response
        notify("initialized")
        return result
    }

    /// Waits for the server thread to end; its exit code.
    func waitForExit(timeout: Double = 10) -> Int32? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return exitBox.code.withLock { $0 }
    }
}

@Suite struct MessageLoopTests {
    @Test func initializeAgreesOnAnEncodingAndShutdownThenExitEndsWithZero() {
        let server = InProcessServer()
        let result = server.initialize(.object(["general": .object(["positionEncodings": .array([.string("utf-32"), .string("utf-8")])])]))
        #expect(result?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-32"))
        #expect(result?["result"]?["serverInfo"]?["name"] == .string("progress-lint"))
        let id = server.request("shutdown", .null)
        #expect(server.response(to: id).response?["result"] == .null)
        server.notify("exit", .null)
        #expect(server.waitForExit() == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() {
        let server = InProcessServer()
        _ = server.initialize()
        server.notify("exit", .null)
        #expect(server.waitForExit() == 1)
    }

    @Test func theEndOfInputWithoutShutdownEndsWithOne() {
        let server = InProcessServer()
        _ = server.initialize()
        server.closeInput()
        #expect(server.waitForExit() == 1)
    }

    @Test func anUnknownRequestIsMethodNotFoundAndTheServerGoesOn() {
        let server = InProcessServer()
        _ = server.initialize()
        let id = server.request("textDocument/formatting", .object([:]))
        #expect(server.response(to: id).response?["error"]?["code"]?.intValue == -32601)
        let again = server.request("shutdown", .null)
        #expect(server.response(to: again).response?["result"] == .null)
    }

    @Test func aRequestBeforeInitializeIsRefused() {
        let server = InProcessServer()
        let id = server.request("textDocument/hover", .object([:]))
        #expect(server.response(to: id).response?["error"]?["code"]?.intValue == -32002)
    }

    @Test func malformedFramesAndBodiesAreSkippedAndTheNextMessageAnswered() {
        let server = InProcessServer()
        _ = server.initialize()
        server.sendRaw(Array("Content-Length: nope\r\n\r\n".utf8))
        server.sendRaw(Array(FrameReader.frame(Data("{not json".utf8))))
        server.sendRaw(Array(FrameReader.frame(Data([0xFF, 0xFE, 0x7B]))))
        server.sendRaw(Array("Content-Length: 70000000\r\n\r\n".utf8))
        server.sendRaw([UInt8](repeating: 0x20, count: 1000))
        // The refused body is 70 MB: the rest of it would be skipped; a new server shows the
        // loop goes on after a bad body without it.
        let second = InProcessServer()
        _ = second.initialize()
        second.sendRaw(Array(FrameReader.frame(Data("[1,2".utf8))))
        let id = second.request("shutdown", .null)
        let (response, before) = second.response(to: id)
        #expect(response?["result"] == .null)
        #expect(before.contains { $0["error"]?["code"]?.intValue == -32700 })
    }

    @Test func aCancelledRequestReadWithItIsAnsweredCancelled() {
        let server = InProcessServer()
        _ = server.initialize()
        // Both in one write: the server reads them together.
        let request = JSON.object(["jsonrpc": .string("2.0"), "id": .number(50), "method": .string("textDocument/hover"),
                                   "params": .object(["textDocument": .object(["uri": .string("file:///x.yml")]),
                                                      "position": .object(["line": .number(0), "character": .number(0)])])])
        let cancel = JSON.object(["jsonrpc": .string("2.0"), "method": .string("$/cancelRequest"),
                                  "params": .object(["id": .number(50)])])
        server.sendRaw(Array(FrameReader.frame(try! JSONCoding.encode(request)))
                       + Array(FrameReader.frame(try! JSONCoding.encode(cancel))))
        #expect(server.response(to: 50).response?["error"]?["code"]?.intValue == -32800)
    }

    @Test func aDocumentsDiagnosticsArePushedWhenTheClientCannotPull() throws {
        let server = InProcessServer()
        _ = server.initialize()
        let uri = "file:///nonexistent-folder-\(UUID().uuidString)/spec.yml"
        server.notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .number(1),
            "text": .string("screen: x\nindicators:\n  - id: 😀\n    style: spinner\n    label: Loading...\n"),
        ])]))
        let published = try #require(server.next())
        #expect(published["method"] == .string("textDocument/publishDiagnostics"))
        #expect(published["params"]?["version"]?.intValue == 1)
        let diagnostics = published["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0["source"] == .string("progress-lint") && $0["code"]?.stringValue != nil })
        // A change backwards in version is ignored; one forwards is linted.
        server.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": .number(0)]),
            "contentChanges": .array([.object(["text": .string("garbage: [")])]),
        ]))
        server.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": .number(2)]),
            "contentChanges": .array([.object(["text": .string("screen: [\n")])]),
        ]))
        let after = try #require(server.next())
        #expect(after["params"]?["version"]?.intValue == 2)
        #expect(after["params"]?["diagnostics"]?.arrayValue?.contains { $0["code"] == .string("yaml-syntax") } == true)
    }
}

extension MessageLoopTests {
    @Test func changesReadTogetherAreLintedOnceAtTheNewestVersion() throws {
        let server = InProcessServer()
        _ = server.initialize()
        let uri = "file:///nonexistent-folder-\(UUID().uuidString)/spec.yml"
        server.notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .number(1),
            "text": .string("screen: x\nindicators: []\n"),
        ])]))
        #expect(try #require(server.next())["params"]?["version"]?.intValue == 1)
        func change(_ version: Int, _ text: String) -> [UInt8] {
            Array(FrameReader.frame(try! JSONCoding.encode(JSON.object([
                "jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"),
                "params": .object([
                    "textDocument": .object(["uri": .string(uri), "version": .number(Double(version))]),
                    "contentChanges": .array([.object(["text": .string(text)])]),
                ]),
            ]))))
        }
        // Three changes in one write (read at once), then a request to see what came before its answer.
        server.sendRaw(change(2, "screen: [\n") + change(3, "screen: y\n") + change(4, "screen: z\nindicators: []\n"))
        let (_, before) = server.response(to: server.request("textDocument/hover", .object([
            "textDocument": .object(["uri": .string(uri)]), "position": .object(["line": .number(0), "character": .number(0)]),
        ])))
        let versions = before.filter { $0["method"] == .string("textDocument/publishDiagnostics") }
            .compactMap { $0["params"]?["version"]?.intValue }
        #expect(versions == [4])
    }
}

@Suite struct FuzzInputTests {
    static func frame(_ text: String) -> [UInt8] { Array(FrameReader.frame(Data(text.utf8))) }

    /// A session like the fuzzer's seeds, split at every offset of its first 300 bytes: each ends
    /// with the exit the session asks for (after shutdown: 0), whatever the split.
    @Test func aSessionSplitAnywhereEndsAsItAsks() {
        let session = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8"]}}}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/a.yaml","languageId":"yaml","version":1,"text":"screen: \"上传 😀\"\nindicators:\n  - {id: a, style: spinner, label: Loading...}\n"}}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///fuzz/a.yaml"},"range":{"start":{"line":2,"character":0},"end":{"line":3,"character":0}},"context":{"diagnostics":[]}}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        for cut in stride(from: 0, to: min(300, session.count), by: 7) {
            let server = LanguageServer(input: -1, output: devNull, log: { _ in }, backgroundWork: false)
            var code = server.process(Array(session[..<cut]))
            if code == nil { code = server.process(Array(session[cut...])) }
            #expect(code == 0, "cut at \(cut)")
        }
    }

    /// A `file:` URI whose path is not absolute (`file:x//a.yaml`, found by the fuzzer) names no
    /// file: Foundation's path arithmetic traps on such paths, so the server never walks them.
    @Test func aFileURIWithARelativePathNamesNoFileAndAbsoluteOnesAreNormalized() {
        #expect(DocumentURI.path(of: "file:x//fuzz/spec.yaml") == nil)
        #expect(DocumentURI.path(of: "file:x/") == nil)
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
        #expect(DocumentURI.path(of: "file:///work/./specs//a.yaml") == "/work/specs/a.yaml")
        #expect(DocumentURI.path(of: "file:///work/my%20specs/a.yaml") == "/work/my specs/a.yaml")
    }

    /// Every input the message-loop fuzzer crashed on (`Fuzz/run.sh SECONDS FuzzServer` keeps them
    /// as `server-*` beside the other fuzz crashes) is handled without a crash.
    @Test func fuzzCrashInputsAreHandled() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HostileInputTests/Fixtures/fuzz-crashes").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("server-") }
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        for name in names.sorted() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let server = LanguageServer(input: -1, output: devNull, log: { _ in }, backgroundWork: false)
            _ = server.process(bytes)
        }
    }
}

extension MessageLoopTests {
    @Test func hoverOnADurationNamesTheProfileAThresholdCameFrom() throws {
        let folder = try TemporaryFolder()
        try folder.write(".progress-lint.yml", "extends: progress-lint:gnome\n")
        let path = try folder.write("spec.yaml", "screen: x\nindicators:\n  - id: a\n    style: spinner\n    duration: 5s\n")
        let server = InProcessServer()
        _ = server.initialize()
        let uri = "file://" + path
        server.notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .number(1),
            "text": .string("screen: x\nindicators:\n  - id: a\n    style: spinner\n    duration: 5s\n"),
        ])]))
        let (response, _) = server.response(to: server.request("textDocument/hover", .object([
            "textDocument": .object(["uri": .string(uri)]), "position": .object(["line": .number(4), "character": .number(15)]),
        ])))
        let text = response?["result"]?["contents"]?["value"]?.stringValue ?? ""
        // Markdown or plain text, as the client asked: compared without backticks.
        #expect(text.filter { $0 != "`" }.contains("5s: past noticeable (3s, from profile progress-lint:gnome), under attention (10s)"),
                "\(text)")
    }
}
