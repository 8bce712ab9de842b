import CanopyModel

extension FlakinessAnalyzer {
    /// The state of a test from its per-commit verdicts, oldest first.
    func state(of commits: [CommitEvidence]) -> FlakinessState {
        let verdicts = commits.map(\.verdict)
        guard let last = verdicts.last, let first = commits.first else { return .stable }
        let mixed = verdicts.filter { $0 == .mixed }.count
        let flips = Self.flips(verdicts)

        if last == .fail {
            let blockStart = (verdicts.lastIndex(where: { $0 != .fail }) ?? -1) + 1
            let block = verdicts.count - blockStart
            if blockStart == 0 { return .stillFailing(since: first.commit) }
            let since = commits[blockStart].commit
            if isImprobable(block: block, before: verdicts[..<blockStart]) { return .newlyBroken(since: since) }
            if mixed >= configuration.mixedCommitsForFlaky || flips > 1 { return .flaky }
            return .unconfirmedFailure(since: since)
        }
        if mixed >= configuration.mixedCommitsForFlaky { return .flaky }
        guard let lastFail = verdicts.lastIndex(of: .fail) else { return .stable }
        // The failure block that ends at lastFail, and what came before it.
        let blockStart = (verdicts[..<lastFail].lastIndex(where: { $0 != .fail }) ?? -1) + 1
        let block = lastFail - blockStart + 1
        let passesAfter = verdicts.count - lastFail - 1
        let fixedAt = commits[lastFail + 1].commit
        // The commits on both sides of the block are its evidence: the rate outside the block
        // counts the passes after it too, so a fix does not turn flaky when the window moves
        // past the passes before it.
        let outside = verdicts[..<blockStart] + verdicts[(lastFail + 1)...]
        let explained = blockStart == 0 || isImprobable(block: block, before: outside)
        if explained && verdicts[..<blockStart].allSatisfy({ $0 == .pass })
            && passesAfter >= configuration.minimumFixedCommits
        {
            return .fixed(at: fixedAt)
        }
        return .flaky
    }

    /// Whether `block` failing commits in a row are improbable under the failure rate of `before`,
    /// the commits outside the block (Wilson upper bound at `wilsonZ`, run-length probability
    /// below `significance`).
    func isImprobable(block: Int, before: ArraySlice<CommitVerdict>) -> Bool {
        guard block >= configuration.minimumBrokenCommits, !before.isEmpty else { return false }
        let failures = before.filter { $0 != .pass }.count
        let rate = FlakinessStatistics.wilsonUpperBound(
            failures: failures, trials: before.count, z: configuration.wilsonZ)
        return FlakinessStatistics.runLengthProbability(rate: rate, length: block) < configuration.significance
    }
}
