import ProgressLintYAML

/// The value of a rule option in a config file, for the option's decoder: it reads the node
/// and reports a bad value at its position, naming the key.
public struct ConfigurationNode {
    let document: YAMLDocument
    let node: NodeID
    let path: String
    /// The key whose value it is, as messages name it.
    public let key: String

    package init(document: YAMLDocument, node: NodeID, path: String, key: String) {
        self.document = document
        self.node = node
        self.path = path
        self.key = key
    }

    /// An error at the value's position in its config file.
    public func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(path: path, position: document[node].range.start, message: message)
    }

    /// A single value (not a list, a mapping or null).
    public func text() throws(ConfigurationError) -> String {
        let n = document[node]
        guard n.kind == .scalar, !n.isNull else { throw fail("`\(key)` must be a single value") }
        return n.value
    }

    /// A list of single values; one value reads as a list of one.
    public func texts() throws(ConfigurationError) -> [String] {
        let n = document[node]
        if n.kind == .scalar && !n.isNull { return [n.value] }
        guard n.kind == .sequence else { throw fail("`\(key)` must be a list of text") }
        var result: [String] = []
        for item in n.items {
            result.append(try ConfigurationNode(document: document, node: item, path: path, key: key).text())
        }
        return result
    }

    /// A whole number from 1 up (underscores between digits are ignored: `10_000`).
    public func positiveInteger() throws(ConfigurationError) -> Int {
        let written = try text()
        guard let value = Int(String(written.filter { $0 != "_" })), value > 0 else {
            throw fail("`\(key)` must be a positive whole number, found `\(written)`")
        }
        return value
    }
}
