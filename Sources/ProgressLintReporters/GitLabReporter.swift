#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

/// GitLab Code Quality JSON (also read by Code Climate tools), shown by GitLab's merge-request
/// widget as new and fixed findings. `error` maps to `major`, `warning` to `minor` (`critical` and
/// `blocker` are for findings that stop a build elsewhere); paths are relative to the current
/// folder, as GitLab resolves them, and fingerprints are the JSON report's, unique per entry.
public struct GitLabReporter: Reporter {
    public static let name = "gitlab"
    /// An earlier report of this format, by how its report starts (white space left out).
    public static func recognises(_ prefix: ReportPrefix) -> Bool { prefix.hasPrefix("[") }
    public static let aliases = ["codeclimate"]
    public static let summary = "GitLab Code Quality JSON (alias codeclimate) for the merge-request widget"

    /// The folder paths are made relative to; nil for the process's current folder.
    let currentFolder: String?

    public init() { currentFolder = nil }

    /// A reporter that writes paths relative to `currentFolder`.
    public init(currentFolder: String) { self.currentFolder = currentFolder }

    /// Code Quality's severity for one of ours.
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .info: "info"
        }
    }

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let report = context.report(result)
        var fingerprints = Fingerprint.Sequence(for: report)
        let folder = currentFolder ?? GitLabReporter.workingDirectory()
        var file: (path: String, relative: String)?
        out.writeJSON { json in
            json.beginArray()
            for d in report.diagnostics {
                if file.map({ !ByteOrder.same($0.path, d.path) }) ?? true {
                    file = (d.path, GitLabReporter.relativePath(d.path, to: folder))
                }
                json.beginObject()
                json.member("description", d.message)
                json.member("check_name", d.ruleID)
                json.member("fingerprint", fingerprints.next(d))
                json.member("severity", GitLabReporter.severity(d.severity))
                json.key(literal: "location")
                json.beginObject()
                json.member("path", file!.relative)
                json.key(literal: "lines")
                json.beginObject()
                json.member("begin", Swift.max(1, d.range.start.line))
                json.end()
                json.end()
                json.end()
            }
            json.end()
        }
    }

    /// The process's current folder, or nil when it cannot be read.
    static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` relative to `folder`: a relative path without its leading `./`; an absolute one
    /// inside the folder without the folder, outside it with `../` as needed. Nil `folder`, or a
    /// relative path with `..` in it, leaves the path as it is (less the `./`).
    public static func relativePath(_ path: String, to folder: String?) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2).drop { $0 == "/" } }
        guard path.hasPrefix("/"), let folder, folder.hasPrefix("/") else { return String(path) }
        let target = path.split(separator: "/").filter { $0 != "." }
        let base = folder.split(separator: "/").filter { $0 != "." }
        // `..` in either would need the file system to resolve: keep the path whole.
        if target.contains("..") || base.contains("..") { return String(path) }
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
