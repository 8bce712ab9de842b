import CanopyConfig
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

/// The caps on attachments written beside the page, on plain files (bundle payloads go through
/// the same path; `XCResultBundleCommandTests` runs them end to end).
struct AttachmentWriterTests {
    private func files(_ contents: [String]) throws -> [AttemptAttachment] {
        let directory = NSTemporaryDirectory() + "canopy-attachments-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try contents.enumerated().map { index, text in
            let path = directory + "/\(index).txt"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return AttemptAttachment(
                name: "file \(index)", contentType: "public.plain-text", sourcePath: path, step: index)
        }
    }

    private func run(_ attachments: [AttemptAttachment]) -> Run {
        var attempt = Attempt(outcome: .failed)
        attempt.attachments = attachments
        return Run(tests: [TestCase(identity: TestIdentity(className: "A", name: "t"), attempts: [attempt])])
    }

    @Test func failureAttachmentsFirstThenTheLastOnesTaken() throws {
        var attachments = try files(["a", "b", "c", "d", "e", "f", "g"])
        attachments[1].isFailureAssociated = true
        let chosen = AttachmentWriter.choose(attachments, limit: 3)
        #expect(chosen.map(\.name) == ["file 1", "file 5", "file 6"])
    }

    @Test func capsAndDeduplication() throws {
        var limits = AttachmentConfiguration()
        limits.perAttempt = 4
        limits.maximumFileBytes = 10
        let site = NSTemporaryDirectory() + "canopy-site-" + UUID().uuidString
        var run = run(try files(["dropped", "same", "same", String(repeating: "x", count: 11), "other"]))
        let result = try AttachmentWriter(limits: limits, siteDirectory: site).write(&run)
        #expect(result.overAttemptCap == 1)
        #expect(result.tooLarge == 1)
        #expect(result.written == 2)
        #expect(result.deduplicated == 1)
        let kept = try #require(run.tests[0].attempts[0].attachments)
        #expect(kept.map(\.name) == ["file 1", "file 2", "file 4"])
        #expect(kept.allSatisfy { $0.file?.hasPrefix("attachments/") == true && $0.file?.hasSuffix(".txt") == true })
        #expect(kept[0].file == kept[1].file, "the same content is one file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/attachments").count == 2)
        #expect(result.notes.count == 2)

        limits.maximumRunBytes = 5
        var small = self.run(try files(["1234", "5678", "9"]))
        let capped = try AttachmentWriter(limits: limits, siteDirectory: site + "-2").write(&small)
        // 4 bytes, then "5678" does not fit the 1 byte left, "9" does.
        #expect(capped.written == 2)
        #expect(capped.overRunCap == 1)
        #expect(small.tests[0].attempts[0].attachments?.map(\.name) == ["file 0", "file 2"])

        var gone = self.run([AttemptAttachment(name: "gone.png", sourcePath: "/nonexistent/gone.png")])
        let missing = try AttachmentWriter(limits: AttachmentConfiguration(), siteDirectory: site + "-3").write(&gone)
        #expect(missing.missing == 1)
        #expect(gone.tests[0].attempts[0].attachments == nil)
    }

    /// `--attachments all`: a passing test earlier in the run does not spend the run's cap before
    /// the failures after it.
    @Test func failingAttemptsAreWrittenBeforePassingOnes() throws {
        var limits = AttachmentConfiguration()
        limits.maximumRunBytes = 8
        let shots = try files(["pass", "fail"])
        var passed = Attempt(outcome: .passed)
        passed.attachments = [shots[0]]
        var failed = Attempt(outcome: .failed)
        failed.attachments = [shots[1]]
        var run = Run(tests: [
            TestCase(identity: TestIdentity(className: "A", name: "passes"), attempts: [passed]),
            TestCase(identity: TestIdentity(className: "A", name: "fails"), attempts: [failed]),
        ])
        #expect(AttachmentWriter.attaching(run).map(\.test) == [1, 0])
        limits.maximumRunBytes = 4
        let result = try AttachmentWriter(
            limits: limits, siteDirectory: NSTemporaryDirectory() + "canopy-site-" + UUID().uuidString
        ).write(&run)
        #expect(result.written == 1)
        #expect(result.overRunCap == 1)
        #expect(run.tests[1].attempts[0].attachments?.map(\.name) == ["file 1"], "the failure's file is written")
        #expect(run.tests[0].attempts[0].attachments == nil)
    }
}
