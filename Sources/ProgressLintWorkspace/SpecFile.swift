import ProgressLintEngine
/// A file to lint: the path shown (invalid UTF-8 as replacement characters) and the exact bytes of
/// its name, which it is opened by.
public struct SpecFile: Hashable, Sendable {
    /// The path as shown in output.
    public var path: String
    /// The path as the operating system knows it.
    public var rawPath: [UInt8]

    /// A file whose name is valid text.
    public init(path: String) {
        self.path = path
        self.rawPath = Array(path.utf8)
    }

    /// A file known by the bytes of its name.
    public init(rawPath: [UInt8]) {
        self.rawPath = rawPath
        self.path = String(decoding: rawPath, as: UTF8.self)
    }
}
