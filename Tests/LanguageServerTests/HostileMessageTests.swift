import Foundation
import Testing
@testable import ProgressLintServer

#if canImport(Glibc)
import Glibc
#endif

/// Messages a buggy or hostile client may send (issue 31): versions at the edge of `Int`, ids that
/// must come back exactly as they came, JSON that is not a request.
@Suite struct HostileMessageTests {
    /// The bodies the server writes for `bodies` (each framed), read back as text, in order.
    static func exchange(_ bodies: [String], together: Bool = false) throws -> (server: LanguageServer, answers: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pl-hostile-lsp-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer {
            close(fd)
            unlink(path)
        }
        let server = LanguageServer(input: -1, output: fd, log: { _ in }, backgroundWork: false)
        // One at a time: a body that is not a message is answered as it is read, before the
        // messages read with it are handled.
        if together {
            server.process(bodies.flatMap { Array(FrameReader.frame(Data($0.utf8))) })
        } else {
            for body in bodies { server.process(Array(FrameReader.frame(Data(body.utf8)))) }
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        var reader = FrameReader()
        reader.feed(Array(written))
        var answers: [String] = []
        while let frame = reader.next() {
            if case .body(let body) = frame { answers.append(String(decoding: body, as: UTF8.self)) }
        }
        return (server, answers)
    }

    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#

    static func didOpen(_ uri: String, version: String, text: String = "screen: S\\nindicators: []\\n") -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":\#(version),"text":"\#(text)"}}}"#
    }

    static func didChange(_ uri: String, version: String?, text: String) -> String {
        let versionMember = version.map { #","version":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)"\#(versionMember)},"contentChanges":[{"text":"\#(text)"}]}}"#
    }

    /// A document opened at version 2^63 - 1 and changed without a version (or with null) used to
    /// overflow `version + 1` and trap: the change is applied, the version held at Int.max.
    @Test func aChangeWithoutAVersionAfterTheLargestVersionIsAppliedWithoutOverflow() throws {
        let uri = "file:///hostile-31/versions.yaml"
        for missing in [nil, "null"] as [String?] {
            let (server, _) = try Self.exchange([
                Self.initialize, Self.initialized,
                Self.didOpen(uri, version: "9223372036854775807"),
                Self.didChange(uri, version: missing, text: "screen: T\\nindicators: []\\n"),
                Self.didChange(uri, version: missing, text: "screen: U\\nindicators: []\\n"),
            ])
            let document = try #require(server.documents[uri])
            #expect(document.version == Int.max)
            #expect(String(decoding: document.index.bytes, as: UTF8.self) == "screen: U\nindicators: []\n")
        }
    }

    /// Versions the client gives are compared, never counted on: the smallest and largest `Int`,
    /// and numbers past it (an invalid notification, skipped), leave the server running.
    @Test func versionsAtTheEdgesOfIntAreComparedNotCountedOn() throws {
        let uri = "file:///hostile-31/edges.yaml"
        let (server, _) = try Self.exchange([
            Self.initialize, Self.initialized,
            Self.didOpen(uri, version: "-9223372036854775808"),
            Self.didChange(uri, version: nil, text: "a"),
            Self.didChange(uri, version: "9223372036854775807", text: "b"),
            Self.didChange(uri, version: "9223372036854775808", text: "c"),
            Self.didChange(uri, version: "1e400", text: "d"),
            Self.didChange(uri, version: "9223372036854775807", text: "e"),
            Self.didChange(uri, version: nil, text: "f"),
        ])
        let document = try #require(server.documents[uri])
        #expect(document.version == Int.max)
        #expect(document.index.bytes == Array("f".utf8))
    }

    /// A request id comes back exactly as it came: a string stays a string (`"1.0"` is not the
    /// number 1) and a whole number keeps every digit past 2^53.
    @Test func requestIDsComeBackExactlyAsTheyCame() throws {
        let ids = [#""1.0""#, #""1""#, #""""#, "9007199254740993", "9223372036854775807", "-9223372036854775808", "0", "-1"]
        var bodies = [Self.initialize]
        for id in ids { bodies.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"no/such-method"}"#) }
        let (_, answers) = try Self.exchange(bodies)
        #expect(answers.count == ids.count + 1)
        for (id, answer) in zip(ids, answers.dropFirst()) {
            #expect(answer.contains(#""id":\#(id),"#) || answer.hasSuffix(#""id":\#(id)}"#), "\(id): \(answer)")
            #expect(answer.contains("-32601"), "\(answer)")
        }
        // A cancellation names the id as it came too.
        let cancelled = try Self.exchange([
            Self.initialize,
            #"{"jsonrpc":"2.0","id":"7.50","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.yml"},"position":{"line":0,"character":0}}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"7.50"}}"#,
        ], together: true).answers
        #expect(cancelled.last?.contains(#""id":"7.50""#) == true && cancelled.last?.contains("-32800") == true, "\(cancelled)")
    }

    /// JSON that is not a request object is an Invalid Request (-32600), answered with a null id;
    /// only a body that is not JSON at all is a Parse error (-32700). The server goes on.
    @Test func jsonThatIsNotARequestIsAnInvalidRequestAndUnparsableJSONAParseError() throws {
        let invalid = ["[]", "42", #""text""#, "null", "true", #"{"jsonrpc":"2.0"}"#, #"{"jsonrpc":"2.0","id":1}"#,
                       #"{"jsonrpc":"2.0","method":42}"#, #"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#,
                       #"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#, #"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#,
                       #"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#]
        let unparsable = ["{", "", "{\"id\":1", "\u{FF}"]
        let (_, answers) = try Self.exchange([Self.initialize] + invalid + unparsable + [#"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#])
        #expect(answers.count == 1 + invalid.count + unparsable.count + 1, "\(answers)")
        for (body, answer) in zip(invalid, answers.dropFirst()) {
            #expect(answer.contains("-32600") && answer.contains(#""id":null"#), "\(body): \(answer)")
        }
        for (body, answer) in zip(unparsable, answers.dropFirst(1 + invalid.count)) {
            #expect(answer.contains("-32700") && answer.contains(#""id":null"#), "\(body): \(answer)")
        }
        #expect(answers.last?.contains(#""id":99"#) == true && answers.last?.contains(#""result":null"#) == true)
    }

    /// A response from the client (an id with `result` or `error`) is not answered.
    @Test func aResponseFromTheClientIsNotAnswered() throws {
        let (_, answers) = try Self.exchange([
            Self.initialize,
            #"{"jsonrpc":"2.0","id":"progress-lint-1","result":null}"#,
            #"{"jsonrpc":"2.0","id":"progress-lint-2","error":{"code":-32601,"message":"no"}}"#,
        ])
        #expect(answers.count == 1, "\(answers)")
    }

    /// A `file:` URI of thousands of folders (10 KB and more) is opened, linted and closed: the
    /// configuration is looked up in a loop, and folders too deep to name are passed over at once.
    @Test func aDocumentWithAVeryDeepFileURIIsLinted() throws {
        for depth in [5_000, 40_000] {
            let uri = "file:///" + String(repeating: "d/", count: depth) + "spec.yaml"
            let (server, answers) = try Self.exchange([
                Self.initialize, Self.initialized,
                Self.didOpen(uri, version: "1", text: "screen: S\\nindicators:\\n  - {id: a, style: spinner, label: Loading}\\n"),
                #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":0}}}"#,
                #"{"jsonrpc":"2.0","id":6,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":3,"character":0}},"context":{"diagnostics":[]}}}"#,
            ])
            #expect(server.documents[uri] != nil)
            #expect(answers.contains { $0.contains("publishDiagnostics") && $0.contains("vague-label") }, "\(depth)")
            #expect(answers.contains { $0.contains(#""id":6"#) })
        }
    }
}
