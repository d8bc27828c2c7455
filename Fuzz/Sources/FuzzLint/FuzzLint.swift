import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules


/// bytes → YAML → spec model → every rule (cross-file ones too) → every report, in every column
/// unit; then the fixer, safe and unsafe, whose result must not fix again (it converged) and must not
/// gain a syntax error.
private let linter = RuleRegistry.makeLinter()
private let runner = LintRunner(linter: linter, loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
private let plain = ReportContext(rules: RuleRegistry.descriptions, color: false)
private let coloured = ReportContext(rules: RuleRegistry.descriptions, color: true, columnUnit: .utf16)
private let bytewise = ReportContext(rules: RuleRegistry.descriptions, color: false, columnUnit: .byte)
/// A configuration that declares components (a wrapper of a known one, a custom one), as an app's does.
private let declaring = try! ConfigurationLoader(rules: RuleRegistry.descriptions).load(
    Array("platform: ios\ncomponents: {BrandProgressBar: UIProgressView, ChartShimmer: custom}\n".utf8),
    path: "fuzz.yml", directory: "/")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let result = runner.run(inMemory: [(path: "fuzz.yaml", bytes: bytes)], configuration: Configuration())
    for reporter in Reporters.all {
        _ = reporter.init().render(result, context: coloured)
        _ = reporter.init().render(result, context: bytewise)
        let text = reporter.init().render(result, context: plain)
        // Oracle: without colour no control character but newline and tab reaches the output,
        // whatever the input held (terminal safety).
        for byte in text.utf8 where (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
            fatalError("FuzzLint: \(reporter.name) output holds control byte \(byte)")
        }
    }
    // Oracle: found in a folder, a file is either skipped as not a spec, with nothing to report, or
    // linted exactly as when it is named.
    let walked = linter.lint(bytes, path: "fuzz.yaml", configuration: declaring, nonSpec: .skip)
    let named = linter.lint(bytes, path: "fuzz.yaml", configuration: declaring)
    if walked.skippedAsNotSpec ? !walked.diagnostics.isEmpty || walked.screens != 0
        : walked.diagnostics.map(\.message) != named.diagnostics.map(\.message) {
        fatalError("FuzzLint: a walked file was neither skipped cleanly nor linted as when named")
    }
    for unsafe in [false, true] {
        let outcome = Fixer.fix(bytes, path: "fuzz.yaml", configuration: Configuration(), linter: linter, unsafe: unsafe)
        guard outcome.changed else { continue }
        let syntax = { (r: FileResult) in r.diagnostics.contains { $0.ruleID == InputRuleID.yamlSyntax } }
        if syntax(outcome.result) && !syntax(outcome.original) {
            fatalError("FuzzLint: fixing (unsafe: \(unsafe)) made a yaml-syntax error")
        }
        if outcome.notes.isEmpty, !Fixer.choose(outcome.result.diagnostics, unsafe: unsafe).isEmpty {
            fatalError("FuzzLint: fixing (unsafe: \(unsafe)) stopped with fixes left and no note")
        }
    }
    return 0
}

// SwiftPM links an executable module's entry point as `<module>_main` (to keep it testable),
// so libFuzzer's own `main` is not used: this entry point hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("FuzzLint_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}
