import Dispatch
import ProgressLintYAML
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace

extension Array {
    func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = []
        var no: [Element] = []
        for element in self { if belongs(element) { yes.append(element) } else { no.append(element) } }
        return (yes, no)
    }
}

/// Sizes as a limit is reported.
public enum ByteText {
    /// `10MB`, `1KB` or `1000 bytes`, as a limit is reported.
    public static func size(_ bytes: Int) -> String {
        if bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024))MB" }
        if bytes % 1024 == 0 { return "\(bytes / 1024)KB" }
        return "\(bytes) bytes"
    }
}
