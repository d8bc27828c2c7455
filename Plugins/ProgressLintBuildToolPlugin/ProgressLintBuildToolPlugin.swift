import Foundation
import PackagePlugin

/// Lints the specs in an adopting target's folder on every build that changes them.
///
/// The command is a build command (not a prebuild command, which cannot run a tool built from
/// source): its inputs are the target folder's `*.yaml`/`*.yml` files and the `.progress-lint.yml`
/// files between that folder and the package root, so it reruns when one of them changes. Its
/// output is a Swift file holding only a comment, written after a run without error findings:
/// SwiftPM compiles a target's generated Swift files, so the build waits for the linter, and an
/// error finding (exit status 1) or a failure (2) fails the build.
///
/// The linter is given the target's folder, so it picks the specs as `progress-lint Sources/App`
/// does: `*.yaml` and `*.yml` files, with the nearest `.progress-lint.yml`'s `include` and
/// `exclude`. Its text format prints one `/absolute/path:line:column: severity: message [rule]`
/// line per finding, which SwiftPM forwards and Xcode shows at the spec's line.
@main
struct ProgressLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        #if os(Windows)
        Diagnostics.warning("progress-lint's build-tool plugin runs /bin/sh, which Windows lacks; "
                            + "lint \(target.name)'s specs with `swift package progress-lint --target \(target.name)`")
        return []
        #else
        let folder = (TargetFolder(module) as FolderOfTarget).url.standardizedFileURL
        let specs = Self.yamlFiles(under: folder)
        guard !specs.isEmpty else { return [] }
        let configurations = Self.configurationFiles(from: folder.deletingLastPathComponent(),
                                                     upTo: context.package.directoryURL.standardizedFileURL)
        let tool = try context.tool(named: "progress-lint")
        let stamp = context.pluginWorkDirectoryURL.appending(path: "ProgressLint_\(target.name)_stamp.swift")
        // `sh` runs the linter, then writes the stamp only when the linter succeeded, so a failed
        // run leaves no stamp and runs again on the next build.
        let script = #"stamp=$1; shift; rm -f "$stamp"; "$@" && echo "// progress-lint: no error findings" > "$stamp""#
        let arguments = [
            "-c", script, "progress-lint", stamp.path(percentEncoded: false),
            tool.url.path(percentEncoded: false), "lint", "--format", "concise", "--color", "never",
            // The cache in the plugin's own folder, which the build's sandbox lets it write.
            "--cache-dir", context.pluginWorkDirectoryURL.appending(path: "cache").path(percentEncoded: false),
            folder.path(percentEncoded: false),
        ]
        return [
            .buildCommand(
                displayName: "progress-lint: \(target.name)'s specs",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: arguments,
                inputFiles: specs + configurations + [tool.url],
                outputFiles: [stamp]
            ),
        ]
        #endif
    }

    /// `*.yaml` and `*.yml` files under `folder`, hidden ones (`.progress-lint.yml`) included, sorted.
    static func yamlFiles(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: []) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where ["yaml", "yml"].contains(url.pathExtension.lowercased()) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url.standardizedFileURL)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The configuration files in `folder` and its parents up to `root` (inclusive), if `folder` is inside it.
    static func configurationFiles(from folder: URL, upTo root: URL) -> [URL] {
        let rootComponents = root.pathComponents
        var current = folder
        var found: [URL] = []
        while current.pathComponents.starts(with: rootComponents) {
            for name in [".progress-lint.yml", ".progress-lint.yaml"] {
                let candidate = current.appending(path: name)
                if FileManager.default.fileExists(atPath: candidate.path(percentEncoded: false)) {
                    found.append(candidate)
                }
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        return found
    }
}

/// A target's folder. `Target.directoryURL` needs PackageDescription 6.1 and this package is 6.0,
/// whose `directory` is deprecated: read through a protocol so every build does not warn about it.
protocol FolderOfTarget { var url: URL { get } }

struct TargetFolder: FolderOfTarget {
    let module: SourceModuleTarget
    init(_ module: SourceModuleTarget) { self.module = module }

    @available(*, deprecated, message: "use directoryURL once the package's tools version is 6.1")
    var url: URL { URL(fileURLWithPath: module.directory.string) }
}
