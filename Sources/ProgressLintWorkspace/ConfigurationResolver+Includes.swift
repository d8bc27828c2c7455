import ProgressLintEngine

extension ConfigurationResolver {
    /// Whether `configuration`'s `include` and `exclude` let the file `path` be linted, each list
    /// relative to the folder of the config file that set it (for a file judged alone: standard
    /// input named by `--stdin-filename` with `--force-exclude`; a walk compiles its globs once).
    public func includes(_ path: String, configuration: Configuration) -> Bool {
        if !configuration.include.isEmpty {
            let relative = relativePath(path, toFolder: configuration.includeDirectory ?? configuration.directory)
            if !configuration.include.contains(where: { Glob($0).matches(relative) }) { return false }
        }
        if configuration.exclude.isEmpty { return true }
        let relative = relativePath(path, toFolder: configuration.excludeDirectory ?? configuration.directory)
        return !configuration.exclude.contains(where: { Glob($0).matches(relative) })
    }
}
