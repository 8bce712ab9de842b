import CanopyModel

/// What history knows of the tests it calls flaky: which they are, and the clusters
/// (fingerprints) of their failures in earlier runs. It decides whether a known-flaky test's
/// failure in this run is its old flake again or a new failure.
///
/// The rule: a failing test is excused as known flaky only when history calls it flaky and
/// every failure of this run falls in a cluster seen among the test's own failures in earlier
/// runs. A failure unlike its flaky past (another cause, message or element) is a new failure,
/// and so is a failure with no analysed message to compare.
///
/// A test is looked up by its key (`TestKey`) and, failing that, by the key without its device and
/// configuration (history and a pull request's target branch may name it so: a run on one device
/// names none).
package struct FlakyPast: Sendable, Equatable {
    /// Keys of the tests history calls flaky.
    package private(set) var flakyTests: Set<String>
    /// Per test key: the fingerprints of its failures in earlier runs.
    package private(set) var fingerprints: [String: Set<String>]

    package init(flakyTests: Set<String> = [], fingerprints: [String: Set<String>] = [:]) {
        self.flakyTests = flakyTests
        self.fingerprints = fingerprints
    }

    /// The fingerprints of `failures` per test, leaving out those of the run `excludingRun` (the
    /// run being judged) and keeping only the tests `testKeys` when given.
    package static func fingerprints(
        of failures: some Sequence<FailureRow>, excludingRun: String?, testKeys: Set<String>? = nil
    ) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        // Whether `testKeys` names a stored key, itself or its test on any destination: worked out
        // once per key, not once per failure.
        var named: [String: Bool] = [:]
        for failure in failures where failure.runKey != (excludingRun ?? "") {
            if let testKeys, !testKeys.contains(failure.testKey) {
                let key = failure.testKey
                let isNamed = named[key] ?? testKeys.contains(TestKey(stored: key).test)
                named[key] = isNamed
                if !isNamed { continue }
            }
            result[failure.testKey, default: []].insert(failure.fingerprint)
        }
        return result
    }

    /// Adds the tests and past fingerprints of `other` (a pull request's target branch).
    package mutating func merge(_ other: FlakyPast) {
        flakyTests.formUnion(other.flakyTests)
        fingerprints.merge(other.fingerprints) { $0.union($1) }
    }

    /// Whether history calls the test `key` flaky.
    package func isKnownFlaky(_ key: TestKey) -> Bool {
        flakyTests.contains(key.description) || flakyTests.contains(key.test)
    }

    /// The verdict on the failing test `key` whose failures in this run are `failuresNow`.
    package func verdict(testKey key: TestKey, failuresNow: [FailureDigest]) -> FlakyFailureVerdict {
        guard isKnownFlaky(key) else { return .notKnownFlaky }
        let past = (fingerprints[key.description] ?? []).union(fingerprints[key.test] ?? [])
        guard let unseen = failuresNow.first(where: { !past.contains($0.fingerprint) }) else {
            return failuresNow.isEmpty ? .newFailure(message: nil) : .excused
        }
        return .newFailure(message: unseen.normalizedMessage)
    }
}
