import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters

extension Lint {
    /// `--compare PREVIOUS.json`: the earlier report's findings, or nil without the option. A file
    /// that cannot be read or is not a JSON report stops the run (exit 2), naming the file.
    func previousReport() throws -> PreviousReport? {
        guard let compare else { return nil }
        let bytes: [UInt8]
        switch FileReader.read(SpecFile(path: compare), limit: 1 << 30) {
        case .success(let read): bytes = read
        case .failure(.tooLarge(let limit, _)):
            Output.standardError("progress-lint: --compare \(TerminalText.safe(compare)): larger than \(ByteText.size(limit))\n")
            throw ExitCode(2)
        case .failure(.notRegularFile(let kind)):
            Output.standardError("progress-lint: --compare \(TerminalText.safe(compare)): it is \(kind), not a JSON report\n")
            throw ExitCode(2)
        case .failure(.system(let message)):
            Output.standardError("progress-lint: --compare \(TerminalText.safe(compare)): cannot read: \(message)\n")
            throw ExitCode(2)
        }
        do throws(PreviousReport.ReadError) {
            return try PreviousReport.parse(bytes, path: compare)
        } catch {
            Output.standardError("progress-lint: --compare \(TerminalText.safe(error.description))\n")
            throw ExitCode(2)
        }
    }
}
