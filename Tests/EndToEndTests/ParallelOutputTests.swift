import Foundation
import Testing

/// Linting in parallel changes nothing in the output: the report is the same, byte for byte,
/// whatever the number of jobs.
@Suite struct ParallelOutputTests {
    /// A small deterministic generator (a linear congruential one), so the folder is the same on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let platforms = ["ios", "android", "web", "macos", "ipados", "watchos", "tvos", "ubuntu-touch"]
    static let labels = ["Loading…", "Uploading photos", "Please wait", "Syncing library", "Exporting video", ""]
    static let durations = ["300ms", "2s", "2s..30s", "unknown", "45s", "10m", "30", "1.5s"]

    /// One spec file: a few screens, some with deliberate mistakes of every layer.
    static func spec(_ n: Int, _ numbers: inout Numbers) -> String {
        var text = "# spec \(n)\n"
        let documents = 1 + numbers.next(3)
        for d in 0..<documents {
            if d > 0 || numbers.next(4) == 0 { text += "---\n" }
            text += "version: 1\nscreen: Screen \(n)-\(d)\n"
            text += "platform: \(platforms[numbers.next(platforms.count)])\n"
            if numbers.next(10) == 0 { text += "colour: blue\n" }  // unknown key
            text += "indicators:\n"
            for i in 0..<(1 + numbers.next(4)) {
                let style = ["bar", "spinner", "spinner", "refresh-control"][numbers.next(4)]
                if numbers.next(12) == 0 { text += "  # progress-lint-disable-next-line vague-label\n" }
                text += "  - id: ind-\(i)\(numbers.next(15) == 0 ? "" : "-\(d)")\n"
                text += "    style: \(style)\n"
                if style == "bar" { text += "    determinate: \(numbers.next(3) == 0 ? "yes" : "true")\n" }
                text += "    label: \"\(labels[numbers.next(labels.count)])\"\n"
                text += "    duration: \(durations[numbers.next(durations.count)])\n"
                if numbers.next(3) == 0 { text += "    presentation: \(["inline", "overlay", "full-screen", "card"][numbers.next(4)])\n" }
                if numbers.next(4) == 0 { text += "    cancel: {label: Cancel, discards-progress: \(numbers.next(2) == 0)}\n" }
                if numbers.next(20) == 0 { text += "    style: bar\n" }  // duplicate key
                if numbers.next(25) == 0 { text += "    show-after: [1s\n" }  // a syntax error
            }
        }
        return text
    }

    @Test func outputIsByteIdenticalForOneTwoAndEightJobs() throws {
        let folder = try CommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var numbers = Numbers(state: 42)
        for n in 0..<300 {
            let sub = "\(folder)/app-\(n % 5)/area-\(n % 7)"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            let name = "\(sub)/screen-\(n).\(n % 3 == 0 ? "yml" : "yaml")"
            try Self.spec(n, &numbers).write(toFile: name, atomically: true, encoding: .utf8)
        }
        for format in ["json", "text"] {
            var reports: [String] = []
            for jobs in ["1", "2", "8"] {
                let run = try CommandTests.run([folder, "--format", format, "--jobs", jobs])
                #expect(run.status == 1, "jobs \(jobs): \(run.stderr)")
                reports.append(run.stdout)
            }
            #expect(reports[0].contains("vague-label") && reports[0].contains("spec-schema")
                    && reports[0].contains("yaml-syntax"))
            #expect(reports[1] == reports[0], "--jobs 2 differs from --jobs 1 (\(format))")
            #expect(reports[2] == reports[0], "--jobs 8 differs from --jobs 1 (\(format))")
        }
    }
}
