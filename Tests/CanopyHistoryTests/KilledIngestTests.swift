import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

#if canImport(Glibc)
    import Glibc
#endif

/// A child process (`CanopyBench store ingest-loop`) is killed with SIGKILL while it writes a
/// run; the store must hold only whole runs, and a rerun must complete the work.
@Suite struct KilledIngestTests {
    /// `.build/<triple>/debug/CanopyBench`, next to the test bundle.
    static var bench: String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("CanopyBench").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        let fallback = FileManager.default.currentDirectoryPath + "/.build/debug/CanopyBench"
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }

    /// What the child prints (standard output and error), read back from the file it writes to.
    struct Lines: Sendable {
        let path: String
        var all: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    }

    static func start(_ binary: String, _ arguments: [String]) throws -> (Process, Lines) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let path = NSTemporaryDirectory() + "canopy-killed-ingest-\(UUID().uuidString).log"
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let output = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try output.close()
        return (process, Lines(path: path))
    }

    /// Waits on the calling thread, polling `done` every 20 ms.
    static func block(until done: () -> Bool) {
        while !done() { Thread.sleep(forTimeInterval: 0.02) }
    }

    /// Waits on the calling thread.
    static func block(for seconds: TimeInterval) { Thread.sleep(forTimeInterval: seconds) }

    /// `store`, and `beginStore` … `finish` as `canopy run` stores (the kill lands while the
    /// transaction is open, waiting for the analysis or writing).
    @Test(arguments: StoreKind.available, [false, true])
    func aKilledIngestLeavesWholeRunsAndTheRerunCompletes(_ kind: StoreKind, staged: Bool) async throws {
        let binary = try #require(
            Self.bench, "CanopyBench is not built next to the tests: run swift build --build-tests")
        let test = try await TestStore.make(kind)
        let tests = 20_000
        let (child, lines) = try Self.start(
            binary, ["store", "ingest-loop", test.location, "50", "\(tests)", staged ? "staged" : "whole"])
        // Wait until the child is inside its third run's ingest, then kill it without warning.
        let deadline = Date().addingTimeInterval(240)
        // A blocking wait on this thread: an awaited sleep resumes only when a thread of the
        // concurrency pool is free, which in the full suite on 2 cores came after the child's 50th run.
        Self.block(until: { lines.all.contains("begin 2") || !child.isRunning || Date() >= deadline })
        Self.block(for: 0.3)
        #expect(child.isRunning, "the child finished or failed before it could be killed: \(lines.all)")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let storedBeforeKill = lines.all.components(separatedBy: "\n").filter { $0.hasPrefix("stored") }.count

        let store = try await test.open()
        let runs = try await store.runs(in: .all)
        #expect(runs.count >= 2)
        #expect(runs.count <= storedBeforeKill + 1)
        var failures: [String: Int] = [:]
        try await store.forEachFailure(in: .all) { failures[$0.runKey, default: 0] += 1 }
        for run in runs {
            #expect(run.totals.tests == tests)
            #expect(try await store.testRuns(runKey: run.key).count == tests, "partial run \(run.key)")
            // What the analysis adds (a staged run writes it last): every synthetic run has failures.
            #expect(failures[run.key, default: 0] > 0, "run \(run.key) without its failures")
        }
        if let sqlite = store as? SQLiteHistoryStore {
            #expect(try sqlite.integrityCheck() == "ok")
            #expect(try sqlite.partialRuns().isEmpty)
        }
        await store.close()

        // The rerun stores what is missing and skips what is there.
        let count = runs.count + 2
        let (rerun, rerunLines) = try Self.start(
            binary, ["store", "ingest-loop", test.location, "\(count)", "\(tests)", staged ? "staged" : "whole"])
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        try await Task.sleep(nanoseconds: 100_000_000)
        let output = rerunLines.all
        #expect(output.components(separatedBy: "alreadyStored").count - 1 == runs.count)
        #expect(output.components(separatedBy: " inserted").count - 1 == 2)
        let reopened = try await test.open()
        #expect(try await reopened.runs(in: .all).count == count)
        await reopened.close()
        await test.remove()
    }
}
