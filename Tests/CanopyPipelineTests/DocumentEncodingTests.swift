import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline
@testable import CanopyRender

/// The documents `canopy run` writes come from `JSONByteEncoder`; on the sample history they must
/// be, byte for byte, what `JSONEncoder` writes.
@Suite("Documents written as JSONEncoder writes them")
struct DocumentEncodingTests {
    static func expectSameBytes<T: Encodable>(
        _ value: T, pretty: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let reference = Array(try JSONOutput.foundationEncoder(pretty: pretty).encode(value))
        let bytes = try JSONByteEncoder(pretty: pretty).encode(value)
        let common = min(bytes.count, reference.count)
        let mismatch =
            (0..<common).first { bytes[$0] != reference[$0] } ?? (bytes.count == reference.count ? nil : common)
        let context = mismatch.map { offset in
            let window = max(0, offset - 80)..<offset + 80
            return String(decoding: bytes[window.clamped(to: bytes.indices)], as: UTF8.self) + "\n-- expected --\n"
                + String(decoding: reference[window.clamped(to: reference.indices)], as: UTF8.self)
        }
        #expect(
            mismatch == nil, "first difference at byte \(mismatch ?? -1):\n\(context ?? "")",
            sourceLocation: sourceLocation)
    }

    @Test(
        "report.json, insights.json and the page's test data of the last sample night, after thirteen nights of history"
    )
    func sampleNight() async throws {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-documents-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        for (index, night) in nights.enumerated() {
            let context = try InsightsAfterStoreTests.context(store: path, night: night, key: "night-\(index)")
            let prepared = try await context.reader.prepare()
            let insights = try await context.history.withStore { store in
                _ = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
                return try await context.historyJudge.insights(
                    for: prepared, store: store, stored: true,
                    chosenBaseline: try await context.historyJudge.chosenBaseline(in: store))
            }
            guard index == nights.count - 1 || index == 9 else { continue }
            try Self.expectSameBytes(prepared.report, pretty: true)
            try Self.expectSameBytes(prepared.report, pretty: false)
            try Self.expectSameBytes(
                RunInsightsDocument(
                    runKey: "night-\(index)", insights: insights, gates: [],
                    verdicts: context.runJudge.verdicts(of: JudgedRun(prepared), insights: insights, judgedAt: Date())),
                pretty: true)
            let tests = HTMLDashboardData(DashboardBuilder.runParts(of: prepared).tests)
            let reference = try JSONOutput.foundationEncoder(pretty: false, escapesSlashes: true).encode(tests)
            #expect(HTMLText.scriptJSON(tests) == HTMLText.scriptSafe(Array(reference)))
            #expect(
                !prepared.report.failures.isEmpty && !insights.flakiness.isEmpty,
                "the night has failures and flaky tests to write")
        }
    }
}
