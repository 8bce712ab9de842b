import CanopyModel

extension RunAssembler {
    /// Gives the metrics of each exported measured run (`get test-results metrics`) to the test it
    /// names, by the rule every exported document joins by (`ExportedTestReference.names`): the
    /// same name, suites, and device and configuration when both say. They join the test's last
    /// attempt, the one whose outcome stands: the document names no repetition. A run of tests no
    /// input lists, or a second one for the same attempt, is left out with a note.
    static func joinExportedMetrics(_ exported: [ExportedMetrics], into run: inout Run) {
        guard !exported.isEmpty else { return }
        let byName = ExportedTestReference.testsByName(run)
        var unmatched = 0
        for item in exported {
            let testIndex = (byName[item.test.joinName] ?? []).first { index in
                item.test.names(run.tests[index].identity) && run.tests[index].attempts.last?.metrics == nil
            }
            guard let testIndex, let last = run.tests[testIndex].attempts.indices.last else {
                unmatched += 1
                continue
            }
            run.tests[testIndex].attempts[last].metrics = item.metrics
        }
        if unmatched > 0 {
            run.diagnostics.append(
                Diagnostic(
                    .note,
                    "metrics JSON: \(unmatched) measured test run(s) belong to no test read (XCTMetric measurements "
                        + "join the tests a tests document lists); left out",
                    file: run.inputs.first { $0.format == .xcresultMetrics }?.path))
        }
    }
}
