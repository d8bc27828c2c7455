import ProgressLintSpec
import ProgressLintYAML

/// Reads `.progress-lint.yml` files into ``Configuration``s.
public struct ConfigurationLoader: Sendable {
    /// The ids of every rule, to check the `rules:` keys.
    public let rules: [RuleDescription]

    /// The keys a config file accepts at its top level.
    public static let keys = ["platform", "include", "exclude", "thresholds", "vague-labels", "rules", "limits"]
    /// The keys of `limits:`.
    public static let limitKeys = ["max-file-size", "max-depth", "max-alias-nodes", "max-diagnostics-per-file"]

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
            let text = try scalar(node, key: key).replacingUnderscores()
            let units: [(String, Int)] = [("KB", 1024), ("MB", 1024 * 1024), ("GB", 1024 * 1024 * 1024), ("B", 1)]
            for (suffix, factor) in units where text.hasSuffix(suffix) {
                let number = text.dropLast(suffix.count).trimmingCharactersSpace()
                if let value = Double(number), value > 0 { return Int(value * Double(factor)) }
            }
            if let value = Int(text), value > 0 { return value }
            throw fail("`\(key): \(text)` is not a size; write bytes, or a number with KB or MB (e.g. 10MB)", at: node)
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
                        case "max-diagnostics-per-file": c.limits.maxDiagnosticsPerFile = try integer(v, key: key)
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
