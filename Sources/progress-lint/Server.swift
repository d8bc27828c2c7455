import ArgumentParser
import ProgressLintServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `progress-lint server`: the language server on standard input and output.
struct Server: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Run the language server (LSP over standard input and output) for editors.",
        discussion: "Logs go to standard error. See docs/language-server.md for each editor's setup."
    )

    @Flag(help: "Accepted for clients that pass it (VS Code's generic clients); standard input and output are always used.")
    var stdio = false

    func run() throws {
        // A client that goes away must end the server with an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let code = LanguageServer().run()
        if code != 0 { throw ExitCode(code) }
    }
}
