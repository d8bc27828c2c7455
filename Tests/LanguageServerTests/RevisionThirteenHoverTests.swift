import Foundation
import Testing
@testable import ProgressLintServer

/// The language server knows revision 1.3's keys and rules: hover on `min-display` and `per-item`
/// shows their entry of the key table, and a suppression comment completes the new rules' ids.
@Suite struct RevisionThirteenHoverTests {
    static let text = """
        platform: web
        screen: Photo library
        indicators:
          - id: thumbnail
            style: spinner
            min-display: 400ms
            per-item: true  # progress-lint-disable-line per-item-spinn
        """

    /// A server with `text` open, and its document's address.
    static func open() throws -> (InProcessServer, String) {
        let server = InProcessServer()
        _ = server.initialize(.object(["textDocument": .object(["hover": .object(["contentFormat": .array([.string("markdown")])])])]))
        let uri = "file:///nonexistent-folder-\(UUID().uuidString)/spec.yaml"
        server.notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .number(1), "text": .string(text),
        ])]))
        _ = try #require(server.next())
        return (server, uri)
    }

    static func position(_ uri: String, line: Int, character: Int) -> JSON {
        .object(["textDocument": .object(["uri": .string(uri)]),
                 "position": .object(["line": .number(Double(line)), "character": .number(Double(character))])])
    }

    @Test(arguments: [(5, "**`min-display`**", "a duration"), (6, "**`per-item`**", "default: `false`")])
    func hoverOnANewKeyShowsItsEntryOfTheKeyTable(line: Int, title: String, detail: String) throws {
        let (server, uri) = try Self.open()
        let (response, _) = server.response(to: server.request("textDocument/hover", Self.position(uri, line: line, character: 6)))
        let value = response?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains(title) && value.contains(detail), "\(value)")
    }

    @Test func aSuppressionCommentCompletesTheNewRulesIDs() throws {
        let (server, uri) = try Self.open()
        let line = Self.text.split(separator: "\n")[6]
        let (response, _) = server.response(to: server.request("textDocument/completion",
            Self.position(uri, line: 6, character: line.count)))
        let labels = response?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(labels == ["per-item-spinner"], "\(labels)")
    }
}
