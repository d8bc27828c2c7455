// swift-tools-version:6.0
// A package that adopts progress-lint's plugins, built by Tests/EndToEndTests/PluginTests.swift.
// The tests copy this folder elsewhere and point the dependency at the checkout's absolute path.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [
        .package(name: "progress-lint", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "App",
            // The specs are the linter's, not the compiler's: kept out of the sources, still linted.
            exclude: ["Specs"],
            plugins: [.plugin(name: "ProgressLintBuildToolPlugin", package: "progress-lint")]
        ),
    ]
)
