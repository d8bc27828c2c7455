import Foundation
import Testing

/// Runs python3 for validating reports against the real schemas; tests that need it skip when absent.
public enum Python {
    /// The package root, found from this file's path.
    public static let packageRoot = TestFolders.packageRoot
    /// `../shared/schemas`, next to the package's folder.
    public static let sharedSchemas = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas")

    /// Whether `../shared/schemas/<file>` exists.
    public static func hasShared(_ file: String) -> Bool {
        FileManager.default.fileExists(atPath: sharedSchemas.appendingPathComponent(file).path)
    }

    /// The condition of a test that runs python3 importing `modules`, with `../shared/schemas/<shared>`
    /// when given: skipped, naming what is missing, when any is.
    public static func needs(shared file: String? = nil, _ modules: String...) -> ConditionTrait {
        let missing = file.flatMap { hasShared($0) ? nil : "../shared/schemas/\($0) is not beside the project" }
            ?? OptionalTools.missingPython(modules, packages: modules.map { $0 == "yaml" ? "PyYAML" : $0 })
        return .enabled(if: missing == nil, Comment(rawValue: missing ?? ""))
    }

    /// Whether python3 can import every one of `modules`.
    public static func has(_ modules: String...) -> Bool {
        (try? run("import " + modules.joined(separator: ", "), []).status) == 0
    }

    /// Runs `script` with `arguments` (as `sys.argv[1:]`).
    public static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    public static func temporaryFile(_ text: String, suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pl-\(UUID().uuidString)\(suffix)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Validates a JSON file against a JSON Schema file; nil when valid, else the error.
    public static func validateJSON(_ instance: String, schema: String) throws -> String? {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[2]))
            cls = jsonschema.validators.validator_for(schema)
            errors = sorted(cls(schema).iter_errors(json.load(open(sys.argv[1]))), key=str)
            for e in errors[:5]: print(list(e.absolute_path), e.message[:300])
            sys.exit(1 if errors else 0)
            """
        let (status, output) = try run(script, [instance, schema])
        return status == 0 ? nil : output
    }
}
