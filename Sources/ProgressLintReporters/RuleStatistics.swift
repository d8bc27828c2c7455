import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace

/// `--statistics`: how many findings each rule reported, as Ruff prints them: the count
/// (right-aligned), the rule id and the rule's name, one rule a line, most frequent first.
public enum RuleStatistics {
    /// The lines for `diagnostics`; empty when there are none.
    public static func render(_ diagnostics: [Diagnostic], rules: [RuleDescription]) -> String {
        render(diagnostics.lazy.map(\.ruleID), rules: rules)
    }

    /// The lines for the findings a report of a run shows, as the run counted them.
    public static func render(_ report: RunReport, rules: [RuleDescription]) -> String {
        render(counts: report.countsByRuleAndPlatform().byRule, rules: rules)
    }

    /// The lines for the diagnostics of these rule ids.
    private static func render(_ ruleIDs: some Sequence<String>, rules: [RuleDescription]) -> String {
        var counts: [String: Int] = [:]
        for ruleID in ruleIDs { counts[ruleID, default: 0] += 1 }
        return render(counts: counts, rules: rules)
    }

    /// The lines for these counts by rule id.
    private static func render(counts: [String: Int], rules: [RuleDescription]) -> String {
        var names: [String: String] = [:]
        for rule in rules { names[rule.id] = rule.name }
        let rows = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let countWidth = rows.map { String($0.value).count }.max() ?? 1
        let idWidth = rows.map { $0.key.count }.max() ?? 1
        var out = ""
        for (id, count) in rows {
            let number = String(count)
            out += String(repeating: " ", count: countWidth - number.count) + number + "\t"
                + TerminalText.safe(id) + String(repeating: " ", count: idWidth - id.count) + "\t"
                + TerminalText.safe(names[id] ?? id) + "\n"
        }
        return out
    }
}
