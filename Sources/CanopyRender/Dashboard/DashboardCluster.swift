/// Failures with the same fingerprint (normalised message, category, identifier), counted by the
/// tests they hit.
package struct DashboardCluster: Sendable, Equatable, Hashable, Codable {
    /// The fingerprint, short hex.
    package var id: String
    package var category: String
    /// Whether the cause is the infrastructure (simulator, network, CI) rather than the app.
    package var isInfrastructure: Bool
    /// The message with numbers, ids and addresses replaced by placeholders.
    package var normalizedMessage: String
    /// One real message of the cluster.
    package var example: String
    package var identifier: String?
    /// Keys of the tests it hit (may be a prefix of all of them; `testCount` is the total).
    package var tests: [String]
    package var testCount: Int

    package init(
        id: String, category: String, isInfrastructure: Bool, normalizedMessage: String, example: String,
        identifier: String? = nil, tests: [String], testCount: Int? = nil
    ) {
        self.id = id
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.normalizedMessage = normalizedMessage
        self.example = example
        self.identifier = identifier
        self.tests = tests
        self.testCount = testCount ?? tests.count
    }
}
