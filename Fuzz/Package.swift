// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, kept apart from the main package so `swift build` and `swift test` never
// see the sanitizer flags: FuzzLint over the whole per-file pipeline, FuzzConfig over the
// configuration and baseline loaders, FuzzServer over the language server's message loop. Build and run with `Fuzz/run.sh SECONDS [TARGET]`.
let package = Package(
    name: "progress-lint-fuzz",
    dependencies: [.package(name: "progress-lint", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzLint",
            dependencies: [
                .product(name: "ProgressLintEngine", package: "progress-lint"),
                .product(name: "ProgressLintWorkspace", package: "progress-lint"),
                .product(name: "ProgressLintRun", package: "progress-lint"),
                .product(name: "ProgressLintRules", package: "progress-lint"),
                .product(name: "ProgressLintReporters", package: "progress-lint"),
            ]
        ),
        .executableTarget(
            name: "FuzzConfig",
            dependencies: [
                .product(name: "ProgressLintEngine", package: "progress-lint"),
                .product(name: "ProgressLintWorkspace", package: "progress-lint"),
                .product(name: "ProgressLintRun", package: "progress-lint"),
                .product(name: "ProgressLintRules", package: "progress-lint"),
                .product(name: "ProgressLintReporters", package: "progress-lint"),
            ]
        ),
        .executableTarget(
            name: "FuzzServer",
            dependencies: [.product(name: "ProgressLintServer", package: "progress-lint")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
