import CanopyModel
import CanopyRender
import CanopySource
import Foundation

extension DashboardBuilder {
    /// Each new failure's evidence of cause (`DashboardFailureEvidence`): its passing streak on the
    /// branch history was read over (a request's target branch), from the history strips' rows,
    /// and the changed files (`DashboardInput.changedFiles`) that declare the identifier it hit or
    /// its test's class. A trend's latest run shows it as `report` does.
    func markEvidence(_ dashboard: inout Dashboard) {
        guard !dashboard.newFailures.isEmpty else { return }
        let metadata = input.metadata
        let request = metadata.baseBranch.map { $0 != metadata.branch } ?? false
        let history = input.insights?.testHistory ?? [:]
        let branch = input.insights?.testHistorySource.branch
        let changed = input.changedFiles.map(Set.init)
        var testClasses: [String: TestClassDeclaration] = [:]
        for declaration in input.source?.index.testClasses ?? [] where testClasses[declaration.name] == nil {
            testClasses[declaration.name] = declaration
        }
        for index in dashboard.newFailures.indices {
            let failure = dashboard.newFailures[index]
            var evidence = DashboardFailureEvidence(ofRequest: request)
            evidence.passing = Self.passingStreak(
                history[failure.test] ?? [], excluding: metadata.runKey, branch: branch)
            if let changed, let catalog = input.source {
                var files: Set<String> = []
                if let identifier = failure.identifier {
                    for declaration in catalog.declarations(of: identifier)
                    where changed.contains(declaration.file) && files.insert(declaration.file).inserted {
                        evidence.changes.append(
                            change(declaration.file, line: declaration.line, kind: .declares(identifier: identifier)))
                    }
                }
                if let declaration = testClasses[Self.className(of: failure.test)],
                    changed.contains(declaration.file), files.insert(declaration.file).inserted
                {
                    evidence.changes.append(change(declaration.file, line: declaration.line, kind: .test))
                }
            }
            dashboard.newFailures[index].evidence = evidence.isEmpty ? nil : evidence
        }
    }

    /// The test's consecutive passed runs ending with the latest of `rows` (any order), leaving
    /// out `excluding` (this run); nil when the latest did not pass.
    static func passingStreak(_ rows: [TestRunRow], excluding runKey: String?, branch: String?)
        -> DashboardFailureEvidence.PassingStreak?
    {
        let ordered = rows.filter { $0.runKey != runKey }.sorted {
            ($0.startedAt ?? .distantPast, $0.runKey) < ($1.startedAt ?? .distantPast, $1.runKey)
        }
        let streak = ordered.reversed().prefix { $0.outcome == .passed }
        guard let first = streak.last else { return nil }
        return DashboardFailureEvidence.PassingStreak(branch: branch, runs: streak.count, since: first.commit)
    }

    /// A changed file's evidence, its declaration linked at the run's commit when the CI names the
    /// repository.
    private func change(_ file: String, line: Int, kind: DashboardFailureEvidence.Change.Kind)
        -> DashboardFailureEvidence.Change
    {
        let root = input.source?.root ?? ""
        let link = input.sourceLinks?.link(SourceLocation(file: root + "/" + file, line: line))
        return DashboardFailureEvidence.Change(file: file, line: line, url: link?.url, kind: kind)
    }
}
