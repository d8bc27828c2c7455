import ProgressLintSpec
import ProgressLintYAML

/// Reads `.progress-lint.yml` files into ``Configuration``s.
public struct ConfigurationLoader: Sendable {
    /// The ids of every rule, to check the `rules:` keys.
    public let rules: [RuleDescription]

    /// The keys a config file accepts at its top level.
    public static let keys = ["platform", "include", "exclude", "thresholds", "vague-labels", "rules", "limits"]
    /// The keys of `limits:`.
    public static let limitKeys = ["max-file-size", "max-depth", "max-alias-nodes"]

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

    /// Parses config text. `path` names it in errors; `directory` is what its globs are relative to.
    public func load(_ bytes: [UInt8], path: String, directory: String) throws(ConfigurationError) -> Configuration {
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(bytes)
        } catch {
            throw ConfigurationError(path: path, position: error.position, message: error.message)
        }
        var configuration = Configuration()
        configuration.path = path
        configuration.directory = directory
        if documents.count > 1 {
            throw ConfigurationError(
                path: path, position: documents[1].start,
                message: "a configuration is one YAML document; remove this second one (and its `---`) "
                    + "or merge its keys into the first")
        }
        guard let document = documents.first(where: { !$0.isEmpty }), let root = document.root else {
            return configuration
        }
        let reader = Reader(document: document, path: path, rules: rules)
        try reader.read(root, into: &configuration)
        return configuration
    }

    private struct Reader {
        let document: YAMLDocument
        let path: String
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
                    var message = "unknown key `\(name)` in `\(what)`"
                    if let suggestion = SpecKeys.suggestion(for: name, among: allowed) {
                        message += "; did you mean `\(suggestion)`?"
                    } else {
                        message += "; expected one of \(allowed.map { "`\($0)`" }.joined(separator: ", "))"
                    }
                    throw fail(message, at: key)
                }
                result.append((name, key, value))
            }
            return result
        }

        func scalar(_ node: NodeID, key: String) throws(ConfigurationError) -> String {
            let n = document[node]
            guard n.kind == .scalar, !n.isNull else { throw fail("`\(key)` must be a single value", at: node) }
            return n.value
        }

        func strings(_ node: NodeID, key: String) throws(ConfigurationError) -> [String] {
            let n = document[node]
            if n.kind == .scalar && !n.isNull { return [n.value] }
            guard n.kind == .sequence else { throw fail("`\(key)` must be a list of text", at: node) }
            var result: [String] = []
            for item in n.items { result.append(try scalar(item, key: key)) }
            return result
        }

        func duration(_ node: NodeID, key: String) throws(ConfigurationError) -> Duration {
            let text = try scalar(node, key: key)
            do {
                return try Duration.parse(text[...])
            } catch .missingUnit(let number) {
                throw fail("`\(key): \(number)` has no unit; add one: \(number)ms, \(number)s, \(number)m or \(number)h",
                           at: node)
            } catch .outOfRange {
                let shown = text.count > 40 ? text.prefix(37) + "…" : text[...]
                throw fail("`\(key): \(shown)` is out of range; a duration is at most \(Duration.maximum) (7 days)",
                           at: node)
            } catch {
                throw fail("`\(key): \(text)` is not a duration such as 250ms, 1.5s or 2m", at: node)
            }
        }

        func integer(_ node: NodeID, key: String) throws(ConfigurationError) -> Int {
            let text = try scalar(node, key: key)
            guard let value = Int(text.replacingUnderscores()), value > 0 else {
                throw fail("`\(key)` must be a positive whole number, found `\(text)`", at: node)
            }
            return value
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

        func read(_ root: NodeID, into c: inout Configuration) throws(ConfigurationError) {
            for (name, _, value) in try pairs(root, what: "the configuration", allowed: ConfigurationLoader.keys) {
                switch name {
                case "platform":
                    let text = try scalar(value, key: name)
                    guard let platform = Platform(rawValue: text) else {
                        throw fail("`platform: \(text)` is not a platform; use one of "
                                   + Platform.allCases.map(\.rawValue).joined(separator: ", "), at: value)
                    }
                    c.platform = platform
                case "include": c.include = try strings(value, key: name)
                case "exclude": c.exclude = try strings(value, key: name)
                case "vague-labels": c.vagueLabels = try strings(value, key: name)
                case "thresholds":
                    let keys = Thresholds().entries.map(\.key)
                    for (key, _, v) in try pairs(value, what: "thresholds", allowed: keys) {
                        let d = try duration(v, key: key)
                        switch key {
                        case "instant": c.thresholds.instant = d
                        case "noticeable": c.thresholds.noticeable = d
                        case "attention": c.thresholds.attention = d
                        case "show-after-max": c.thresholds.showAfterMax = d
                        default: c.thresholds.updatesEveryMax = d
                        }
                    }
                case "limits":
                    for (key, _, v) in try pairs(value, what: "limits", allowed: ConfigurationLoader.limitKeys) {
                        switch key {
                        case "max-file-size": c.limits.maxFileSize = try size(v, key: key)
                        case "max-depth":
                            let depth = try integer(v, key: key)
                            guard depth <= YAMLLimits.maxDepthCeiling else {
                                throw fail("`max-depth: \(depth)` is above the ceiling of \(YAMLLimits.maxDepthCeiling) "
                                           + "(deeper nesting makes parsing take hours)", at: v)
                            }
                            c.limits.yaml.maxDepth = depth
                        default: c.limits.yaml.maxAliasNodes = try integer(v, key: key)
                        }
                    }
                case "rules":
                    let ids = rules.map(\.id)
                    for (key, keyNode, v) in try pairs(value, what: "rules", allowed: nil) {
                        guard let description = rules.first(where: { $0.id == key }) else {
                            var message = "unknown rule `\(key)` in `rules`"
                            if let suggestion = SpecKeys.suggestion(for: key, among: ids) {
                                message += "; did you mean `\(suggestion)`?"
                            }
                            throw fail(message + " (`progress-lint rules` lists them)", at: keyNode)
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
                    }
                default: break
                }
            }
        }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}

extension Substring {
    fileprivate func trimmingCharactersSpace() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
