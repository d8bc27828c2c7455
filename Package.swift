// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "progress-lint",
    products: [
        .executable(name: "progress-lint", targets: ["progress-lint"]),
        .library(name: "ProgressLintCore", targets: ["ProgressLintCore"]),
        // For tools outside this package (the fuzzer in Fuzz/): the rules and the reporters.
        .library(name: "ProgressLintRules", targets: ["ProgressLintRules"]),
        .library(name: "ProgressLintReporters", targets: ["ProgressLintReporters"]),
        // The language server, for the fuzzer's message-loop target.
        .library(name: "ProgressLintServer", targets: ["ProgressLintServer"]),
        // SwiftPM plugins: findings in `swift build` / Xcode, and `swift package progress-lint`.
        .plugin(name: "ProgressLintBuildToolPlugin", targets: ["ProgressLintBuildToolPlugin"]),
        .plugin(name: "ProgressLintCommandPlugin", targets: ["ProgressLintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libyaml, the C parser, through pkg-config. Only ProgressLintYAML imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Logic shared across the layers (did you mean, JSON strings, byte order); no dependencies.
        .target(name: "ProgressLintSupport"),
        // Events → a document arena of nodes, each with its start and end position.
        .target(name: "ProgressLintYAML", dependencies: ["CYAML"]),
        // Typed screens and indicators, decoded from YAML nodes; schema problems as findings.
        .target(name: "ProgressLintSpec", dependencies: ["ProgressLintYAML", "ProgressLintSupport"]),
        // Diagnostics, rules, configuration, suppressions, the engine and the runner.
        .target(name: "ProgressLintCore", dependencies: ["ProgressLintYAML", "ProgressLintSpec", "ProgressLintSupport"]),
        // One file per rule, grouped by category; the registry of all rules.
        .target(name: "ProgressLintRules", dependencies: ["ProgressLintCore", "ProgressLintSpec"]),
        // One file per output format.
        .target(name: "ProgressLintReporters", dependencies: ["ProgressLintCore", "ProgressLintSpec", "ProgressLintSupport"]),
        // `progress-lint server`: the language server (JSON-RPC framing, LSP messages, positions).
        .target(
            name: "ProgressLintServer",
            dependencies: ["ProgressLintCore", "ProgressLintRules", "ProgressLintReporters", "ProgressLintSpec", "ProgressLintYAML"]
        ),
        // The command: arguments, choosing files and reporters, exit codes.
        .executableTarget(
            name: "progress-lint",
            dependencies: [
                "ProgressLintCore", "ProgressLintRules", "ProgressLintReporters", "ProgressLintServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Lints an adopting target's specs as part of its build (Plugins/ProgressLintBuildToolPlugin).
        .plugin(name: "ProgressLintBuildToolPlugin", capability: .buildTool(), dependencies: ["progress-lint"]),
        // `swift package progress-lint [PATH …] [options]` (Plugins/ProgressLintCommandPlugin).
        .plugin(
            name: "ProgressLintCommandPlugin",
            capability: .command(intent: .custom(verb: "progress-lint", description: "Lint the package's progress-indicator specs")),
            dependencies: ["progress-lint"]
        ),
        .testTarget(name: "ProgressLintYAMLTests", dependencies: ["ProgressLintYAML"]),
        .testTarget(name: "ProgressLintSpecTests", dependencies: ["ProgressLintSpec", "ProgressLintYAML"]),
        .testTarget(
            name: "ProgressLintCoreTests",
            dependencies: ["ProgressLintCore", "ProgressLintRules", "ProgressLintSpec", "ProgressLintYAML"]
        ),
        .testTarget(
            name: "ProgressLintRulesTests",
            dependencies: ["ProgressLintRules", "ProgressLintCore", "ProgressLintReporters"]
        ),
        .testTarget(
            name: "ProgressLintReportersTests",
            dependencies: ["ProgressLintReporters", "ProgressLintCore", "ProgressLintRules", "ProgressLintSpec", "ProgressLintYAML"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["progress-lint"]),
        // The language server in process (framing, encodings, the message loop) and, through
        // pytest-lsp, the built binary (Tests/LanguageServerTests/*.py).
        .testTarget(
            name: "LanguageServerTests",
            dependencies: ["ProgressLintServer", "ProgressLintCore", "progress-lint"],
            exclude: ["python"]
        ),
        // Hostile files and faults: generated fixtures, the built binary under a hang guard.
        .testTarget(
            name: "HostileInputTests",
            dependencies: [
                "progress-lint", "ProgressLintCore", "ProgressLintRules", "ProgressLintReporters",
                "ProgressLintYAML",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
