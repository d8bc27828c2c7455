import ProgressLintEngine

extension LintRunner {
    /// Lints one text held in memory (an editor's buffer) as the file `path` under `configuration`
    /// and returns its diagnostics in report order: those ``run(inMemory:configuration:nonSpec:)``
    /// gives for the text alone, through the same finish, but without the run's storage (the
    /// language server lints on every change, and storing its findings only to read them back
    /// would be a good part of that work). Nil when `nonSpec` skips the text as not a spec.
    public func lint(text bytes: [UInt8], path: String, configuration: Configuration,
                     nonSpec: NonSpecHandling) -> [Diagnostic]? {
        let result = lint(bytes, path: path, configuration: configuration, nonSpec: nonSpec)
        if result.skippedAsNotSpec { return nil }
        var stores: [String: CrossFileStore] = [:]
        for collection in result.crossFile {
            let store = stores[collection.id] ?? CrossFileStore()
            store.append(collection.records, file: 0, severity: collection.severity)
            stores[collection.id] = store
        }
        let deferred = result.deferredSuppressions.isEmpty ? [] : [(path: path, suppressions: result.deferredSuppressions)]
        let extra = crossFileFinish(stores, deferred: deferred, order: { _ in nil }, pathOfFile: { _ in path },
                                    source: { _ in bytes }) { deferred.isEmpty ? [] : result.diagnostics }
        // With deferred suppressions the file's own findings are among `extra`.
        if !deferred.isEmpty { return extra }
        if extra.isEmpty { return result.diagnostics }
        // Both in report order: a stable sort merges them, each cross-file finding after the
        // file's findings it does not strictly precede (as a run reads them).
        var merged = result.diagnostics + extra
        merged.sort(by: Diagnostic.ordered)
        return merged
    }
}
