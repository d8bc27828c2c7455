import Foundation
import Testing

/// Code frames on hostile lines: bounded output and time, whatever the line's length.
@Suite struct CodeFrameHostileTests {
    @Test func twentyThousandDiagnosticsOnAOneMegabyteLineGetBoundedFramesQuickly() throws {
        let items = (0..<5000).map { i in
            "{id: a\(i), style: bar, determinate: true, task: t\(i), label: \"Uploading \(i) photos "
                + String(repeating: "x", count: 120) + "\"}"
        }
        let spec = "screen: S\nindicators: [" + items.joined(separator: ", ") + "]\n"
        let dir = try Hostile.folder(with: "oneline.yaml", Array(spec.utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Every one of the 5,000 indicators' findings is shown, past the default of 1,000 per file.
        try Hostile.write("limits:\n  max-diagnostics-per-file: 100000\n", to: dir + "/.progress-lint.yml")
        let run = try Hostile.run([dir + "/oneline.yaml"])
        #expect(run.exited, "timed out or killed")
        #expect(run.status == 0)  // warnings and infos only
        // Walking the line from its start for every diagnostic would take minutes: the hang guard trips.
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let frames = lines.filter { $0.hasPrefix("2 | ") }
        #expect(frames.count >= 5000)
        #expect(frames.allSatisfy { $0.utf8.count <= 200 }, "a frame line is longer than the excerpt bound")
        #expect(frames.allSatisfy { $0.hasSuffix("…") })  // each clipped: the line goes on past the excerpt
    }
}
