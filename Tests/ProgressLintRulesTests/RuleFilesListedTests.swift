import Foundation
import ProgressLintEngine
import ProgressLintRules
import Testing

/// Adding a rule cannot be half done: every rule type declared in a file under
/// `Sources/ProgressLintRules/<Category>/` is in its category's list (and so in
/// `RuleRegistry.rules`), under the category its folder names; every input rule is in
/// `RuleRegistry.inputRules`. The files are scanned, as swift-format's
/// `GeneratedFilesValidityTests` does; nothing outside the package is read.
@Suite struct RuleFilesListedTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ProgressLintRules")

    /// A type made a rule where it is declared or in an extension: `struct VagueLabel: IndicatorRule {`.
    static let ruleDeclaration = try! NSRegularExpression(
        pattern: #"^(?:public |package |internal )?(?:final )?(?:struct|class|enum|extension) +(\w+) *:[^{]*\b(?:IndicatorRule|CrossFileRule|Rule)\b"#,
        options: [.anchorsMatchLines])

    /// The rule types each category folder's files declare, by folder name (`Input` excepted).
    static func declaredRules() throws -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        let folders = try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path)
        for folder in folders where folder != "Input" {
            var isFolder: ObjCBool = false
            let url = rulesFolder.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for match in ruleDeclaration.matches(in: text, range: range) {
                    guard let name = Range(match.range(at: 1), in: text) else { continue }
                    found[folder, default: []].insert(String(text[name]))
                }
            }
        }
        return found
    }

    @Test func everyRuleTypeInACategoryFolderIsListedInThatCategory() throws {
        let declared = try Self.declaredRules()
        var registered: [String: String] = [:]
        for rule in RuleRegistry.rules {
            let description = type(of: rule).description
            // The folder is the category's name in one word: `Progress integrity` → `ProgressIntegrity`.
            registered[String(describing: type(of: rule))] = description.category.rawValue.split(separator: " ")
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        for (folder, names) in declared {
            for name in names.sorted() {
                let category = try #require(registered[name],
                    "\(name) in Sources/ProgressLintRules/\(folder)/ is not in RuleRegistry.rules; add `\(name)()` to \(folder)/\(folder)Rules.swift")
                #expect(category == folder,
                        "\(name) is in the folder \(folder) but its description's category is \(category); move the file or fix the category")
            }
        }
        // The scan saw every registered rule: a scan that found nothing would prove nothing.
        let scanned = declared.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(Set(registered.keys).subtracting(scanned).isEmpty,
                "registered rules the scan of Sources/ProgressLintRules did not find: \(Set(registered.keys).subtracting(scanned).sorted())")
    }

    @Test func everyInputRuleFileIsListedInTheInputRules() throws {
        let input = Self.rulesFolder.appendingPathComponent("Input")
        let registry = try String(contentsOf: Self.rulesFolder.appendingPathComponent("RuleRegistry.swift"), encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: input.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count == RuleRegistry.inputRules.count,
                "Sources/ProgressLintRules/Input/ holds \(files.count) files but RuleRegistry.inputRules lists \(RuleRegistry.inputRules.count) rules")
        for file in files {
            let name = String(file.dropLast(".swift".count))
            #expect(registry.contains("\(name).description"),
                    "Input/\(file) is not in RuleRegistry.inputRules; add `\(name).description` there")
        }
    }
}
