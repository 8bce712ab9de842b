import CanopyModel

/// The human output of `canopy inspect`: files, totals, the tests that did not simply pass,
/// screens, audit issues and diagnostics.
package struct InspectionTextRenderer {
    /// Tests listed in full when the run is at most this big; above it only non-passing tests.
    package var listAllTestsUpTo = 50

    package init() {}

    package func render(run: Run, failedFiles: [(path: String, error: String)], summary: Bool) -> String {
        var out = ""
        var files = TextTable(header: ["file", "format", "producer", "bytes"])
        for input in run.inputs {
            files.add([input.path, input.format.rawValue, input.producer ?? "-", "\(input.bytes)"])
        }
        for failed in failedFiles { files.add([failed.path, "error", "-", "-"]) }
        out += files.render(maxColumnWidth: 70) + "\n"

        let totals = run.totals
        out += "tests \(totals.tests)  attempts \(totals.attempts)  passed \(totals.passed)  failed \(totals.failed)  "
        out += "passed on retry \(totals.passedOnRetry)  skipped \(totals.skipped)\n"
        if totals.screens > 0 || totals.auditIssues > 0 {
            out += "screens \(totals.screens)  elements \(totals.elements)  identified \(totals.identifiedElements)  "
            out += "audit issues \(totals.auditIssues)\n"
        }

        if !summary {
            out += tests(run)
            out += metrics(run)
            out += screens(run)
            out += audits(run)
        }
        if !run.diagnostics.isEmpty {
            out += "\ndiagnostics:\n"
            for diagnostic in run.diagnostics { out += "  \(diagnostic)\n" }
        }
        return out
    }

    private func tests(_ run: Run) -> String {
        let listAll = run.tests.count <= listAllTestsUpTo
        let shown = listAll ? run.tests : run.tests.filter { $0.outcome != .passed }
        guard !shown.isEmpty else { return "" }
        var table = TextTable(header: ["outcome", "attempts", "time", "test", "first failure"])
        for test in shown {
            let attempts = test.attempts.map { shortOutcome($0.outcome) }.joined(separator: ",")
            let time = test.duration.map { formatSeconds($0) } ?? "-"
            let failure =
                test.failures.first.map { failure in
                    let message = failure.message.split(separator: "\n").first.map(String.init) ?? ""
                    return failure.location.map {
                        "\($0.file.split(separator: "/").last ?? ""):\($0.line ?? 0) \(message)"
                    } ?? message
                } ?? (test.attempts.first?.skipReason ?? "")
            table.add([test.outcome.label, attempts, time, test.identity.key, failure])
        }
        let title = listAll ? "tests:" : "tests that did not pass (\(shown.count) of \(run.tests.count)):"
        return "\n\(title)\n" + table.render(maxColumnWidth: 90)
    }

    private func screens(_ run: Run) -> String {
        guard !run.screens.isEmpty else { return "" }
        var table = TextTable(header: ["screen", "kind", "elements", "identified", "source"])
        for screen in run.screens {
            var elements = 0
            var identified = 0
            screen.forEachElement {
                elements += 1
                if $0.nonEmptyIdentifier != nil { identified += 1 }
            }
            table.add([screen.name, screen.kind.rawValue, "\(elements)", "\(identified)", screen.source])
        }
        return "\nscreens:\n" + table.render(maxColumnWidth: 60)
    }

    private func audits(_ run: Run) -> String {
        guard !run.auditIssues.isEmpty else { return "" }
        var counts: [String: Int] = [:]
        for issue in run.auditIssues { counts["\(issue.auditType)\t\(issue.severity.rawValue)", default: 0] += 1 }
        var table = TextTable(header: ["audit type", "severity", "issues"])
        for (key, count) in counts.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            let parts = key.split(separator: "\t")
            table.add([String(parts[0]), String(parts[1]), "\(count)"])
        }
        return "\naudit issues by type and severity:\n" + table.render()
    }

    private func shortOutcome(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "pass"
        case .failed: "FAIL"
        case .error: "ERR"
        case .skipped: "skip"
        case .expectedFailure: "xfail"
        }
    }

    private func formatSeconds(_ seconds: Double) -> String {
        seconds < 10 ? String(format3(seconds)) + "s" : Int(exactly: seconds.rounded()).map { "\($0)s" } ?? "–"
    }

    func format3(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        return "\(scaled)"
    }
}
