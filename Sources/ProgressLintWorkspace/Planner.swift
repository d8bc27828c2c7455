import ProgressLintEngine
import ProgressLintSupport

/// The files a run lints, found one at a time: the walk, the configuration of each file and the
/// include/exclude filter. Workers share one, under a lock.
package struct Planner {
    /// A file to lint.
    package struct Item {
        /// Its place among the files to lint: 0, 1, 2…
        package var sequence: Int
        /// Its place in the walk (problems are reported in this order).
        package var order: Int
        package var file: SpecFile
        /// Its configuration, in ``configurations``.
        package var configuration: Int
        /// Whether it was found by walking a folder (else it was named): only then is YAML that
        /// is not a spec skipped.
        package var walked = false
        /// The number of the folder named on the command line it was found in (in the order the
        /// walk reached them), -1 for a named file.
        package var folder = -1
        /// The folder it was found in, held open by the walk (its name is the path's last part).
        package var openFolder: OpenFolder?
    }

    private var walk: FileDiscovery.Walk
    private let resolver: ConfigurationResolver
    private let filterNamedFiles: Bool
    /// The distinct configurations met so far.
    package private(set) var configurations: [Configuration] = []
    /// Each configuration's `include` and `exclude` globs, compiled once.
    private var globs: [(include: [Glob], exclude: [Glob])] = []
    private var configurationIndex: [String: Int] = [:]
    /// Files already planned, when several paths are given (one folder's walk never repeats a file).
    private var seen: Set<[UInt8]>?
    private var reportedConfigs: Set<String> = []
    private var lookahead: [Item] = []
    /// The folder (as written) of the last file planned, and its configuration; and the walk's
    /// listing that file was found in (-1 for none): the files of one listing share its folder.
    private var lastFolder: (folder: String, index: Int)?
    private var lastListing = -1
    /// Each listing's folder and configuration once known, by listing number: a folder's files
    /// can come in runs split by its subfolders' (the walk's order), and find it again here.
    private var listingFolders: [(folder: String, index: Int)?] = []
    private var order = 0
    private var planned = 0
    /// Paths that could not be listed, with their place in the walk.
    package private(set) var problems: [(order: Int, problem: RunProblem)] = []
    package private(set) var configurationErrors: [ConfigurationError] = []
    /// Folders named on the command line in which nothing was planned, by folder number.
    private var unplanned: [(folder: Int, problem: RunProblem)] = []
    /// Folders named on the command line in which files were planned, all found by the walk: if
    /// all of them turn out not to be specs, nothing was linted there either.
    private var plannedFolders: [(folder: Int, path: String, planned: Int)] = []
    /// The folder being walked: its spec files, those linted (or already planned, or whose
    /// configuration failed), those planned, and the configuration whose include/exclude left one out.
    private var named: (path: String, specs: Int, matched: Int, planned: Int, filteredBy: Int?, problem: Bool)?
    /// The walk's path that ``named`` is, and how many of the walk's folders were taken.
    private var namedArgument = -1
    private var foldersTaken = 0
    /// The config files (absolute paths) of the configurations of the paths given: a named file
    /// among them is a configuration, checked as one and never linted as a spec.
    private var configurationFiles: Set<String> = []

    package init(_ paths: [String], resolver: ConfigurationResolver, filterNamedFiles: Bool) {
        self.walk = FileDiscovery.Walk(paths)
        self.resolver = resolver
        self.filterNamedFiles = filterNamedFiles
        self.seen = paths.count > 1 ? [] : nil
        // Found before any file is planned, so that a shared config named before the files whose
        // configuration extends it is known for one (pre-commit passes every staged YAML file).
        for path in paths where path.hasSuffix(".yml") || path.hasSuffix(".yaml") {
            if case .success(let configuration) = resolver.configuration(for: FileDiscovery.droppingDotSlash(path)) {
                configurationFiles.formUnion(resolver.absoluteFiles(of: configuration))
            }
        }
    }

    /// Whether the named file is a configuration: a `.progress-lint.yml`, the `--config` file, or one
    /// read through `extends` by the configuration of a path given.
    private func isConfiguration(_ file: SpecFile) -> Bool {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        return ConfigurationResolver.fileNames.contains(name) || configurationFiles.contains(resolver.absolutePath(file.path))
    }

    /// Whether `path` is `folder`, one `/` and a plain name (no `/`, not `.` or `..`, starting with
    /// an ASCII byte), told from the bytes alone; false sends the path the long way.
    static func isDirectly(_ path: String, in folder: String) -> Bool {
        var folder = folder
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        return folder.withUTF8 { folder in
            path.utf8.withContiguousStorageIfAvailable { path in
                guard !folder.isEmpty, path.count > folder.count + 1, path[folder.count] == slash else { return false }
                // Compared byte by byte on the buffers: `starts(with:)` goes through generic
                // collection code, many times slower on this path taken for every file found.
                for i in 0..<folder.count where path[i] != folder[i] { return false }
                let name = path[(folder.count + 1)...]
                if name[name.startIndex] >= 0x80 || name.contains(slash) { return false }
                return !name.allSatisfy { $0 == dot } || name.count > 2
            } ?? false
        }
    }

    /// Whether more than `count` files are to be linted (it looks ahead that far).
    package mutating func hasMore(than count: Int) -> Bool {
        while lookahead.count <= count, let item = find() { lookahead.append(item) }
        return lookahead.count > count
    }

    /// The next file to lint.
    package mutating func next() -> Item? {
        lookahead.isEmpty ? find() : lookahead.removeFirst()
    }

    private mutating func find() -> Item? {
        while true {
            let next = walk.next()
            // Folders the walk reached, even those it found nothing in; then whether this is another path's.
            while foldersTaken < walk.folders.count {
                closeFolder()
                (namedArgument, named) = (walk.folders[foldersTaken].argument, (walk.folders[foldersTaken].path, 0, 0, 0, nil, false))
                foldersTaken += 1
            }
            if walk.argument != namedArgument { closeFolder() }
            guard let found = next else { break }
            order += 1
            let file: SpecFile
            let walked: Bool
            switch found {
            case .problem(let path, let message):
                problems.append((order, RunProblem(path: path, message: message)))
                named?.problem = true
                continue
            case .explicit(let f) where isConfiguration(f):
                // Checked as a configuration: one that does not load is a configuration error;
                // one that loads adds nothing to lint.
                if case .failure(let error) = resolver.check(f.path),
                   reportedConfigs.insert(error.description).inserted {
                    configurationErrors.append(error)
                }
                continue
            case .explicit(let f): file = f; walked = false
            case .walked(let f): file = f; walked = true
            }
            if walked { named?.specs += 1 }
            if seen != nil {
                guard seen!.insert(PathText.lexicalKey(file.rawPath)).inserted else {
                    named?.matched += 1
                    continue
                }
            }
            // The files of one folder come together: the last folder's configuration serves them
            // (told from the walk's listing, or from the path's bytes, without finding the folder).
            let listing = walked ? walk.listingOfLast : -1
            if listing >= 0, listing != lastListing, listing < listingFolders.count, let known = listingFolders[listing] {
                (lastFolder, lastListing) = (known, listing)
            }
            let sameFolder = lastFolder != nil && listing >= 0 && listing == lastListing
                || (lastFolder.map { Planner.isDirectly(file.path, in: $0.folder) } ?? false)
            let folder = sameFolder ? nil : PathText.writtenFolder(of: file.path)
            if let last = lastFolder, sameFolder || folder.map({ $0 == last.folder }) ?? false {
                if include(file, walked: walked, configuration: last.index) {
                    return item(file, configuration: last.index, walked: walked)
                }
                named?.filteredBy = last.index
                continue
            }
            // A folder whose listing named no configuration file is not looked in again.
            switch resolver.configuration(for: file.path, folderHoldsNone: listing >= 0 && !walk.mayHoldConfiguration(listing: listing)) {
            case .failure(let error):
                named?.matched += 1
                if reportedConfigs.insert(error.description).inserted { configurationErrors.append(error) }
            case .success(let configuration):
                // A loaded configuration is known by its file; the defaults by their folder.
                let key = configuration.path ?? "\u{0}" + configuration.directory
                let index: Int
                if let known = configurationIndex[key] {
                    index = known
                } else {
                    index = configurations.count
                    configurations.append(configuration)
                    globs.append((configuration.include.map { Glob($0) }, configuration.exclude.map { Glob($0) }))
                    configurationIndex[key] = index
                }
                if let folder {
                    (lastFolder, lastListing) = ((String(folder), index), listing)
                    if listing >= 0 {
                        if listingFolders.count <= listing { listingFolders += repeatElement(nil, count: listing + 1 - listingFolders.count) }
                        listingFolders[listing] = lastFolder
                    }
                }
                if include(file, walked: walked, configuration: index) {
                    return item(file, configuration: index, walked: walked)
                }
                named?.filteredBy = index
            }
        }
        closeFolder()
        return nil
    }

    /// Notes a folder named on the command line in which nothing was linted, naming the patterns
    /// that left its specs out (as ESLint's "No files matching the pattern").
    private mutating func closeFolder() {
        defer { named = nil }
        guard let folder = named, !folder.problem else { return }
        let number = foldersTaken - 1
        guard folder.matched == 0 else {
            // Whether these were specs is known once they are read.
            if folder.planned == folder.matched { plannedFolders.append((number, folder.path, folder.planned)) }
            return
        }
        guard folder.specs > 0, let index = folder.filteredBy else {
            unplanned.append((number, RunProblem(path: folder.path, message:
                "no *.yaml or *.yml spec files in this folder; name a folder or file that holds specs")))
            return
        }
        let configuration = configurations[index]
        func list(_ globs: [String]) -> String { globs.map { "'\($0)'" }.joined(separator: ", ") }
        var patterns: [String] = []
        if !configuration.include.isEmpty { patterns.append("include \(list(configuration.include))") }
        if !configuration.exclude.isEmpty { patterns.append("exclude \(list(configuration.exclude))") }
        let source = configuration.path.map { " of \($0)" } ?? ""
        let files = folder.specs == 1 ? "its spec file" : "all \(folder.specs) of its spec files"
        unplanned.append((number, RunProblem(path: folder.path, message:
            "no files matching the patterns \(patterns.joined(separator: " and "))\(source) in this folder "
            + "(\(files) left out); fix the patterns")))
    }

    /// Folders named on the command line in which nothing was linted, in the order the walk reached
    /// them: those in which nothing was planned, and those whose planned files were all skipped as
    /// not specs (`skippedByFolder`: how many were, by folder number).
    package func unmatched(skippedByFolder: [Int: Int]) -> [RunProblem] {
        var all = unplanned
        for folder in plannedFolders where skippedByFolder[folder.folder, default: 0] == folder.planned {
            let files = folder.planned == 1 ? "its YAML file is not a spec" : "none of its \(folder.planned) YAML files is a spec"
            all.append((folder.folder, RunProblem(path: folder.path, message:
                "no spec to lint in this folder: \(files) (no `screen` or `indicators` at the top level), so "
                + "nothing was linted; name a folder or file that holds specs")))
        }
        return all.sorted { $0.folder < $1.folder }.map(\.problem)
    }

    private mutating func item(_ file: SpecFile, configuration: Int, walked: Bool) -> Item {
        defer { planned += 1; named?.matched += 1; if walked { named?.planned += 1 } }
        return Item(sequence: planned, order: order, file: file, configuration: configuration, walked: walked,
                    folder: walked ? foldersTaken - 1 : -1, openFolder: walked ? walk.folderOfLast : nil)
    }

    /// Whether the config's `include` and `exclude` let the file be linted. They filter files
    /// found under folders, and named files too with `filterNamedFiles`.
    private func include(_ file: SpecFile, walked: Bool, configuration index: Int) -> Bool {
        // The compiled globs are empty when the lists are: told without copying the configuration.
        guard (walked || filterNamedFiles) && !(globs[index].include.isEmpty && globs[index].exclude.isEmpty) else {
            return true
        }
        let configuration = configurations[index]
        // Each list is relative to the folder of the config file that set it (an extended one's too).
        if !configuration.include.isEmpty {
            let relative = resolver.relativePath(file.path, toFolder: configuration.includeDirectory ?? configuration.directory)
            if !globs[index].include.contains(where: { $0.matches(relative) }) { return false }
        }
        if configuration.exclude.isEmpty { return true }
        let relative = resolver.relativePath(file.path, toFolder: configuration.excludeDirectory ?? configuration.directory)
        return !globs[index].exclude.contains(where: { $0.matches(relative) })
    }
}
