import ProgressLintYAML

/// The names of a closed set (a mapping's keys of the key table, or a ``SpecEnum``'s values),
/// matched against a scalar's bytes with no `String` made (``YAMLDocument/index(of:in:)``).
/// Built from the enum's cases, so the enum stays the one source of truth; the index of a name
/// is its case's index in `allCases`.
struct NameMatcher<K: RawRepresentable & CaseIterable & Sendable>: Sendable where K.RawValue == String {
    /// The cases, in declaration order.
    let cases: [K]
    /// Their names, in the same order.
    let nameSet: NameSet

    init(_: K.Type) {
        cases = Array(K.allCases)
        nameSet = NameSet(cases.map(\.rawValue))
    }

    /// The names, in declaration order.
    var names: [String] { nameSet.names }

    /// The index of the name equal to the scalar `node`'s text (as `String ==` has it), or nil
    /// (always nil for a collection).
    func index(of node: NodeID, in document: YAMLDocument) -> Int? {
        document.index(of: node, in: nameSet)
    }

    /// The case whose name is the scalar `node`'s text, or nil.
    func match(_ node: NodeID, in document: YAMLDocument) -> K? {
        index(of: node, in: document).map { cases[$0] }
    }
}
