import Foundation

/// Test hook: with `CANOPY_TEST_SHARD_MERGE_PAUSE=DIR` in the environment, a merge
/// (`run --expect-shards`) creates `DIR/read` once it has read the run's legs, then waits until
/// `DIR/go` exists (at most `limit`) before it assembles and stores the run, so a test can send a
/// leg between the merge's read and its transaction.
enum ShardMergePause {
    static let variable = "CANOPY_TEST_SHARD_MERGE_PAUSE"
    /// The longest the merge waits for `go`: long enough for a test that waits for a thread of a
    /// busy cooperative pool before it sends its leg and says `go`.
    static let limit: TimeInterval = 1_800

    static func afterRead(environment: [String: String]) async {
        guard let directory = environment[variable], !directory.isEmpty else { return }
        let go = (directory as NSString).appendingPathComponent("go")
        _ = FileManager.default.createFile(
            atPath: (directory as NSString).appendingPathComponent("read"), contents: nil)
        let deadline = Date().addingTimeInterval(limit)
        while !FileManager.default.fileExists(atPath: go), Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
