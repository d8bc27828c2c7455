import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules

/// The configuration and baseline loaders, fuzzed: the first byte chooses which one reads the rest.
///
/// - even: the bytes are a `.progress-lint.yml`. A loaded configuration then matches its globs against
///   a few paths, is printed as `--print-config` prints it, and lints a small spec, so thresholds,
///   limits and word lists that load are also used.
/// - odd: the bytes are a baseline file, applied to a run with findings.
private let loader = ConfigurationLoader(rules: RuleRegistry.descriptions)
private let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: loader)
private let plain = ReportContext(rules: RuleRegistry.descriptions, color: false)
private let spec = Array("""
    platform: ios
    screen: Upload
    indicators:
      - id: upload
        style: spinner
        label: Loading
        duration: 5s..2m
        show-after: 3s
        presentation: overlay
      - id: bar
        style: bar
        determinate: true
        updates-every: 3s
        phases: [{share: 0.5, duration: 1s}, {share: 0.4, duration: 30s}]
    """.utf8)
private let paths = ["specs/a.yaml", "specs/legacy/b.yml", "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/zz.yaml", "x.yaml",
                     "specs/{a,b}/[x].yaml", "ü/日本/😀.yaml"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 == 0 {
        guard let configuration = try? loader.load(bytes, path: "fuzz/.progress-lint.yml", directory: "fuzz") else {
            return 0
        }
        for path in paths {
            for glob in configuration.include + configuration.exclude { _ = Glob(glob).matches(path) }
        }
        _ = ConfigurationText.render(configuration, for: "fuzz/spec.yaml", rules: RuleRegistry.descriptions)
        let result = runner.run(inMemory: [(path: "fuzz/spec.yaml", bytes: spec)], configuration: configuration)
        for reporter in Reporters.all { _ = reporter.init().render(result, context: plain) }
    } else {
        guard let baseline = try? Baseline.parse(bytes, path: "fuzz/baseline.json") else { return 0 }
        var result = runner.run(inMemory: [(path: "fuzz/spec.yaml", bytes: spec)], configuration: Configuration())
        _ = baseline.apply(to: &result)
        _ = baseline.rendered()
    }
    return 0
}

// SwiftPM links an executable module's entry point as `<module>_main`, so libFuzzer's own `main`
// is not used: this entry point hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("FuzzConfig_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}
