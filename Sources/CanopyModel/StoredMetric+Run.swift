extension StoredMetric {
    /// The metrics of `run`'s tests as a store keeps them: each attempt's, keyed by the test's key,
    /// its device (the run's when the key names none) and configuration; `runKey` is the run's key
    /// or "" before it has one.
    package static func rows(of run: Run) -> [StoredMetric] {
        var rows: [StoredMetric] = []
        for test in run.tests {
            for (attempt, measured) in test.attempts.enumerated() {
                for metric in measured.metrics ?? [] {
                    rows.append(
                        StoredMetric(
                            runKey: run.metadata.runKey ?? "", testKey: test.identity.key,
                            device: test.identity.device ?? run.metadata.device,
                            configuration: test.identity.configuration, attempt: attempt, metric: metric))
                }
            }
        }
        return rows
    }
}
