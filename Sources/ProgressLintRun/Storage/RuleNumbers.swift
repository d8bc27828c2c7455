import Synchronization

/// Rule ids by number and numbers by id, as ``DiagnosticList`` stores a diagnostic's rule. Numbers
/// are given in first-seen order and never change, so the cache's table is a run's list's start and a
/// kept file's stored diagnostics are copied as they are.
final class RuleNumbers: Sendable {
    private let table: Mutex<(ids: [String], numbers: [String: Int])>

    /// A table numbering `ids` 0, 1, 2… (an id listed twice keeps its first number).
    init(_ ids: [String] = []) {
        var numbers: [String: Int] = [:]
        for (number, id) in ids.enumerated() where numbers[id] == nil { numbers[id] = number }
        table = Mutex((ids, numbers))
    }

    /// The number of `rule`, given now when it has none.
    func number(of rule: String) -> Int {
        table.withLock { table in
            if let n = table.numbers[rule] { return n }
            table.ids.append(rule)
            table.numbers[rule] = table.ids.count - 1
            return table.ids.count - 1
        }
    }

    /// The ids, by number.
    var ids: [String] { table.withLock { $0.ids } }

    /// How many numbers are given.
    var count: Int { table.withLock { $0.ids.count } }
}
