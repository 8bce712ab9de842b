import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

/// An unreadable input stops `canopy run` before anything is stored, but what the readable inputs
/// show is still compared with the history the store holds, by the path every run is judged by:
/// a note saying there is no baseline, failures "new" that failed on main before, or flakiness
/// from one run would be read as facts about the run.
@Suite("an unreadable input, on top of history")
struct UnreadableAgainstHistoryTests {
    @Test(
        "the readable inputs are compared with the stored history: a baseline, still failing, flakiness over the window"
    )
    func comparedWithHistory() async throws {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-unreadable-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/history.sqlite"
        try await InsightsAfterStoreTests.store(nights.prefix(13), into: store)
        let night = nights[13]
        let inputs = directory + "/inputs"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        let folder = InsightsAfterStoreTests.samples + "/" + night.folder
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.copyItem(atPath: folder + "/" + file, toPath: inputs + "/" + file)
        }
        // xcbeautify's JUnit cut off mid-file, as when the test step is killed.
        try
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"All tests\">\n<testsuite name=\"ExtraTests\">"
            .write(toFile: inputs + "/junit-extra.xml", atomically: true, encoding: .utf8)
        let stored = try Data(contentsOf: URL(fileURLWithPath: store))
        var options = InsightsAfterStoreTests.runOptions(
            night: night, index: 13, inputs: inputs, store: store, out: directory + "/out")
        options.source = .off
        await #expect(throws: PipelineError.self) { try await RunCommand(options: options).run() }

        let summary = try String(contentsOfFile: directory + "/out/summary.md", encoding: .utf8)
        #expect(summary.contains("junit-extra.xml:"))
        #expect(!summary.contains("No baseline yet"), "\(summary.prefix(1500))")
        #expect(summary.contains("compared with <code>"), "\(summary.prefix(1500))")
        // testDarkModeToggle failed on night 13 too; testScrubbing is flaky on main.
        let still = try #require(summary.range(of: "### Still failing"), "\(summary.prefix(3000))")
        let dark = try #require(summary.range(of: "SettingsTests/testDarkModeToggle"))
        #expect(still.lowerBound < dark.lowerBound)
        #expect(!summary.contains("### ❌ New failures"), "\(summary.prefix(3000))")
        #expect(!summary.contains("🆕 new"), "\(summary.prefix(3000))")
        #expect(summary.contains("⛔ No verdict"))
        // Nothing stored: the store is byte for byte what it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == stored)
    }
}
