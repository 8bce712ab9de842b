import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

/// Inline annotations for new failures: GitHub workflow commands or a GitLab Code Quality report.
enum Annotations {
    /// The failures worth annotating, most important first: of the tests that failed (among
    /// `newFailures` when given), each test's first failure (`FailureGroups.firstFailures`, app
    /// failures before infrastructure), one with a source location first; at most `limit`.
    static func candidates(_ prepared: PreparedRun, newFailures: Set<String>?, limit: Int) -> [FailureRecord] {
        let tests = newFailures ?? prepared.failingTestKeys
        return Array(
            FailureGroups.firstFailures(prepared.report.failures, of: tests, preferringLocated: true).lazy.filter {
                $0.testOutcome == .failed
            }
            .prefix(limit))
    }

    /// `::error file=…,line=…,title=…::message`, escaped as GitHub's workflow commands require;
    /// `file` relative to the checkout, so GitHub shows it on the line of the pull request's diff.
    static func github(_ records: [FailureRecord], limit: Int, paths: SourcePathResolver) -> [String] {
        records.prefix(limit).map { record in
            var properties = place(record.location, paths: paths)
            let title = "\(record.test) — \(record.category)" + (record.element.map { " on \($0.template)" } ?? "")
            properties.append("title=\(escapeProperty(title))")
            return "::error \(properties.joined(separator: ","))::\(escapeData(record.message))"
        }
    }

    /// `::warning …` for tests that became flaky against the baseline (a retry passed after a
    /// failure), on the line of their first failure: at most `limit`, after the errors.
    static func githubFlaky(_ prepared: PreparedRun, newFlakyTests: [String], limit: Int, paths: SourcePathResolver)
        -> [String]
    {
        guard limit > 0, !newFlakyTests.isEmpty else { return [] }
        let first = prepared.report.firstFailures(of: Set(newFlakyTests.prefix(limit)))
        return newFlakyTests.prefix(limit).compactMap { test in
            guard let record = first[test] else { return nil }
            var properties = place(record.location, paths: paths)
            properties.append("title=\(escapeProperty(AnnotationWords.flakyTitle(test: test)))")
            return "::warning \(properties.joined(separator: ","))::\(escapeData(record.message))"
        }
    }

    /// `::error …` for new accessibility errors and `::warning …` for new warnings (against the
    /// baseline, as the new-audit-errors gate counts them), errors first: at most `limit`. An audit
    /// issue names an element, not a source line, so the annotation is the run's, not a line's.
    static func githubAudit(_ issues: [AuditIssue], limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let ordered = issues.filter { $0.severity == .error } + issues.filter { $0.severity != .error }
        return ordered.prefix(limit).map { issue in
            let level = issue.severity == .error ? "error" : "warning"
            let title = AnnotationWords.auditTitle(issue)
            let message =
                issue.detailedDescription.map { "\(issue.compactDescription) — \($0)" } ?? issue.compactDescription
            return "::\(level) title=\(escapeProperty(title))::\(escapeData(message))"
        }
    }

    /// `::error …` for each XCTMetric regression the metric gate counts (`GateInput.metricRegressions`:
    /// those that began at this run), its sentence the message: at most `limit`. A metric names a
    /// test, not a source line, so the annotation is the run's, as an audit issue's is.
    static func githubMetrics(_ regressions: [MetricChange], limit: Int) -> [String] {
        regressions.prefix(max(0, limit)).map { change in
            let properties = ["title=\(escapeProperty(AnnotationWords.metricTitle(change)))"]
            return "::error \(properties.joined(separator: ","))::\(escapeData(change.sentence))"
        }
    }

    /// `file=…` relative to the checkout and `line=…` (never 0) of a workflow command.
    private static func place(_ location: SourceLocation?, paths: SourcePathResolver) -> [String] {
        guard let location else { return [] }
        var properties = ["file=\(escapeProperty(paths.relative(location.file)))"]
        if let line = location.line, line > 0 { properties.append("line=\(line)") }
        return properties
    }

    /// A GitLab Code Quality report (a JSON array of issues). GitLab places an issue by its
    /// `location.path`, a file of the repository: a failure with no source file has none to give
    /// and is left out (the summary and dashboard list it).
    static func gitlab(_ records: [FailureRecord], limit: Int, paths: SourcePathResolver) throws -> String {
        let issues: [[String: Any]] = records.prefix(limit).compactMap { record in
            guard let location = record.location, !location.file.isEmpty else { return nil }
            return [
                "description": "\(record.test): \(record.message)",
                "check_name": "canopy.\(record.category)",
                "fingerprint": record.fingerprint + "-" + record.test,
                "severity": record.isInfrastructure ? "minor" : "major",
                "location": ["path": paths.relative(location.file), "lines": ["begin": max(1, location.line ?? 1)]],
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: issues, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
