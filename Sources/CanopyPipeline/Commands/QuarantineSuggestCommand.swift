import CanopyAnalysis
import CanopyConfig
import CanopyHistory
import CanopyModel
import Foundation

/// `canopy quarantine suggest [--write]`: the quarantine entries `quarantinePolicy:` calls for over
/// the flakiness window — flaky tests over its thresholds to add, entries whose tests passed their
/// latest runs to lift — each with its evidence; with `--write`, applied to canopy.yml by the
/// in-place editor (docs/commands.md).
package struct QuarantineSuggestCommand {
    /// One change the policy calls for.
    package struct Suggestion: Sendable, Equatable {
        package enum Change: String, Sendable { case add, lift }
        package var change: Change
        /// The test key to add, or the entry's `test:` to lift.
        package var test: String
        /// Why, in words: the flakiness evidence, or the clean runs.
        package var evidence: String
        /// Where the entry to lift is written.
        package var location: String?
    }

    let context: CommandContext
    /// The branch whose runs are read; nil for every branch.
    let branch: String?

    package init(options: HistoryOptions, branch: String?) throws {
        context = try CommandContext(options: options.runOptions)
        self.branch = branch
    }

    /// The suggestions, adds first (flakiest first), then lifts in the file's order.
    /// - Throws: `PipelineError.usage` without `quarantinePolicy:` or without a store.
    package func suggestions() async throws -> [Suggestion] {
        guard let policy = context.configuration.quarantinePolicy else {
            throw PipelineError.usage(
                "quarantine suggest follows quarantinePolicy: in the configuration file; add it (docs/configuration.md#quarantine-by-policy)"
            )
        }
        let now = context.options.now
        let window = HistoryWindow(
            branch: branch, days: context.configuration.flakiness.windowDays,
            runs: context.configuration.flakiness.windowRuns, until: now)
        let active = context.configuration.activeQuarantine(on: now)
        let context = context
        return try await context.history.withExistingStore { store in
            var failing: [TestRunRow] = []
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { failing.append($0) }
            let flakiness = await context.historyJudge.analyzeFlakiness(failing)
            // A test clean over its latest `liftAfterCleanRuns` runs is one to lift, not to add.
            let cleanLately = Self.cleanLately(failing, runs: policy.liftAfterCleanRuns)
            var adds: [(score: Double, suggestion: Suggestion)] = []
            for result in flakiness where result.state == .flaky {
                let key = TestKey(stored: result.key.testKey, device: result.key.device, configuration: nil)
                guard RunVerdicts.entry(in: active, quarantining: key) == nil,
                    !cleanLately.contains(result.key.testKey),
                    adds.allSatisfy({ $0.suggestion.test != result.key.testKey })
                else { continue }
                let evidence = result.evidence
                guard evidence.runs >= policy.minimumRuns else { continue }
                let rate = Double(evidence.failedRuns) / Double(max(1, evidence.runs))
                let byScore = policy.minimumScore.map { result.score >= $0 } ?? false
                let byRate = policy.minimumFailureRate.map { rate >= $0 } ?? false
                guard byScore || byRate else { continue }
                let text =
                    "flaky, score \(String(format: "%.2f", result.score)), failed \(evidence.failedRuns) of \(evidence.runs) runs ("
                    + "\(String(format: "%.0f", rate * 100))%), passed on retry in \(evidence.retries)"
                adds.append((result.score, Suggestion(change: .add, test: result.key.testKey, evidence: text)))
            }
            let lifts = try await Self.lifts(active, policy: policy, window: window, store: store)
            return adds.sorted { ($0.score, $1.suggestion.test) > ($1.score, $0.suggestion.test) }.map(\.suggestion)
                + lifts
        }
    }

    /// The active `test:` entries whose every covered test passed its latest
    /// `policy.liftAfterCleanRuns` runs of the window (no failed attempt), and ran that often.
    static func lifts(
        _ active: [QuarantineEntry], policy: QuarantinePolicy, window: HistoryWindow, store: any HistoryStore
    ) async throws -> [Suggestion] {
        let entries = active.filter { $0.test != nil }
        guard !entries.isEmpty else { return [] }
        let known = try await store.testIdentifierHistory().tests.map { TestKey(stored: $0.key) }
        var covered: [Int: Set<String>] = [:]
        for (index, entry) in entries.enumerated() {
            covered[index] = Set(
                known.filter { RunVerdicts.entry(in: [entry], quarantining: $0) != nil }.map(\.description))
        }
        let keys = covered.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        var rows: [String: [TestRunRow]] = [:]
        if !keys.isEmpty {
            try await store.forEachTestRun(in: window, testKeys: keys) { rows[$0.testKey, default: []].append($0) }
        }
        let n = policy.liftAfterCleanRuns
        let clean = cleanLately(rows.values.flatMap { $0 }, runs: n)
        var lifts: [Suggestion] = []
        for (index, entry) in entries.enumerated() {
            guard let tests = covered[index], !tests.isEmpty else { continue }
            guard tests.isSubset(of: clean) else { continue }
            guard let test = entry.test else { continue }
            let what =
                tests.count == 1 ? "passed its last \(n) runs" : "its \(tests.count) tests passed their last \(n) runs"
            lifts.append(
                Suggestion(
                    change: .lift, test: test, evidence: what + " without a failed attempt",
                    location: entry.location.map(QuarantineCommand.fileAndLine)))
        }
        return lifts
    }

    /// The tests of `rows` whose latest `runs` runs (skipped ones aside) had no failed attempt.
    static func cleanLately(_ rows: [TestRunRow], runs n: Int) -> Set<String> {
        Set(
            Dictionary(grouping: rows, by: \.testKey).compactMap { test, rows in
                let latest = rows.filter { $0.outcome != .skipped }
                    .sorted { ($0.startedAt ?? .distantPast) < ($1.startedAt ?? .distantPast) }.suffix(n)
                return latest.count == n && latest.allSatisfy { $0.failedAttempts == 0 } ? test : nil
            })
    }

    /// The suggestions as lines: `add TEST: evidence`, `lift TEST (file:line): evidence`.
    package static func lines(_ suggestions: [Suggestion]) -> [String] {
        guard !suggestions.isEmpty else { return ["no quarantine changes: the policy calls for none"] }
        return suggestions.map { suggestion in
            switch suggestion.change {
            case .add: "add \(suggestion.test): \(suggestion.evidence)"
            case .lift: "lift \(suggestion.test)\(suggestion.location.map { " (\($0))" } ?? ""): \(suggestion.evidence)"
            }
        }
    }

    /// Applies `suggestions` to the configuration file with the in-place editor (comments, order
    /// and every other entry kept): adds entries until today + `expiryDays` with the evidence as
    /// their reason, removes lifted ones. Returns the editor's lines.
    package func write(_ suggestions: [Suggestion]) throws -> [String] {
        guard let policy = context.configuration.quarantinePolicy else { return [] }
        let path = QuarantineCommand.file(
            explicit: context.options.configPath, environment: context.options.environment
        ).path
        let now = context.options.now
        let command = QuarantineCommand(now: now)
        let until = QuarantineEditor.day(now.addingTimeInterval(Double(policy.expiryDays) * 86_400))
        var lines: [String] = []
        for suggestion in suggestions {
            switch suggestion.change {
            case .add:
                lines += try command.add(
                    QuarantineCommand.Request(
                        test: suggestion.test, reason: "quarantine suggest: " + suggestion.evidence, until: until),
                    path: path, create: false)
            case .lift:
                lines += try command.remove(test: suggestion.test, identifier: nil, auditType: nil, path: path)
            }
        }
        return lines
    }
}
