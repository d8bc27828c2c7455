import ProgressLintEngine
import ProgressLintSpec
import ProgressLintYAML

/// The order the effective thresholds must keep once `extends` (files and profiles) is applied:
/// `instant <= noticeable <= attention` and `noticeable <= determinate-after` (the latter only
/// when something set `determinate-after`: while it follows `attention` it cannot break the order).
enum ThresholdOrder {
    /// The pairs checked, the lower first, in the order a broken one is reported.
    static let pairs = [("instant", "noticeable"), ("noticeable", "attention"), ("noticeable", "determinate-after")]

    /// The config error for the first broken pair of `configuration`, or nil: reported at a value
    /// `path` writes of the two thresholds (the later), else at its `extends` value.
    static func check(_ configuration: Configuration, path: String, extendsPosition: SourcePosition?)
        -> ConfigurationError?
    {
        let t = configuration.thresholds
        for (low, high) in pairs {
            if high == "determinate-after", t.determinateAfterSet == nil { continue }
            guard let lower = value(low, in: t), let higher = value(high, in: t), lower > higher else { continue }
            var written: [SourcePosition] = []
            for key in [low, high] {
                if case .file(let file, let position) = configuration.thresholdOrigins[key], file == path {
                    written.append(position)
                }
            }
            let position = written.max() ?? extendsPosition
            let message = "`\(low)` (\(lower), \(origin(low, of: configuration, path: path))) is above `\(high)` "
                + "(\(higher), \(origin(high, of: configuration, path: path))): the thresholds must keep "
                + "`instant <= noticeable <= attention` and `noticeable <= determinate-after`, else a wait "
                + "between the two is judged by both; lower `\(low)` or raise `\(high)`"
            return ConfigurationError(path: path, position: position, message: message)
        }
        return nil
    }

    private static func value(_ key: String, in thresholds: Thresholds) -> Duration? {
        thresholds.entries.first { $0.key == key }?.value
    }

    /// Where the threshold `key` came from, as the message says it.
    static func origin(_ key: String, of configuration: Configuration, path: String) -> String {
        switch configuration.thresholdOrigins[key] {
        case .file(let file, let position)?:
            if file == path { return "set in this file, line \(position.line)" }
            return "set in the extended file \(file), line \(position.line)"
        case .profile(let name)?:
            return "from the profile `\(name)`"
        case nil:
            return "the default"
        }
    }
}
