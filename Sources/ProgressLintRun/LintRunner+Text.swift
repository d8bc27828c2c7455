import ProgressLintEngine

extension LintRunner {
    /// Lints one text held in memory (an editor's buffer) as the file `path` under `configuration`,
    /// and returns its diagnostics in report order: those a run over that file alone gives
    /// (`progress-lint FILE`, or ``run(inMemory:configuration:)``), its cross-file rules comparing
    /// the file's own screens, with no run storage in between (the diagnostics are never encoded
    /// and read back). A text over the configuration's `max-file-size` gets the diagnostic an
    /// oversize file gets.
    ///
    /// With `skippingNonSpec` (as for a file found by walking a folder), YAML that is not shaped
    /// like a spec gives nil.
    public func lint(text bytes: [UInt8], path: String, configuration: Configuration,
                     skippingNonSpec: Bool) -> [Diagnostic]? {
        lint(text: bytes, path: path, configuration: configuration, nonSpec: skippingNonSpec ? .skip : .lint)
    }

    /// ``lint(text:path:configuration:skippingNonSpec:)`` with `nonSpec` saying what becomes of
    /// YAML that is not a spec (``NonSpecHandling``): nil when it is skipped.
    public func lint(text bytes: [UInt8], path: String, configuration: Configuration,
                     nonSpec: NonSpecHandling) -> [Diagnostic]? {
        if bytes.count > configuration.limits.maxFileSize {
            return LintRunner.tooLarge(path, limit: configuration.limits.maxFileSize, prefix: bytes).diagnostics
        }
        let result = linter.lint(bytes, path: path, configuration: configuration, nonSpec: nonSpec)
        if result.skippedAsNotSpec { return nil }
        // The cross-file rules over this one file's values, as the run's `finish` does over a run's.
        var stores: [String: CrossFileStore] = [:]
        for collection in result.crossFile {
            let store = stores[collection.id] ?? CrossFileStore()
            store.append(collection.records, file: 0, severity: collection.severity)
            stores[collection.id] = store
        }
        var crossFile = crossFileFindings(stores, order: { _ in nil }, pathOfFile: { _ in path })
        SourceLine.attach(to: &crossFile, from: bytes)
        if !result.deferredSuppressions.isEmpty {
            applyDeferredSuppressions(result.diagnostics, &crossFile, deferred: [(path, result.deferredSuppressions)])
            crossFile.sortInReportOrder()
            return crossFile
        }
        if crossFile.isEmpty { return result.diagnostics }
        // The file's diagnostics are in report order; the (few) cross-file ones are sorted and
        // merged in, each after the file's diagnostics it does not strictly precede (as a run reads them).
        crossFile.sortInReportOrder()
        var merged: [Diagnostic] = []
        merged.reserveCapacity(result.diagnostics.count + crossFile.count)
        var next = 0
        for diagnostic in result.diagnostics {
            while next < crossFile.count && Diagnostic.ordered(crossFile[next], diagnostic) {
                merged.append(crossFile[next])
                next += 1
            }
            merged.append(diagnostic)
        }
        merged += crossFile[next...]
        return merged
    }
}
