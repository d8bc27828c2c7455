#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintSupport
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Workspace diagnostics: the command's run over the workspace folders (the same runner, with its
/// cross-file rules), on a thread of its own. The message loop is woken through a pipe when it
/// is done, and publishes closed files' findings and the cross-file findings of open ones.
struct WorkspaceScan {
    /// What a finished run hands from the scanning thread to the loop.
    struct Finished: Sendable {
        var generation: Int
        var diagnostics: [Diagnostic]
        var files: [String]
        var seconds: Double
        /// How many files the cache answered, when the run used one.
        var fromCache: Int?
        /// What to log about the cache (a folder that cannot be used, a cache not written).
        var cacheNote: String?
    }

    /// A finished run, handed from the scanning thread to the loop.
    final class Handoff: Sendable {
        let result = Mutex<Finished?>(nil)
    }

    let handoff = Handoff()
    /// The pipe that wakes the loop: read end, write end.
    let wake: (read: Int32, write: Int32)
    /// Which scan is current (a result of an older one is dropped).
    var generation = 0
    var running = false
    /// A scan was asked for while one ran: start again when it ends.
    var again = false
    /// The progress token of the running scan, when the client shows progress.
    var progressToken: String?
    /// The findings of the last scan by file URI, as published (closed files).
    var published: [String: [LSPDiagnostic]] = [:]
    /// The cross-file findings of the last scan by absolute path (merged into open documents).
    var crossFile: [String: [Diagnostic]] = [:]
    /// The files the last scan linted (absolute paths).
    var scanned: Set<String> = []
    /// What was logged about the cache (each said once).
    var cacheNotes: Set<String> = []

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            wake = (fds[0], fds[1])
        } else {
            wake = (-1, -1)
        }
    }

    func closePipe() {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    mutating func stop() {
        generation += 1
        running = false
        again = false
    }
}

extension LanguageServer {
    /// The environment variable naming the cache folder, as for the command.
    static let cacheFolderVariable = "PROGRESS_LINT_CACHE_DIR"

    /// Starts the background run over the workspace folders (or marks it to run again after the current one).
    func startWorkspaceScan() {
        guard backgroundWork, settings.workspaceDiagnostics, !folders.isEmpty, workspace.wake.write >= 0 else { return }
        if workspace.running {
            workspace.again = true
            return
        }
        workspace.generation += 1
        workspace.running = true
        let generation = workspace.generation
        let handoff = workspace.handoff
        let wake = workspace.wake.write
        // Relative to the working directory where they are in it, so that paths in messages are
        // those the command run there prints.
        let cwd = configurations.workingDirectory
        let folders = self.folders.map { folder -> String in
            if folder == cwd { return "." }
            if folder.hasPrefix(cwd.hasSuffix("/") ? cwd : cwd + "/") { return String(folder.dropFirst(cwd.count + (cwd.hasSuffix("/") ? 0 : 1))) }
            return folder
        }
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let runner = LintRunner(linter: linter, loader: loader, jobs: max(1, cores - 1))
        // The cache the command uses when run here over these folders (`PROGRESS_LINT_CACHE_DIR`,
        // else `.progress-lint-cache` beside the nearest config): the same folder and keys, so
        // either one's run makes the other's fast. Off with the `cache` setting.
        let cacheEnvironment = getenv(Self.cacheFolderVariable).map { String(cString: $0) }
        let useCache = settings.cache
        if client.workDoneProgress {
            let token = "progress-lint-workspace-\(generation)"
            workspace.progressToken = token
            sendRequest("window/workDoneProgress/create", JSON.object(["token": .string(token)]))
            notify("$/progress", ProgressParams(token: token, value: WorkDoneProgressBegin(
                title: "progress-lint", percentage: nil)))
        }
        SystemCalls.startThread(stackSize: 8 << 20) {
            let started = Date()
            var runner = runner
            var cacheNote: String?
            var cache: RunCache?
            if useCache {
                switch RunCache.open(option: nil, environment: cacheEnvironment, workingDirectory: cwd) {
                case .success(let opened): cache = opened
                case .failure(let unavailable): cacheNote = unavailable.description
                }
                runner.use(cache)
            }
            let result = runner.run(folders)
            if let cache, let failure = cache.save() {
                cacheNote = "cannot write the cache in \(cache.folder): \(failure); this run's results were not kept"
            }
            let files = Array(result.filePaths)
            let finished = WorkspaceScan.Finished(generation: generation, diagnostics: result.diagnostics, files: files,
                                    seconds: Date().timeIntervalSince(started), fromCache: cache?.filesFromCache,
                                    cacheNote: cacheNote)
            handoff.result.withLock { $0 = finished }
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
        }
    }

    /// `seconds` with two decimals, as `%.2f` writes it (`0.25`).
    static func twoDecimals(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return "\(seconds)" }
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Takes a finished scan (after the wake pipe was readable) and publishes it.
    func finishWorkspaceScan() {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(workspace.wake.read, &drain, drain.count) > 0 {}
        guard let finished = workspace.handoff.result.withLock({ value in
            defer { value = nil }
            return value
        }) else { return }
        let (diagnostics, files) = (finished.diagnostics, finished.files)
        guard finished.generation == workspace.generation else { return }
        workspace.running = false
        if let token = workspace.progressToken {
            let fromCache = finished.fromCache ?? 0
            notify("$/progress", ProgressParams(token: token, value: WorkDoneProgressEnd(
                message: "\(files.count) file\(files.count == 1 ? "" : "s") linted"
                    + (fromCache > 0 ? " (\(fromCache) from the cache)" : ""))))
            workspace.progressToken = nil
        }
        var cached = ""
        if let fromCache = finished.fromCache {
            cached = ", \(fromCache) of them from the cache"
        }
        log("workspace: \(files.count) files\(cached), \(diagnostics.count) findings in "
            + "\(Self.twoDecimals(finished.seconds)) s")
        if let note = finished.cacheNote, workspace.cacheNotes.insert(note).inserted { log(note) }
        var byPath: [String: [Diagnostic]] = [:]
        for file in files { byPath[file] = [] }
        for diagnostic in diagnostics { byPath[diagnostic.path, default: []].append(diagnostic) }
        var published: [String: [LSPDiagnostic]] = [:]
        var crossFile: [String: [Diagnostic]] = [:]
        let openPaths = Set(documents.values.compactMap(\.path))
        for (path, found) in byPath {
            let absolute = configurations.absolutePath(path)
            let cross = found.filter { linter.isCrossFile($0.ruleID) }
            if !cross.isEmpty { crossFile[absolute] = cross }
            if openPaths.contains(absolute) { continue }
            let bytes = LanguageServer.readFile(absolute, limit: Limits().maxFileSize) ?? []
            let index = TextIndex(bytes)
            var shown = found
            if !settings.specSchema { shown.removeAll { $0.ruleID == InputRuleID.specSchema } }
            let docs = docsURL(for: absolute)
            published[DocumentURI.uri(of: absolute)] = shown.map { lspDiagnostic($0, index: index, docsURL: docs) }
        }
        let before = workspace.published
        workspace.published = published
        workspace.crossFile = crossFile
        workspace.scanned = Set(files.map { configurations.absolutePath($0) })
        if !client.pullDiagnostics {
            for (uri, items) in published.sorted(by: { $0.key < $1.key }) where before[uri] != items {
                publish(uri, version: nil, items)
            }
            for uri in before.keys where published[uri] == nil && documents[uri] == nil {
                publish(uri, version: nil, [])
            }
        }
        for uri in documents.keys { documents[uri]?.lint = nil }
        diagnosticsChanged()
        if workspace.again {
            workspace.again = false
            startWorkspaceScan()
        }
    }

    /// `workspace/diagnostic`: the last scan's findings of files that are not open.
    func workspaceDiagnosticReport() -> JSON {
        let items: [JSON] = workspace.published.sorted(by: { $0.key < $1.key }).compactMap { uri, diagnostics in
            guard documents[uri] == nil else { return nil }
            return .object(["kind": .string("full"), "uri": .string(uri), "version": .null,
                            "items": JSONCoding.json(diagnostics)])
        }
        return .object(["items": .array(items)])
    }
}
