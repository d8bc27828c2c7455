import Foundation
import ProgressLintReporters
import ProgressLintSpec
@testable import progress_lint
import Testing
import TestSupport

/// The key table is the one spelling of the spec's keys: the key tables of docs/spec-format.md and
/// the JSON Schema are generated from it, and the committed page is current.
@Suite struct KeyTablesPageTests {
    static let page = Python.packageRoot.appendingPathComponent(KeyTablesPage.page)

    @Test func theSpecFormatPagesKeyTablesAreWhatGenerateDocsWrites() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let updated = try #require(KeyTablesPage.replacing(in: text),
                                   "\(KeyTablesPage.page) lacks the keys:begin/keys:end markers around its key tables")
        #expect(updated == text,
                "\(KeyTablesPage.page)'s key tables are stale; run `swift run progress-lint generate-docs` and commit \(KeyTablesPage.page)")
    }

    @Test func theKeyTablesHaveARowForEveryKeyWithTheChoicesOfItsSwiftEnum() throws {
        let table = KeyTablesPage.rendered()
        for key in SpecKey.all(ScreenKey.self) + SpecKey.all(IndicatorKey.self) {
            #expect(table.contains("| `\(key.name)` |"), "no row for \(key.name)")
        }
        let style = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `style` |") })
        #expect(style.contains(IndicatorStyle.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")))
        let location = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `location` |") })
        #expect(location.hasSuffix("| `content` | where it is drawn |"))
    }

    @Test func replacingNeedsBothMarkersInOrder() {
        #expect(KeyTablesPage.replacing(in: "no markers") == nil)
        #expect(KeyTablesPage.replacing(in: KeyTablesPage.end + "\n" + KeyTablesPage.begin + "\n") == nil)
        let once = KeyTablesPage.replacing(in: "a\n\(KeyTablesPage.begin)\nold\n\(KeyTablesPage.end)\nb\n")
        #expect(once == "a\n\(KeyTablesPage.begin)\n\(KeyTablesPage.rendered())\(KeyTablesPage.end)\nb\n")
        #expect(once.flatMap(KeyTablesPage.replacing(in:)) == once)
    }

    @Test func theSchemaDescribesEachIndicatorKeyWithItsDocAndDefault() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(SpecJSONSchema.rendered().utf8)) as? [String: Any])
        let indicator = (schema["definitions"] as? [String: Any])?["indicator"] as? [String: Any]
        let properties = try #require(indicator?["properties"] as? [String: [String: Any]])
        #expect(indicator?["required"] as? [String] == ["id", "style"])
        for key in IndicatorKey.allCases {
            let expected = key.info.doc + (key.info.defaultValue.map { " (default \($0))" } ?? "")
            #expect(properties[key.rawValue]?["description"] as? String == expected, "\(key.rawValue)")
        }
    }
}
