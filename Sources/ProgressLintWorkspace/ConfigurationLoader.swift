import ProgressLintSpec
import ProgressLintSupport
import ProgressLintYAML
import ProgressLintEngine

/// Reads `.progress-lint.yml` files into ``Configuration``s.
public struct ConfigurationLoader: Sendable {
    /// The ids of every rule, to check the `rules:` keys.
    public let rules: [RuleDescription]

    /// The keys a config file accepts at its top level, besides the rules' own options (``options``).
    public static let keys = ["platform", "include", "exclude", "thresholds", "components", "rules", "limits",
                              "extends", "docs-url"]
    /// The keys of `limits:`.
    public static let limitKeys = ["max-file-size", "max-depth", "max-alias-nodes", "max-diagnostics-per-file"]

    /// The largest `max-file-size` a configuration may ask for: 1 GB.
    public static let maxFileSizeCeiling = 1024 * 1024 * 1024

    /// Why a text is not a `max-file-size`.
    public enum SizeError: Error, Equatable, Sendable {
        /// Not digits (with an optional fraction) and an optional unit.
        case malformed
        /// Zero bytes.
        case notPositive
        /// A fraction of a byte after the unit is applied (`0.0000001KB`, `1.1KB`).
        case notWholeBytes
        /// More than ``maxFileSizeCeiling`` (or too large to represent at all).
        case aboveCeiling
    }

    /// Reads a size: `1536`, `10MB`, `1.5KB`, `10 MB` (`KB` is 1,024 bytes, `MB` 1,024 KB, `GB` 1,024 MB;
    /// underscores are ignored). It must come to a whole number of bytes, from 1 to ``maxFileSizeCeiling``.
    public static func size(_ written: String) throws(SizeError) -> Int {
        var text = Substring(written.filter { $0 != "_" })
        var factor = 1.0
        for (suffix, unit) in [("KB", 1024.0), ("MB", 1024.0 * 1024), ("GB", 1024.0 * 1024 * 1024), ("B", 1.0)]
        where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count).trimmingCharactersSpace()
            factor = unit
            break
        }
        // Digits, then at most one `.` followed by digits: no sign, exponent, hex, `inf` or `nan`.
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty,
              parts.allSatisfy({ part in !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let number = Double(text) else { throw .malformed }
        // A huge digit string reads as infinity, which is above the ceiling too.
        let bytes = number * factor
        guard bytes > 0 else { throw .notPositive }
        guard bytes <= Double(maxFileSizeCeiling) else { throw .aboveCeiling }
        guard bytes == bytes.rounded(.towardZero), let count = Int(exactly: bytes) else { throw .notWholeBytes }
        return count
    }

    /// Creates a loader that knows these rules.
    public init(rules: [RuleDescription]) { self.rules = rules }

    /// The options the rules own (`vague-labels`, …), each a top-level key.
    public var options: [AnyRuleOption] { rules.flatMap(\.ownOptions) }

    /// The most config files one chain of `extends` may read.
    public static let maxExtendsDepth = 32
    /// The most config files one configuration may read through `extends` (a file extended
    /// twice counts twice), so that lists extending lists cannot multiply into millions of reads.
    public static let maxExtendsFiles = 256

    /// Parses config text, then the files it `extends` (recursively). `path` names it in errors;
    /// `directory` is its folder, which its globs and `extends` paths are relative to.
    /// `workingDirectory` (default: the process's) is what extended files are shown relative to.
    public func load(_ bytes: [UInt8], path: String, directory: String,
                     workingDirectory: String? = nil) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration()
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let layer = Layer(shown: path, absolute: PathText.absolute(name, in: directory), directory: directory)
        let extendsPosition = try apply(bytes, layer: layer, chain: [], into: &configuration,
                                        workingDirectory: workingDirectory ?? (SystemCalls.currentDirectory() ?? "."))
        if let error = ThresholdOrder.check(configuration, path: path, extendsPosition: extendsPosition) { throw error }
        configuration.path = path
        configuration.directory = directory
        return configuration
    }

    /// One config file of an `extends` chain.
    private struct Layer {
        var shown: String
        var absolute: String
        var directory: String
    }

    /// Reads the files and profiles `bytes` extends into `configuration`, then `bytes` over them;
    /// returns the position of its `extends` value (of the list, when it is one).
    @discardableResult
    private func apply(_ bytes: [UInt8], layer: Layer, chain: [Layer], into configuration: inout Configuration,
                       workingDirectory: String) throws(ConfigurationError) -> SourcePosition? {
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(bytes)
        } catch {
            throw ConfigurationError(path: layer.shown, position: error.position, message: error.message)
        }
        if documents.count > 1 {
            throw ConfigurationError(
                path: layer.shown, position: documents[1].start,
                message: "a configuration is one YAML document; remove this second one (and its `---`) "
                    + "or merge its keys into the first")
        }
        guard let document = documents.first(where: { !$0.isEmpty }), let root = document.root else {
            configuration.files.append(layer.shown)
            return nil
        }
        let reader = Reader(document: document, path: layer.shown, directory: layer.directory, rules: rules)
        let chain = chain + [layer]
        var extendsPosition: SourcePosition?
        if document[root].kind == .mapping,
           let value = document[root].pairs.first(where: { document[$0.0].value == "extends" })?.1 {
            extendsPosition = document[value].range.start
            for item in document[value].kind == .sequence ? document[value].items : [value] {
                let written = try reader.scalar(item, key: "extends")
                // A value starting with `progress-lint:` is always a profile, never a path.
                if written.hasPrefix(ThresholdProfile.prefix) {
                    try applyProfile(written, at: item, reader: reader, into: &configuration)
                    continue
                }
                try extend(written, at: document[item].range.start, chain: chain, into: &configuration,
                           workingDirectory: workingDirectory)
            }
        }
        configuration.files.append(layer.shown)
        try reader.read(root, into: &configuration)
        return extendsPosition
    }

    /// Applies the built-in profile `written` (`progress-lint:gnome`, the `extends` entry at `item`).
    private func applyProfile(_ written: String, at item: NodeID, reader: Reader,
                              into configuration: inout Configuration) throws(ConfigurationError) {
        if let message = ThresholdProfile.unknownMessage(written) { throw reader.fail(message, at: item) }
        guard let profile = ThresholdProfile.named(String(written.dropFirst(ThresholdProfile.prefix.count))) else { return }
        profile.apply(to: &configuration.thresholds)
        for value in profile.values {
            configuration.sources["thresholds." + value.key] = profile.id
            configuration.thresholdOrigins[value.key] = .profile(profile.id)
        }
        configuration.profiles.append(profile.id)
    }

    /// Reads the file `written` (an `extends` entry of the chain's last file, at `position`) into `configuration`.
    private func extend(_ written: String, at position: SourcePosition, chain: [Layer],
                        into configuration: inout Configuration, workingDirectory: String) throws(ConfigurationError) {
        let from = chain[chain.count - 1]
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(path: from.shown, position: position, message: message)
        }
        let absolute = PathText.absolute(written, in: from.directory)
        let shown = PathText.relativeWalkingUp(absolute, to: workingDirectory)
        let names = chain.map(\.shown) + [shown]
        if chain.contains(where: { $0.absolute == absolute }) {
            throw fail("`extends: \(written)` makes a cycle: \(names.joined(separator: " → ")); remove one of these `extends`")
        }
        if chain.count >= ConfigurationLoader.maxExtendsDepth {
            throw fail("`extends` goes more than \(ConfigurationLoader.maxExtendsDepth) files deep "
                       + "(\(names.prefix(3).joined(separator: " → ")) → … → \(shown)); extend a shared file directly")
        }
        if configuration.files.count >= ConfigurationLoader.maxExtendsFiles {
            throw fail("`extends` reads more than \(ConfigurationLoader.maxExtendsFiles) files in all; "
                       + "extend each shared file once")
        }
        let bytes: [UInt8]
        switch FileReader.read(SpecFile(path: absolute), limit: 1024 * 1024) {
        case .success(let read): bytes = read
        case .failure(let failure):
            let reason: String
            switch failure {
            case .system(let text): reason = text
            case .notRegularFile(let kind): reason = "it is \(kind), not a file"
            case .tooLarge: reason = "it is larger than 1 MB"
            }
            throw fail("`extends: \(written)` cannot be read (\(reason)): \(names.joined(separator: " → ")); "
                       + "the path is relative to this file's folder")
        }
        try apply(bytes, layer: Layer(shown: shown, absolute: absolute, directory: PathText.parent(absolute)),
                  chain: chain, into: &configuration, workingDirectory: workingDirectory)
    }

    private struct Reader {
        let document: YAMLDocument
        let path: String
        /// The config file's folder, which its `include` and `exclude` are relative to.
        let directory: String
        let rules: [RuleDescription]

        func fail(_ message: String, at node: NodeID) -> ConfigurationError {
            ConfigurationError(path: path, position: document[node].range.start, message: message)
        }

        func pairs(_ node: NodeID, what: String, allowed: [String]?) throws(ConfigurationError) -> [(String, NodeID, NodeID)] {
            guard document[node].kind == .mapping else {
                throw fail("`\(what)` must be a mapping", at: node)
            }
            if let (duplicate, _) = document.duplicateKeys.first(where: { document[$0.duplicate].parent == node }) {
                throw fail("duplicate key `\(document[duplicate].value)`", at: duplicate)
            }
            var result: [(String, NodeID, NodeID)] = []
            for (key, value) in document[node].pairs {
                let name = document[key].value
                if let allowed, !allowed.contains(name) {
                    throw fail("unknown key `\(name)` in `\(what)`" + DidYouMean.clauseOrChoices(for: name, among: allowed),
                               at: key)
                }
                result.append((name, key, value))
            }
            return result
        }

        func scalar(_ node: NodeID, key: String) throws(ConfigurationError) -> String {
            try ConfigurationNode(document: document, node: node, path: path, key: key).text()
        }

        func strings(_ node: NodeID, key: String) throws(ConfigurationError) -> [String] {
            try ConfigurationNode(document: document, node: node, path: path, key: key).texts()
        }

        /// Patterns that must each be a valid glob, reported at the pattern's own position.
        func globs(_ node: NodeID, key: String) throws(ConfigurationError) -> [String] {
            let patterns = try strings(node, key: key)
            let items = document[node].kind == .sequence ? document[node].items : [node]
            for (item, pattern) in zip(items, patterns) {
                do { _ = try Glob(validating: pattern) } catch {
                    throw fail("`\(key)` pattern `\(pattern)` is not a valid glob: \(error.message)", at: item)
                }
            }
            return patterns
        }

        func duration(_ node: NodeID, key: String) throws(ConfigurationError) -> Duration {
            let text = try scalar(node, key: key)
            do {
                return try Duration.parse(text[...])
            } catch .missingUnit(let number) {
                throw fail(Duration.missingUnitMessage(key: key, number: number), at: node)
            } catch .outOfRange {
                let shown = text.count > 40 ? text.prefix(37) + "…" : text[...]
                throw fail("`\(key): \(shown)` is out of range; a duration is at most \(Duration.maximum) (7 days)",
                           at: node)
            } catch {
                throw fail("`\(key): \(text)` is not a duration such as 250ms, 1.5s or 2m", at: node)
            }
        }

        func integer(_ node: NodeID, key: String) throws(ConfigurationError) -> Int {
            try ConfigurationNode(document: document, node: node, path: path, key: key).positiveInteger()
        }

        func size(_ node: NodeID, key: String) throws(ConfigurationError) -> Int {
            let text = try scalar(node, key: key)
            let shown = text.count > 40 ? text.prefix(37) + "…" : text[...]
            do {
                return try ConfigurationLoader.size(text)
            } catch .malformed {
                throw fail("`\(key): \(shown)` is not a size; write a whole number of bytes, or a number with KB, MB "
                           + "or GB (e.g. 10MB)", at: node)
            } catch .notPositive {
                throw fail("`\(key): \(shown)` must be at least 1 byte", at: node)
            } catch .notWholeBytes {
                throw fail("`\(key): \(shown)` is not a whole number of bytes (1KB is 1024 bytes); "
                           + "write a whole number of bytes or a size such as 1.5KB", at: node)
            } catch {  // .aboveCeiling
                throw fail("`\(key): \(shown)` is above the ceiling of 1GB "
                           + "(larger files take minutes and gigabytes to parse)", at: node)
            }
        }

        /// `components:`, entry by entry over those of the files it extends: each key a name of the
        /// team's own (not a known component), each value a known component or `custom`.
        func readComponents(_ node: NodeID, into c: inout Configuration) throws(ConfigurationError) {
            for (name, keyNode, v) in try pairs(node, what: "components", allowed: nil) {
                guard document[keyNode].kind == .scalar, !name.isEmpty else {
                    throw fail("a key of `components` is the name of one of your views, e.g. `BrandProgressBar`",
                               at: keyNode)
                }
                if KnownComponent.named(name) != nil {
                    throw fail("`\(name)` is a known component and cannot be redefined; remove it from `components` "
                               + "(only your own views are declared there)", at: keyNode)
                }
                let text = try scalar(v, key: name)
                guard let meaning = DeclaredComponents.Meaning(text) else {
                    let closest = KnownComponent.nearMiss(of: text, platform: c.platform)?.rawValue
                        ?? DidYouMean.closest(to: text, among: KnownComponent.allCases.map(\.rawValue) + ["custom"])
                    let hint = closest.map { "did you mean `\($0)`? " } ?? ""
                    throw fail("`\(name): \(text.clippedForMessage)` is not a known component; \(hint)use a component of "
                               + "the spec format's table (" + KnownComponent.allCases.map(\.rawValue).joined(separator: ", ")
                               + ") or `custom` for a view of your own", at: v)
                }
                c.components[name] = meaning
                c.sources["components." + name] = path
            }
        }

        func read(_ root: NodeID, into c: inout Configuration) throws(ConfigurationError) {
            let options = rules.flatMap(\.ownOptions)
            let keys = ConfigurationLoader.keys + options.map(\.key)
            for (name, _, value) in try pairs(root, what: "the configuration", allowed: keys) {
                if !["thresholds", "limits", "rules", "extends", "components"].contains(name) { c.sources[name] = path }
                switch name {
                case "platform":
                    let text = try scalar(value, key: name)
                    guard let platform = Platform(rawValue: text) else {
                        throw fail("`platform: \(text)` is not a platform; use one of "
                                   + Platform.allCases.map(\.rawValue).joined(separator: ", "), at: value)
                    }
                    c.platform = platform
                case "include":
                    c.include = try globs(value, key: name)
                    c.includeDirectory = directory
                case "exclude":
                    c.exclude = try globs(value, key: name)
                    c.excludeDirectory = directory
                case "thresholds":
                    for (key, _, v) in try pairs(value, what: "thresholds", allowed: Thresholds.keys) {
                        c.sources["thresholds." + key] = path
                        c.thresholds.set(key, to: try duration(v, key: key))
                        c.thresholdOrigins[key] = .file(path, document[v].range.start)
                    }
                case "limits":
                    for (key, _, v) in try pairs(value, what: "limits", allowed: ConfigurationLoader.limitKeys) {
                        c.sources["limits." + key] = path
                        switch key {
                        case "max-file-size": c.limits.maxFileSize = try size(v, key: key)
                        case "max-depth":
                            let depth = try integer(v, key: key)
                            guard depth <= YAMLLimits.maxDepthCeiling else {
                                throw fail("`max-depth: \(depth)` is above the ceiling of \(YAMLLimits.maxDepthCeiling) "
                                           + "(deeper nesting makes parsing take hours)", at: v)
                            }
                            c.limits.yaml.maxDepth = depth
                        case "max-diagnostics-per-file": c.limits.maxDiagnosticsPerFile = try integer(v, key: key)
                        default: c.limits.yaml.maxAliasNodes = try integer(v, key: key)
                        }
                    }
                case "components":
                    try readComponents(value, into: &c)
                case "docs-url":
                    let text = try scalar(value, key: name)
                    // Only http and https: the address ends up in links people follow.
                    guard Configuration.isDocsURL(text) else {
                        throw fail("`docs-url` is the http or https address where your copy of the rule pages is "
                                   + "published, e.g. https://docs.example.com/progress-lint/Rules (or with {rule} in it)",
                                   at: value)
                    }
                    c.docsURL = text
                case "rules":
                    let ids = rules.map(\.id)
                    for (key, keyNode, v) in try pairs(value, what: "rules", allowed: nil) {
                        guard let description = rules.first(where: { $0.id == key }) else {
                            throw fail("unknown rule `\(key)` in `rules`" + DidYouMean.clause(for: key, among: ids)
                                       + " (`progress-lint rules` lists them)", at: keyNode)
                        }
                        if description.isInputRule {
                            throw fail("`\(key)` is an input rule: it is always on and its severity cannot be changed",
                                       at: keyNode)
                        }
                        let text = try scalar(v, key: key)
                        guard let level = RuleLevel(text) else {
                            throw fail("`\(key): \(text)` is not a level; use off, info, warning or error", at: v)
                        }
                        c.rules[key] = level
                        c.sources["rules." + key] = path
                    }
                default:
                    guard let option = options.first(where: { $0.key == name }) else { break }
                    let node = ConfigurationNode(document: document, node: value, path: path, key: name)
                    c.options.set(try option.decode(node), for: option)
                }
            }
        }
    }
}

extension Substring {
    fileprivate func trimmingCharactersSpace() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
