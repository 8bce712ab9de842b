import Foundation

/// Which stored runs `canopy prune` deletes (docs/history-and-flakiness.md#retention).
///
/// A run on a target branch is kept `days`, a run on any other branch `pullRequestDays`, both
/// counted back from `now` by the run's time in the store (`sort_time`: its start, else when it
/// was stored). Past its age a run is still kept (and counted as protected) when a reader needs it:
/// - it is the latest run of its branch, or the latest of a commit other than that one's (the
///   baseline `previousRun` finds for the next run, a re-run of the latest commit included): kept
///   `days` on any branch, and never pruned on a target branch;
/// - it is among the latest `windowRuns` runs of a target branch (the trend's and the flakiness
///   window's runs);
/// - it started within `windowDays` (the flakiness window, which quarantine reads too).
package struct RetentionPolicy: Sendable, Equatable {
    package var days: Int
    package var pullRequestDays: Int
    /// The configured target branch; branches that stored runs name as their target are ones too.
    package var targetBranch: String
    /// `flakiness.windowDays`.
    package var windowDays: Int
    /// The latest runs of a target branch always kept: `max(flakiness.windowRuns, trend's --runs default)`.
    package var windowRuns: Int

    package init(days: Int, pullRequestDays: Int, targetBranch: String, windowDays: Int, windowRuns: Int) {
        self.days = days
        self.pullRequestDays = pullRequestDays
        self.targetBranch = targetBranch
        self.windowDays = windowDays
        self.windowRuns = windowRuns
    }

    /// The runs to delete of `runs` (any order), oldest first, and how many old runs a rule kept.
    /// Shards stored before `now - pullRequestDays` are deleted too: a merged run's shards are
    /// deleted when it is stored, so these belong to runs never merged.
    package func plan(_ runs: [RetentionCandidate], now: Date) -> PrunePlan {
        let targets = Set(runs.compactMap(\.baseBranch)).union([targetBranch])
        let ordered = runs.sorted { ($0.time, $0.order) > ($1.time, $1.order) }  // newest first
        var baselines: Set<String> = []
        var recentTarget: Set<String> = []
        var latest: [String?: (commit: String?, another: Bool)] = [:]
        var targetCount: [String: Int] = [:]
        for run in ordered {
            if let seen = latest[run.branch] {
                if !seen.another, run.commit != seen.commit {
                    baselines.insert(run.key)
                    latest[run.branch] = (seen.commit, true)
                }
            } else {
                baselines.insert(run.key)
                latest[run.branch] = (run.commit, false)
            }
            if let branch = run.branch, targets.contains(branch) {
                let count = targetCount[branch, default: 0]
                if count < windowRuns { recentTarget.insert(run.key) }
                targetCount[branch] = count + 1
            }
        }
        let day = 86_400.0
        let targetCutoff = now.addingTimeInterval(-Double(days) * day)
        let otherCutoff = now.addingTimeInterval(-Double(pullRequestDays) * day)
        let windowCutoff = now.addingTimeInterval(-Double(windowDays) * day)
        var plan = PrunePlan(runs: [], protected: 0, shardsStoredBefore: otherCutoff)
        for run in ordered.reversed() {
            let onTarget = run.branch.map(targets.contains) ?? false
            guard run.time < (onTarget ? targetCutoff : otherCutoff) else { continue }
            let kept =
                run.time >= windowCutoff || recentTarget.contains(run.key)
                || (baselines.contains(run.key) && (onTarget || run.time >= targetCutoff))
            if kept {
                plan.protected += 1
            } else {
                plan.runs.append(
                    PrunePlan.Run(key: run.key, branch: run.branch, time: run.time, targetBranch: onTarget))
            }
        }
        return plan
    }
}

/// What the policy reads of a stored run: the `runs` table alone.
package struct RetentionCandidate: Sendable, Equatable {
    package var key: String
    package var branch: String?
    /// The branch the run's pull request targets (`base_branch`).
    package var baseBranch: String?
    package var commit: String?
    /// `sort_time`: the run's start, else when it was stored.
    package var time: Date
    /// The order stored (`id`), which breaks ties of `time`.
    package var order: Int

    package init(key: String, branch: String?, baseBranch: String?, commit: String?, time: Date, order: Int) {
        self.key = key
        self.branch = branch
        self.baseBranch = baseBranch
        self.commit = commit
        self.time = time
        self.order = order
    }
}

/// What a prune deletes: `canopy prune --dry-run` prints it, `prune` carries it out.
package struct PrunePlan: Sendable, Equatable, Codable {
    package struct Run: Sendable, Equatable, Codable {
        package var key: String
        package var branch: String?
        package var time: Date
        /// Whether the run is on a target branch (kept `days`) or another (`pullRequestDays`).
        package var targetBranch: Bool

        package init(key: String, branch: String?, time: Date, targetBranch: Bool) {
            self.key = key
            self.branch = branch
            self.time = time
            self.targetBranch = targetBranch
        }
    }

    /// The runs to delete, oldest first.
    package var runs: [Run]
    /// Runs past their age that a protection rule keeps.
    package var protected: Int
    /// Shards stored before this are deleted.
    package var shardsStoredBefore: Date

    package init(runs: [Run], protected: Int, shardsStoredBefore: Date) {
        self.runs = runs
        self.protected = protected
        self.shardsStoredBefore = shardsStoredBefore
    }
}

/// What a prune did.
package struct PruneResult: Sendable, Equatable, Codable {
    package var runsDeleted = 0
    package var shardsDeleted = 0
    /// Bytes the store file shrank by (SQLite); nil on PostgreSQL, where autovacuum makes the
    /// space reusable instead.
    package var bytesReturned: Int?
    /// Free bytes left inside the file, reused by later runs (SQLite without incremental vacuum).
    package var bytesReusable: Int?

    package init() {}
}

/// Deleting runs by retention, on either store.
package protocol HistoryPruning: Sendable {
    /// Every stored run as the retention policy reads it.
    func retentionCandidates() async throws -> [RetentionCandidate]
    /// Deletes the plan's runs, `batchSize` per transaction (writers interleave between them; a
    /// run's rows in every table go with it, `ON DELETE CASCADE`), the shards stored before
    /// `plan.shardsStoredBefore`, then returns the freed space where the store can.
    /// `afterBatch` is told the runs deleted so far. A read-only store refuses.
    func prune(_ plan: PrunePlan, batchSize: Int, afterBatch: @Sendable (Int) -> Void) async throws -> PruneResult
}

extension HistoryPruning {
    /// The plan `policy` makes of the stored runs at `now`.
    package func planPrune(_ policy: RetentionPolicy, now: Date) async throws -> PrunePlan {
        policy.plan(try await retentionCandidates(), now: now)
    }

    /// `prune` 50 runs per transaction.
    package func prune(_ plan: PrunePlan) async throws -> PruneResult {
        try await prune(plan, batchSize: PruneQueries.batchSize, afterBatch: { _ in })
    }
}

/// The statements of `HistoryPruning`, the same on both stores: only `runs`, `shards` and
/// `test_identifiers` (no foreign key: a row outlives its last run when a kept run touched the
/// same pair, `test_identifier_runs`) are named.
enum PruneQueries {
    /// Runs per delete transaction: short enough that a concurrent writer waits well under its
    /// busy timeout.
    static let batchSize = 50

    static let candidates = SQLStatement(
        sql: "SELECT run_key, branch, base_branch, commit_sha, sort_time, id FROM runs ORDER BY sort_time, id",
        arguments: [])

    static func decode(_ row: some SQLRowReader) throws -> RetentionCandidate {
        RetentionCandidate(
            key: try row.text(0) ?? "", branch: try row.text(1), baseBranch: try row.text(2), commit: try row.text(3),
            time: Date(timeIntervalSince1970: try row.double(4) ?? 0), order: try row.int(5) ?? 0)
    }

    static func deleteRuns(_ keys: ArraySlice<String>) -> SQLStatement {
        SQLStatement(
            sql:
                "DELETE FROM runs WHERE run_key IN (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))",
            arguments: keys.map { .text($0) })
    }

    /// `keys` as `?` placeholders.
    private static func placeholders(_ keys: ArraySlice<String>) -> String {
        Array(repeating: "?", count: keys.count).joined(separator: ", ")
    }

    /// The latest run by time (`sort_time`, then id) that touched the pair of `test_identifiers`
    /// row `ti`, other than the runs `gone` selects, or NULL when none did.
    private static func latestKeptTouch(excluding gone: String) -> String {
        """
        (SELECT tr.run_id FROM test_identifier_runs tr JOIN runs r ON r.id = tr.run_id \
        WHERE tr.identifier_id = ti.identifier_id AND tr.name_id = ti.name_id AND tr.run_id NOT IN (\(gone)) \
        ORDER BY r.sort_time DESC, r.id DESC LIMIT 1)
        """
    }

    /// The `test_identifiers` rows whose last run is one of the runs `keys` and that no other
    /// stored run touched: run before `deleteRuns`, in its transaction, then `moveTestIdentifiers`.
    static func deleteTestIdentifiers(ofRuns keys: ArraySlice<String>) -> SQLStatement {
        let gone = "SELECT id FROM runs WHERE run_key IN (\(placeholders(keys)))"
        return SQLStatement(
            sql: """
                DELETE FROM test_identifiers AS ti WHERE last_run_id IN (\(gone)) \
                AND \(latestKeptTouch(excluding: gone)) IS NULL
                """,
            arguments: (keys + keys).map { .text($0) })
    }

    /// The other `test_identifiers` rows whose last run is one of the runs `keys`: they name the
    /// latest kept run that touched them. Run after `deleteTestIdentifiers`, before `deleteRuns`.
    static func moveTestIdentifiers(ofRuns keys: ArraySlice<String>) -> SQLStatement {
        let gone = "SELECT id FROM runs WHERE run_key IN (\(placeholders(keys)))"
        return SQLStatement(
            sql: """
                UPDATE test_identifiers AS ti SET last_run_id = \(latestKeptTouch(excluding: gone)) \
                WHERE last_run_id IN (\(gone))
                """,
            arguments: (keys + keys).map { .text($0) })
    }

    /// `deleteRuns`, `deleteTestIdentifiers` and `moveTestIdentifiers` in one statement, returning
    /// a row per run deleted (PostgreSQL: a data-modifying `WITH`, whose parts all see the store as
    /// it was before it, hence the deleted runs excluded by hand). A `test_identifiers` row is
    /// changed only while its last run is still one being deleted, so a concurrent writer's newer
    /// run is never overwritten.
    static func deleteRunsReturning(_ keys: ArraySlice<String>) -> SQLStatement {
        SQLStatement(
            sql: """
                WITH gone AS (DELETE FROM runs WHERE run_key IN (\(placeholders(keys))) RETURNING id), \
                kept AS (SELECT ti.identifier_id, ti.name_id, \(latestKeptTouch(excluding: "SELECT id FROM gone")) AS run_id \
                FROM test_identifiers ti WHERE ti.last_run_id IN (SELECT id FROM gone)), \
                moved AS (UPDATE test_identifiers ti SET last_run_id = kept.run_id FROM kept \
                WHERE ti.identifier_id = kept.identifier_id AND ti.name_id = kept.name_id \
                AND kept.run_id IS NOT NULL AND ti.last_run_id IN (SELECT id FROM gone)), \
                dropped AS (DELETE FROM test_identifiers ti USING kept \
                WHERE ti.identifier_id = kept.identifier_id AND ti.name_id = kept.name_id \
                AND kept.run_id IS NULL AND ti.last_run_id IN (SELECT id FROM gone)) \
                SELECT 1 FROM gone
                """,
            arguments: keys.map { .text($0) })
    }

    static func deleteShards(before date: Date) -> SQLStatement {
        SQLStatement(
            sql: "DELETE FROM shards WHERE stored_at < ?", arguments: [.double(date.timeIntervalSince1970)])
    }
}
