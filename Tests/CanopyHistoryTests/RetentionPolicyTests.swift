import Foundation
import Testing

@testable import CanopyHistory

/// `RetentionPolicy.plan`: runs past their branch's age go, except those a reader still needs.
/// Each protection rule has a case that deletes the run without it.
@Suite struct RetentionPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A policy: main kept 365 days, other branches 30, a 14-day flakiness window, 3 window runs.
    static func policy(windowDays: Int = 14, windowRuns: Int = 3) -> RetentionPolicy {
        RetentionPolicy(
            days: 365, pullRequestDays: 30, targetBranch: "main", windowDays: windowDays, windowRuns: windowRuns)
    }

    /// A run `age` days before `now`.
    static func run(
        _ key: String, _ branch: String?, age: Double, commit: String? = nil, base: String? = nil
    ) -> RetentionCandidate {
        RetentionCandidate(
            key: key, branch: branch, baseBranch: base, commit: commit ?? "c-\(key)",
            time: now.addingTimeInterval(-age * 86_400), order: Int(10_000 - age * 10))
    }

    /// Ten recent main runs (1…10 days old): the window runs and main's baselines are all among them.
    static let recentMain = (1...10).map { run("main-\($0)", "main", age: Double($0)) }

    func deleted(_ runs: [RetentionCandidate], _ policy: RetentionPolicy = policy()) -> [String] {
        policy.plan(runs, now: Self.now).runs.map(\.key)
    }

    @Test func eachBranchKindIsKeptItsOwnNumberOfDays() {
        let runs =
            Self.recentMain + [
                Self.run("main-400", "main", age: 400), Self.run("main-300", "main", age: 300),
                Self.run("pr-40", "feature/a", age: 40), Self.run("pr-20", "feature/a", age: 20),
                Self.run("pr-1", "feature/a", age: 1), Self.run("none-39", nil, age: 39),
                Self.run("none-20", nil, age: 20), Self.run("none-1", nil, age: 1),
            ]
        let plan = Self.policy().plan(runs, now: Self.now)
        #expect(plan.runs.map(\.key) == ["main-400", "pr-40", "none-39"])
        #expect(plan.runs.map(\.targetBranch) == [true, false, false])
        #expect(plan.protected == 0)
        #expect(plan.shardsStoredBefore == Self.now.addingTimeInterval(-30 * 86_400))
    }

    @Test func theLatestRunOfABranchIsKeptAsTheTargetBranchIs() {
        let runs =
            Self.recentMain + [
                Self.run("lone-40", "feature/lone", age: 40), Self.run("lone-400", "feature/gone", age: 400),
            ]
        let plan = Self.policy().plan(runs, now: Self.now)
        #expect(plan.runs.map(\.key) == ["lone-400"])
        #expect(plan.protected == 1)
    }

    @Test func theTargetBranchKeepsItsLatestRunsHoweverOld() {
        // Main has not run for two years: its last runs are still every pull request's baseline.
        let runs = (0..<5).map { Self.run("old-\($0)", "main", age: 800 - Double($0)) }
        #expect(deleted(runs, Self.policy(windowRuns: 1)) == ["old-0", "old-1", "old-2"])
        #expect(deleted(runs, Self.policy(windowRuns: 3)) == ["old-0", "old-1"])
    }

    @Test func theBaselineOfARerunOfTheLatestCommitIsKept() {
        // A re-run of c2 is compared with the latest run of another commit: pr-a (c1).
        let runs =
            Self.recentMain + [
                Self.run("pr-a", "feature/b", age: 50, commit: "c1"),
                Self.run("pr-b", "feature/b", age: 45, commit: "c2"),
                Self.run("pr-c", "feature/b", age: 41, commit: "c2"),
            ]
        let plan = Self.policy().plan(runs, now: Self.now)
        #expect(plan.runs.map(\.key) == ["pr-b"])
        #expect(plan.protected == 2)
    }

    @Test func theFlakinessWindowKeepsEveryRunInIt() {
        // One commit pushed once and re-run: the latest run is the only baseline.
        let runs =
            Self.recentMain + [40, 35, 1].map { Self.run("pr-\(Int($0))", "f", age: $0, commit: "same") }
        #expect(deleted(runs, Self.policy(windowDays: 14)) == ["pr-40", "pr-35"])
        #expect(deleted(runs, Self.policy(windowDays: 38)) == ["pr-40"])
        #expect(Self.policy(windowDays: 38).plan(runs, now: Self.now).protected == 1)
    }

    @Test func theTrendWindowKeepsTheLatestRunsOfTheTargetBranch() {
        // Runs on main past 365 days, each of its own commit; the baselines are the two latest.
        let runs = (0..<6).map { Self.run("n-\($0)", "main", age: 500 - Double($0)) }
        #expect(deleted(runs, Self.policy(windowRuns: 2)) == ["n-0", "n-1", "n-2", "n-3"])
        #expect(deleted(runs, Self.policy(windowRuns: 4)) == ["n-0", "n-1"])
        // The window is of the target branch: another branch's old runs are not kept by it.
        let other = (0..<6).map { Self.run("o-\($0)", "feature/old", age: 100 - Double($0)) }
        #expect(deleted(Self.recentMain + other, Self.policy(windowRuns: 4)) == ["o-0", "o-1", "o-2", "o-3"])
    }

    @Test func aBranchAPullRequestTargetsIsKeptAsTheTargetBranch() {
        let release = (0..<5).map { Self.run("rel-\($0)", "release/2", age: 100 - Double($0)) }
        let pullRequest = Self.run("pr", "feature/fix", age: 1, base: "release/2")
        #expect(deleted(Self.recentMain + release) == ["rel-0", "rel-1", "rel-2"])
        #expect(deleted(Self.recentMain + release + [pullRequest]).isEmpty)
        var policy = Self.policy()
        policy.targetBranch = "release/2"
        #expect(deleted(release, policy).isEmpty)
    }

    @Test func runsAreListedOldestFirstWhateverTheOrderGiven() {
        let runs = [("b", 50.0), ("a", 60), ("c", 40), ("z", 2)].map { Self.run($0, "x", age: $1, commit: "same") }
        #expect(deleted(Self.recentMain + runs.reversed()) == ["a", "b", "c"])
    }
}
