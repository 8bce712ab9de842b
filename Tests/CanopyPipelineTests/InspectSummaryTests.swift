import CanopyBundleFixtures
import CanopyModel
import CanopyPipeline
import CanopyRender
import Foundation
import Testing

/// `canopy inspect --summary` of an `.xcresult` bundle reads no step logs, and prints what the
/// full reading's summary prints.
@Suite("inspect --summary of a bundle")
struct InspectSummaryTests {
    @Test(arguments: [InspectCommand.Format.text, .json])
    func summaryReadsNoStepsAndPrintsTheSameTotals(format: InspectCommand.Format) throws {
        let directory = NSTemporaryDirectory() + "canopy-inspect-summary-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bundle = try XCResultBundleWriter.write(
            XCResultBundleSamples.large(tests: 200, failures: 40, screenshots: 4, screenshotBytes: 100),
            to: directory + "/Tests.xcresult")
        let selection = InputSelection(paths: [bundle])
        let summary = try InspectCommand().inspect(selection, format: format, summary: true)
        let full = try InspectCommand().inspect(selection, format: format, summary: false)
        #expect(
            full.run.tests.contains { $0.attempts.contains { $0.steps != nil && $0.attachments != nil } },
            "the full listing reads steps")
        #expect(!summary.run.tests.contains { $0.attempts.contains { $0.steps != nil || $0.attachments != nil } })
        #expect(summary.run.totals == full.run.totals)
        #expect(summary.run.totals.failed == 40)
        #expect(summary.run.diagnostics == full.run.diagnostics)
        #expect(summary.errors.isEmpty)
        // The summary printed from the full reading is the one printed.
        let fullReadSummary =
            switch format {
            case .text: InspectionTextRenderer().render(run: full.run, failedFiles: [], summary: true)
            case .json: try JSONOutput.encode(InspectionDocument(run: full.run, failedFiles: [], summary: true)) + "\n"
            }
        #expect(summary.output == fullReadSummary)
    }
}
