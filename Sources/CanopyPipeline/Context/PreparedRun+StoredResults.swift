import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

extension PreparedRun {
    /// After a store found the run's key already stored: the stored run must hold these results.
    /// A run key is kept once (a retried upload of the same run is one run), so other results
    /// under it (a CI retry under a hand-made `--run-key`) would be dropped while `run` judged and
    /// drew them: the command stops instead, before writing anything, and the stored run is kept.
    /// `storeLocation` names the store in the error.
    func requireStored(in store: any HistoryStore, storeLocation: String) async throws {
        let prepared = self
        let key = prepared.run.metadata.runKey ?? ""
        func signature(_ rows: [TestRunRow]) -> [String] {
            rows.map {
                "\($0.testKey)\u{0}\($0.osVersion ?? "")\u{0}\($0.outcome.rawValue)\u{0}\($0.attempts)\u{0}\($0.failedAttempts)"
            }.sorted()
        }
        let stored = try await store.testRuns(runKey: key)
        let totals = try await store.run(key: key)?.totals
        let given = prepared.run.totals
        let sameFiles =
            totals.map {
                $0.screens == given.screens && $0.elements == given.elements && $0.auditIssues == given.auditIssues
            } ?? true
        guard !sameFiles || signature(stored) != signature(prepared.testRows) else { return }
        throw PipelineError.store(
            "run key '\(key)' is already stored with other results (\(stored.count) tests stored, \(prepared.testRows.count) given) in "
                + "\(storeLocation.redactedStore); the stored run is kept and nothing was written. Give these results their own --run-key "
                + "(for a CI retry, include the attempt), or leave --run-key out to key the run by its CI build and inputs"
        )
    }
}
