import CanopyModel
import Foundation

/// One commit's runs of one test, being counted.
struct CommitTally {
    var commit: String
    var runs = 0
    var passedRuns = 0
    var failedRuns = 0
    var mixedRuns = 0
    var attempts = 0
    var failedAttempts = 0

    init(commit: String) { self.commit = commit }

    mutating func add(_ row: TestRunRow, verdict: RunVerdict, infrastructureIsPass: Bool) {
        runs += 1
        // Infrastructure failures say nothing about the test: they count in neither entropy nor failures.
        let appFailures = row.failedAttempts - row.infrastructureFailedAttempts
        attempts += row.attempts - row.infrastructureFailedAttempts
        failedAttempts += max(0, appFailures)
        switch verdict {
        case .passed: passedRuns += 1
        case .infrastructureFlake: if infrastructureIsPass { passedRuns += 1 } else { failedRuns += 1 }
        case .passedOnRetry:
            mixedRuns += 1
            failedRuns += 1
        case .failedEveryAttempt: failedRuns += 1
        case .skipped: break
        }
    }

    var verdict: CommitVerdict {
        if mixedRuns > 0 || (passedRuns > 0 && failedRuns > 0) { return .mixed }
        return failedRuns > 0 ? .fail : .pass
    }

    /// Share of runs on this commit that failed, for the flip rate.
    var failureFraction: Double {
        switch verdict {
        case .pass: 0
        case .fail: 1
        case .mixed: runs > 0 ? max(0.5, Double(failedRuns - mixedRuns) / Double(runs)) : 0.5
        }
    }

    var evidence: CommitEvidence {
        CommitEvidence(
            commit: commit, verdict: verdict, runs: runs, failedRuns: failedRuns, attempts: attempts,
            failedAttempts: failedAttempts)
    }
}
