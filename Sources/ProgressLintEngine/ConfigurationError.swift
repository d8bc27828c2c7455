import ProgressLintYAML

/// A configuration file that cannot be used; the command exits 2 with this message.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The config file.
    public var path: String
    /// Where in it, when known.
    public var position: SourcePosition?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, position: SourcePosition?, message: String) {
        self.path = path
        self.position = position
        self.message = message
    }

    public var description: String {
        if let position { return "\(path):\(position.line):\(position.column): \(message)" }
        return "\(path): \(message)"
    }
}
