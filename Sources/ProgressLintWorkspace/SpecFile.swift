import ProgressLintEngine
/// A file to lint: the path shown to the user, and the exact bytes of its name.
///
/// A name that is not valid UTF-8 is shown with replacement characters but
/// still opened by its real bytes.
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
