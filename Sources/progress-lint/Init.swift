import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `progress-lint init`: writes a commented `.progress-lint.yml` with every option at its default.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .progress-lint.yml with every option at its default in the current folder."
    )

    func run() throws {
        let name = ConfigurationResolver.fileNames[0]
        for existing in ConfigurationResolver.fileNames {
            var info = stat()
            if lstat(existing, &info) == 0 {
                Output.standardError("progress-lint: \(existing) already exists here; it was left as it is "
                                     + "(delete it first to write a new one)\n")
                throw ExitCode(2)
            }
        }
        let text = ConfigurationText.starter(rules: RuleRegistry.descriptions)
        // Created, never replaced: O_EXCL fails if the file appeared meanwhile.
        let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            Output.standardError("progress-lint: cannot write \(name): \(String(cString: strerror(errno)))\n")
            throw ExitCode(2)
        }
        let failure = Output.writeAll(text, to: fd)
        if close(fd) != 0 || failure != nil {
            unlink(name)
            Output.standardError("progress-lint: cannot write \(name): \(failure ?? String(cString: strerror(errno)))\n")
            throw ExitCode(2)
        }
        Output.standardOutput("wrote \(name) with every option at its default\n")
    }
}
