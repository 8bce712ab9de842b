import Foundation
import Testing

@testable import CanopyPipeline

/// A full disk under `--out` left a new `summary.md` and `comment.md` beside an earlier run's
/// `index.html`, `report.json` and `insights.json`. Files are staged and moved in together: the
/// directory holds the old set or the new set, never a mix.
@Suite struct OutputStageTests {
    static func directory() throws -> String {
        let directory = NSTemporaryDirectory() + "canopy-stage-" + UUID().uuidString + "/Reports"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func contents(_ paths: OutputPaths) -> [String?] {
        [paths.summary, paths.dashboard, paths.report].map { try? String(contentsOfFile: $0, encoding: .utf8) }
    }

    static func stage(_ text: String, in paths: OutputPaths) throws -> OutputStage {
        var stage = try OutputStage(directory: paths.directory)
        try stage.write(text + " summary", to: paths.summary)
        try stage.write(text + " page", to: paths.dashboard)
        try stage.write(Array((text + " report").utf8), to: paths.report)
        return stage
    }

    @Test func aCompleteSetReplacesTheOldOneAndLeavesNoStaging() throws {
        let paths = OutputPaths(directory: try Self.directory())
        defer { try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent) }
        try Self.stage("old", in: paths).commit()
        let stage = try Self.stage("new", in: paths)
        #expect(Self.contents(paths) == ["old summary", "old page", "old report"], "nothing moves before commit")
        try stage.commit()
        #expect(Self.contents(paths) == ["new summary", "new page", "new report"])
        let left = try FileManager.default.contentsOfDirectory(atPath: paths.directory).filter { $0.hasPrefix(OutputStage.prefix) }
        #expect(left.isEmpty)
    }

    @Test func aMoveThatFailsPutsTheOldSetBack() throws {
        let paths = OutputPaths(directory: try Self.directory())
        defer { try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent) }
        try Self.stage("old", in: paths).commit()
        let stage = try Self.stage("new", in: paths)
        // The page cannot be moved in: `site` became a file after the summary was staged.
        try FileManager.default.removeItem(atPath: (paths.dashboard as NSString).deletingLastPathComponent)
        try "not a directory".write(toFile: (paths.dashboard as NSString).deletingLastPathComponent, atomically: true, encoding: .utf8)
        #expect(throws: PipelineError.self) { try stage.commit() }
        #expect(Self.contents(paths)[0] == "old summary", "the summary moved in first went back")
        #expect(Self.contents(paths)[2] == "old report")
        let left = try FileManager.default.contentsOfDirectory(atPath: paths.directory).filter { $0.hasPrefix(OutputStage.prefix) }
        #expect(left.isEmpty)
    }

    @Test func aWriteThatFailsLeavesTheOldSetUntouched() throws {
        let paths = OutputPaths(directory: try Self.directory())
        defer { try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent) }
        try Self.stage("old", in: paths).commit()
        var stage = try OutputStage(directory: paths.directory)
        try stage.write("new summary", to: paths.summary)
        // The staging directory vanished (as a full disk or a cleaner would make a write fail).
        try FileManager.default.removeItem(atPath: stage.staging)
        try "in the way".write(toFile: stage.staging, atomically: true, encoding: .utf8)
        #expect(throws: PipelineError.self) { try stage.write("new page", to: paths.dashboard) }
        stage.discard()
        #expect(Self.contents(paths) == ["old summary", "old page", "old report"])
    }
}
