import Foundation
import Testing
import TestSupport
@testable import ProgressLintServer

/// The server and YAML that is not a spec (contract revision 1.3): an open document is judged as
/// the command judges a file named with `--force-exclude` (a template, an empty file, a compose
/// file get nothing; a spec broken half-way gets its syntax error), and the workspace run walks as
/// the command does, so it publishes nothing on a Helm chart's templates. And hover text is plain
/// for a client that does not take markdown.
@Suite struct NonSpecDocumentTests {
    static let helm = "apiVersion: v1\nkind: Service\nspec:\n  {{- if .Values.x }}\n  type: {{ .Values.type }}\n  {{- end }}\n"
    static let spec = "platform: ios\nscreen: Upload\nindicators:\n  - {id: upload, style: spinner, presentation: overlay, label: Loading}\n"

    func open(_ server: InProcessServer, _ uri: String, _ text: String) {
        server.notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .number(1), "text": .string(text),
        ])]))
    }

    /// The diagnostics published for `uri`, waiting up to `timeout` seconds for them.
    func published(_ server: InProcessServer, _ uri: String, timeout: Double = 20) -> [JSON]? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, let message = server.next(timeout: deadline.timeIntervalSinceNow) {
            if message["method"] == .string("textDocument/publishDiagnostics"), message["params"]?["uri"] == .string(uri) {
                if case .array(let list) = message["params"]?["diagnostics"] { return list }
                return []
            }
        }
        return nil
    }

    @Test func anOpenTemplateEmptyFileOrComposeFileGetsNothingAndABrokenSpecItsError() throws {
        let dir = try TestFolders.temporary(prefix: "pl-nonspec")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = InProcessServer()
        _ = server.initialize(root: dir.path)
        let cases: [(String, String, Bool)] = [
            ("templates/service.yaml", Self.helm, false),
            ("roles/main.yml", "---\n# Licensed under the Apache License, Version 2.0\n", false),
            ("docker-compose.yml", "version: \"3.8\"\nservices:\n  web: {image: nginx}\n", false),
            ("lsd.yaml", "classic: false\nindicators: true\n", false),
            ("specs/broken.yaml", "screen: Upload\nindicators:\n  - id: a\n    style: [bar\n    label: x\n", true),
        ]
        for (name, text, reported) in cases {
            let uri = dir.appendingPathComponent(name).absoluteString
            open(server, uri, text)
            let diagnostics = try #require(published(server, uri), "\(name): nothing published")
            if reported {
                #expect(diagnostics.contains { $0["code"] == .string("yaml-syntax") }, "\(name): \(diagnostics)")
            } else {
                #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
            }
        }
    }

    @Test func theWorkspaceRunPublishesNothingOnAHelmTemplate() throws {
        let dir = try TestFolders.temporary(prefix: "pl-nonspec-workspace")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("chart/templates"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try Self.helm.write(to: dir.appendingPathComponent("chart/templates/service.yaml"), atomically: true, encoding: .utf8)
        try Self.spec.write(to: dir.appendingPathComponent("specs/upload.yaml"), atomically: true, encoding: .utf8)
        let server = InProcessServer()
        _ = server.initialize(options: .object(["cache": .bool(false)]), root: dir.path)
        let template = dir.appendingPathComponent("chart/templates/service.yaml").absoluteString
        let spec = dir.appendingPathComponent("specs/upload.yaml").absoluteString
        var seen: [String: [JSON]] = [:]
        let deadline = Date().addingTimeInterval(60)
        while seen[spec] == nil, deadline.timeIntervalSinceNow > 0,
              let message = server.next(timeout: deadline.timeIntervalSinceNow) {
            guard message["method"] == .string("textDocument/publishDiagnostics"),
                  case .string(let uri) = message["params"]?["uri"] else { continue }
            if case .array(let list) = message["params"]?["diagnostics"] { seen[uri] = list }
        }
        #expect(!(seen[spec] ?? []).isEmpty, "the workspace run published nothing for the spec: \(seen.keys)")
        #expect((seen[template] ?? []).isEmpty, "\(seen[template] ?? [])")
    }

    func hover(capabilities: JSON) throws -> JSON? {
        let server = InProcessServer()
        _ = server.initialize(capabilities)
        let uri = "file:///nonspec/hover.yaml"
        open(server, uri, Self.spec)
        let id = server.request("textDocument/hover", .object([
            "textDocument": .object(["uri": .string(uri)]), "position": .object(["line": .number(1), "character": .number(2)]),
        ]))
        return server.response(to: id).response?["result"]?["contents"]
    }

    @Test func hoverIsPlainTextWithoutMarkupForAClientThatTakesNoMarkdown() throws {
        let plain = try #require(try hover(capabilities: .object(["textDocument": .object([
            "hover": .object(["contentFormat": .array([.string("plaintext")])]),
        ])])))
        #expect(plain["kind"] == .string("plaintext"))
        guard case .string(let text) = plain["value"] else { Issue.record("no hover text: \(plain)"); return }
        #expect(text.contains("screen"), "\(text)")
        #expect(!text.contains("`") && !text.contains("**") && !text.contains("| ---"), "\(text)")
        let markdown = try #require(try hover(capabilities: .object(["textDocument": .object([
            "hover": .object(["contentFormat": .array([.string("markdown"), .string("plaintext")])]),
        ])])))
        #expect(markdown["kind"] == .string("markdown"))
        guard case .string(let marked) = markdown["value"] else { Issue.record("no hover text: \(markdown)"); return }
        #expect(marked.contains("`"), "\(marked)")
    }
}
