// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "progress-lint",
    products: [
        .executable(name: "progress-lint", targets: ["progress-lint"]),
        // Lint one file's bytes; choose files and configurations; run over many files.
        .library(name: "ProgressLintEngine", targets: ["ProgressLintEngine"]),
        .library(name: "ProgressLintWorkspace", targets: ["ProgressLintWorkspace"]),
        .library(name: "ProgressLintRun", targets: ["ProgressLintRun"]),
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
        // Logic shared across the layers (system calls, paths, JSON strings, byte order); no dependencies.
        .target(name: "ProgressLintSupport"),
        // Events → a document arena of nodes, each with its start and end position.
        .target(name: "ProgressLintYAML", dependencies: ["CYAML", "ProgressLintSupport"]),
        // Typed screens and indicators, decoded from YAML nodes; schema problems as findings.
        .target(name: "ProgressLintSpec", dependencies: ["ProgressLintYAML", "ProgressLintSupport"]),
        // Lints one file's bytes with one configuration: the rule API, the configuration model,
        // diagnostics, suppressions, fixes and the fix loop on a text.
        .target(name: "ProgressLintEngine", dependencies: ["ProgressLintYAML", "ProgressLintSpec", "ProgressLintSupport"]),
        // Which files, with which configuration: configuration loading and `extends`, globs,
        // file discovery and reading, the planner.
        .target(
            name: "ProgressLintWorkspace",
            dependencies: ["ProgressLintEngine", "ProgressLintYAML", "ProgressLintSpec", "ProgressLintSupport"]
        ),
        // Many files in report order: the runner, run storage, baselines, exit status, fixed files written.
        .target(
            name: "ProgressLintRun",
            dependencies: ["ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintYAML", "ProgressLintSpec", "ProgressLintSupport"]
        ),
        // One file per rule, grouped by category; the registry of all rules. The engine only.
        .target(name: "ProgressLintRules", dependencies: ["ProgressLintEngine", "ProgressLintSpec", "ProgressLintYAML", "ProgressLintSupport"]),
        // One file per output format, and the report streams and JSON writer they write through;
        // they read a finished run.
        .target(
            name: "ProgressLintReporters",
            dependencies: ["ProgressLintRun", "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRules", "ProgressLintSpec", "ProgressLintYAML", "ProgressLintSupport"]
        ),
        // `progress-lint server`: the language server (JSON-RPC framing, LSP messages, positions)
        // on the engine and the workspace; the run module for workspace diagnostics.
        .target(
            name: "ProgressLintServer",
            dependencies: [
                "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintRules", "ProgressLintReporters",
                "ProgressLintSpec", "ProgressLintYAML",
            ]
        ),
        // The command: arguments, choosing files and reporters, exit codes.
        .executableTarget(
            name: "progress-lint",
            dependencies: [
                "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintRules", "ProgressLintReporters",
                "ProgressLintSupport", "ProgressLintServer",
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
        // What the test targets share: the package's folder, the contract's, temporary folders.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ProgressLintYAMLTests", dependencies: ["ProgressLintYAML"]),
        .testTarget(name: "ProgressLintSpecTests", dependencies: ["ProgressLintSpec", "ProgressLintYAML"]),
        // What the module tests share to lint a text with every rule (`lint`, `runner`).
        .target(
            name: "LintTestSupport",
            dependencies: ["ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintRules", "ProgressLintReporters"],
            path: "Tests/LintTestSupport"
        ),
        .testTarget(
            name: "ProgressLintEngineTests",
            dependencies: ["ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintRules", "ProgressLintReporters", "ProgressLintSpec", "ProgressLintYAML", "ProgressLintSupport", "LintTestSupport", "TestSupport"]
        ),
        .testTarget(
            name: "ProgressLintWorkspaceTests",
            dependencies: ["ProgressLintWorkspace", "ProgressLintEngine", "ProgressLintRun", "ProgressLintRules", "ProgressLintSpec", "ProgressLintYAML", "ProgressLintSupport", "LintTestSupport", "TestSupport"]
        ),
        .testTarget(
            name: "ProgressLintRunTests",
            dependencies: ["ProgressLintRun", "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRules", "ProgressLintReporters", "ProgressLintSpec", "ProgressLintYAML", "ProgressLintSupport", "LintTestSupport", "TestSupport"]
        ),
        .testTarget(
            name: "ProgressLintRulesTests",
            dependencies: ["ProgressLintRules", "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintReporters", "ProgressLintSpec", "ProgressLintYAML", "LintTestSupport", "TestSupport"]
        ),
        .testTarget(
            name: "ProgressLintReportersTests",
            dependencies: ["ProgressLintReporters", "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintRules", "ProgressLintSpec", "ProgressLintYAML", "ProgressLintSupport", "TestSupport"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["progress-lint", "TestSupport"]),
        // The documentation generators of the command (`Sources/progress-lint/Docs`): rule pages,
        // key tables, schemas, profiles; each fails when its committed file is stale.
        .testTarget(
            name: "DocsTests",
            dependencies: ["progress-lint", "ProgressLintReporters", "ProgressLintRules", "ProgressLintWorkspace", "ProgressLintEngine", "ProgressLintSpec", "TestSupport"]
        ),
        // The language server in process (framing, encodings, the message loop) and, through
        // pytest-lsp, the built binary (Tests/LanguageServerTests/python).
        .testTarget(
            name: "LanguageServerTests",
            dependencies: ["ProgressLintServer", "ProgressLintEngine", "ProgressLintYAML", "progress-lint", "TestSupport"],
            exclude: ["python"]
        ),
        // Hostile files and faults: generated fixtures, the built binary under a hang guard.
        .testTarget(
            name: "HostileInputTests",
            dependencies: [
                "progress-lint", "ProgressLintEngine", "ProgressLintWorkspace", "ProgressLintRun", "ProgressLintRules", "ProgressLintReporters",
                "ProgressLintYAML", "TestSupport",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
