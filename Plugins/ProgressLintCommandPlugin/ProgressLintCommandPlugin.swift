import Foundation
import PackagePlugin

/// `swift package progress-lint [PATH …] [options]`: runs `progress-lint` in the package's folder.
///
/// The arguments go to the linter as they are, so relative paths are the package's and, without
/// paths, every spec under the package is linted (honouring its `.progress-lint.yml` files).
/// `--target NAME` (repeatable) lints the folders of those targets instead. The linter's exit
/// status becomes the command's: error findings, or a usage, configuration or I/O failure, fail it.
@main
struct ProgressLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var forwarded = extractor.remainingArguments
        if !targetNames.isEmpty {
            for target in try context.package.targets(named: targetNames) {
                guard let module = target as? SourceModuleTarget else {
                    Diagnostics.warning("target '\(target.name)' has no source folder; skipping it")
                    continue
                }
                forwarded.append((TargetFolder(module) as FolderOfTarget).path)
            }
        }

        let process = Process()
        process.executableURL = try context.tool(named: "progress-lint").url
        process.arguments = forwarded
        process.currentDirectoryURL = context.package.directoryURL
        // The cache goes to the plugin's own folder (which the sandbox lets it write), unless the
        // environment names one; `--cache-dir` and `--no-cache` still override it.
        var environment = ProcessInfo.processInfo.environment
        if environment["PROGRESS_LINT_CACHE_DIR", default: ""].isEmpty {
            environment["PROGRESS_LINT_CACHE_DIR"] = context.pluginWorkDirectoryURL.appending(path: "cache")
                .path(percentEncoded: false)
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()

        guard process.terminationReason == .exit else {
            throw CommandFailure("progress-lint stopped on signal \(process.terminationStatus)")
        }
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            throw CommandFailure("progress-lint exited with status 1: fix the error findings listed above "
                                 + "(or the warnings past --max-warnings)")
        case let status:
            throw CommandFailure("progress-lint failed with exit status \(status) (a usage, configuration "
                                 + "or I/O problem, described above)")
        }
    }
}

/// Thrown to make `swift package progress-lint` exit non-zero with this message.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A target's folder. `Target.directoryURL` needs PackageDescription 6.1 and this package is 6.0,
/// whose `directory` is deprecated: read through a protocol so every run does not warn about it.
protocol FolderOfTarget { var path: String { get } }

struct TargetFolder: FolderOfTarget {
    let module: SourceModuleTarget
    init(_ module: SourceModuleTarget) { self.module = module }

    @available(*, deprecated, message: "use directoryURL once the package's tools version is 6.1")
    var path: String { module.directory.string }
}
