import Foundation
import Testing

@testable import CanopyPipeline

/// A full disk under `--out` left a new `summary.md` and `comment.md` beside an earlier run's
/// `index.html`, `report.json` and `insights.json`, and a kill between the per-file renames did
/// the same. The set now lives in `site/` and is exchanged whole: at every step, a failure leaves
/// the old set and success the new set, whatever layout `--out` started from.
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

    static func staging(in paths: OutputPaths) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: paths.directory).filter { $0.hasPrefix(OutputStage.prefix) }
    }

    /// How `--out` looks before the new set comes.
    enum Start: CaseIterable {
        /// Nothing written yet.
        case empty
        /// Plain files at the top, as Canopy wrote them before the set moved into `site/`.
        case plainFiles
        /// A set committed by `OutputStage`.
        case committed
    }

    static func prepare(_ start: Start, _ paths: OutputPaths) throws {
        switch start {
        case .empty: break
        case .plainFiles:
            try ArtifactWriter.write("old summary", to: paths.summary)
            try ArtifactWriter.write("old page", to: paths.dashboard)
            try ArtifactWriter.write("old report", to: paths.report)
        case .committed: try stage("old", in: paths).commit()
        }
    }

    @Test func aCompleteSetReplacesTheOldOneAndLeavesNoStaging() throws {
        let paths = OutputPaths(directory: try Self.directory())
        defer { try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent) }
        try Self.stage("old", in: paths).commit()
        let stage = try Self.stage("new", in: paths)
        #expect(Self.contents(paths) == ["old summary", "old page", "old report"], "nothing moves before commit")
        try stage.commit()
        #expect(Self.contents(paths) == ["new summary", "new page", "new report"])
        #expect(try Self.staging(in: paths).isEmpty)
        // The top-level names are links into the real directory `site/`.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: paths.summary) == "site/summary.md")
        let site =
            try FileManager.default.attributesOfItem(atPath: paths.directory + "/site")[.type] as? FileAttributeType
        #expect(site == .typeDirectory)
        #expect(try String(contentsOfFile: paths.directory + "/site/summary.md", encoding: .utf8) == "new summary")
    }

    @Test("a failure at any step leaves the old set whole; past the last step the new set", arguments: Start.allCases)
    func aFailureAtEveryStepLeavesTheOldSetOrTheNewOne(start: Start) throws {
        var failed = 0
        for step in 1...100 {
            let paths = OutputPaths(directory: try Self.directory())
            defer {
                try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent)
            }
            try Self.prepare(start, paths)
            let old = Self.contents(paths)
            var stage = try OutputStage(directory: paths.directory)
            stage.injection.failAtStep = step
            var thrown = false
            do {
                try stage.write("new summary", to: paths.summary)
                try stage.write("new page", to: paths.dashboard)
                try stage.write(Array("new report".utf8), to: paths.report)
                try stage.commit()
            } catch {
                thrown = true
                stage.discard()
            }
            if thrown {
                failed += 1
                #expect(Self.contents(paths) == old, "a failure at step \(step) from \(start)")
                #expect(try Self.staging(in: paths).isEmpty)
                continue
            }
            #expect(
                Self.contents(paths) == ["new summary", "new page", "new report"],
                "past the last step (\(step)) from \(start)")
            #expect(try Self.staging(in: paths).isEmpty)
            break
        }
        // At least the three writes and the exchange failed once each (and the links, where made);
        // a failure in the tidying after the exchange leaves the new set, as success does.
        #expect(failed >= [Start.empty: 9, .plainFiles: 12, .committed: 4][start]!, "\(failed) steps from \(start)")
    }

    @Test func whereNamesCannotBeExchangedTheSetIsRenamedIn() throws {
        for start in Start.allCases {
            let paths = OutputPaths(directory: try Self.directory())
            defer {
                try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent)
            }
            try Self.prepare(start, paths)
            var stage = try Self.stage("new", in: paths)
            stage.injection.exchangeUnsupported = true
            try stage.commit()
            #expect(Self.contents(paths) == ["new summary", "new page", "new report"], "from \(start)")
            #expect(try Self.staging(in: paths).isEmpty)
        }
    }

    @Test func aFileTheNewSetLacksIsGoneWithTheOldSetAndTheUsersFilesStay() throws {
        let paths = OutputPaths(directory: try Self.directory())
        defer { try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent) }
        var first = try Self.stage("old", in: paths)
        try first.write("old quality", to: paths.codeQuality)
        try first.commit()
        #expect(FileManager.default.fileExists(atPath: paths.codeQuality))
        try "mine".write(toFile: paths.directory + "/site/CNAME", atomically: true, encoding: .utf8)
        try "mine too".write(toFile: paths.directory + "/notes.txt", atomically: true, encoding: .utf8)
        try Self.stage("new", in: paths).commit()
        #expect(Self.contents(paths) == ["new summary", "new page", "new report"])
        #expect(!FileManager.default.fileExists(atPath: paths.codeQuality))
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: paths.codeQuality)) == nil, "no dangling link")
        #expect(try String(contentsOfFile: paths.directory + "/site/CNAME", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: paths.directory + "/notes.txt", encoding: .utf8) == "mine too")
    }

    @Test func aStagingDirectoryWhoseProcessIsGoneIsRemovedByTheNextStage() throws {
        let paths = OutputPaths(directory: try Self.directory())
        defer { try? FileManager.default.removeItem(atPath: (paths.directory as NSString).deletingLastPathComponent) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let gone = OutputStage.prefix + "\(ended.processIdentifier)-0000abcd-\(OutputStage.host)"
        let living = OutputStage.prefix + "\(ProcessInfo.processInfo.processIdentifier)-0000abcd-\(OutputStage.host)"
        let elsewhere = OutputStage.prefix + "\(ended.processIdentifier)-0000abcd-another-host"
        for name in [gone, living, elsewhere] {
            try FileManager.default.createDirectory(
                atPath: paths.directory + "/" + name + "/site", withIntermediateDirectories: true)
        }
        let stage = try OutputStage(directory: paths.directory)
        stage.discard()
        #expect(
            try Self.staging(in: paths).sorted() == [elsewhere, living].sorted(),
            "only the one whose process is gone, here, is removed")
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
