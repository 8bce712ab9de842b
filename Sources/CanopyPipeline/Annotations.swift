import CanopyAnalysis
import CanopyModel
import Foundation

/// Inline annotations for new failures: GitHub workflow commands or a GitLab Code Quality report.
enum Annotations {
    /// The failures worth annotating, most important first: app failures before infrastructure,
    /// failures with a source location before those without; one per test.
    static func candidates(_ prepared: PreparedRun, newFailures: Set<String>?) -> [FailureRecord] {
        var seen: Set<String> = []
        return prepared.report.failures
            .filter { $0.testOutcome == .failed && (newFailures?.contains($0.test) ?? true) }
            .sorted { lhs, rhs in
                if lhs.isInfrastructure != rhs.isInfrastructure { return !lhs.isInfrastructure }
                return (lhs.location != nil ? 0 : 1) < (rhs.location != nil ? 0 : 1)
            }
            .filter { seen.insert($0.test).inserted }
    }

    /// `::error file=…,line=…,title=…::message`, escaped as GitHub's workflow commands require.
    static func github(_ records: [FailureRecord], limit: Int) -> [String] {
        records.prefix(limit).map { record in
            var properties: [String] = []
            if let location = record.location {
                properties.append("file=\(escapeProperty(location.file))")
                if let line = location.line { properties.append("line=\(line)") }
            }
            let title = "\(record.test) — \(record.category)" + (record.element.map { " on \($0.template)" } ?? "")
            properties.append("title=\(escapeProperty(title))")
            return "::error \(properties.joined(separator: ","))::\(escapeData(record.message))"
        }
    }

    /// A GitLab Code Quality report (a JSON array of issues).
    static func gitlab(_ records: [FailureRecord], limit: Int) throws -> String {
        let issues: [[String: Any]] = records.prefix(limit).map { record in
            [
                "description": "\(record.test): \(record.message)",
                "check_name": "canopy.\(record.category)",
                "fingerprint": record.fingerprint + "-" + record.test,
                "severity": record.isInfrastructure ? "minor" : "major",
                "location": ["path": record.location?.file ?? record.test, "lines": ["begin": record.location?.line ?? 1]],
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: issues, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
