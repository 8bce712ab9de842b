/// A failing test the new-failures gate did not count, and why.
package struct DashboardExcusedFailure: Sendable, Equatable, Hashable, Codable {
    /// The test key.
    package var test: String
    /// `known flaky`, or `quarantined until 2026-12-01: reason`.
    package var reason: String
    /// The first line of the test's first failure in this run, and its cause.
    package var message: String?
    package var category: String?
    /// The test's first failure in this run in full (location, element, screenshots), when known.
    package var failure: DashboardNewFailure?

    package init(test: String, reason: String, message: String? = nil, category: String? = nil, failure: DashboardNewFailure? = nil) {
        self.failure = failure
        self.test = test
        self.reason = reason
        self.message = message
        self.category = category
    }
}

/// A failure the baseline did not have.
package struct DashboardNewFailure: Sendable, Equatable, Hashable, Codable {
    /// The test key (`Bundle.Class/name`).
    package var test: String
    /// The first line(s) of the failure message.
    package var message: String
    /// `File.swift:42`, when known.
    package var location: String?
    /// The location's line in the repository's web view, when the CI names the repository.
    package var locationURL: String?
    /// The cause category (`assertion`, `timeout`, `element-not-found`, `infrastructure`, …).
    package var category: String
    /// The accessibility identifier the failure hit, when known.
    package var identifier: String?
    /// The fingerprint of the cluster it belongs to.
    package var clusterID: String?
    /// Whether its cause is an infrastructure category (the runner, not the app).
    package var isInfrastructure: Bool
    /// The identifier as the failure wrote it, when its template folds data (`Podcast-42-row` for
    /// `Podcast-{id}-row`): which row failed. Nil when the same, or not kept (a stored run).
    package var rawIdentifier: String?
    /// Screenshots of its failing attempts written beside the page; nil when none.
    package var screenshots: Int?
    /// Where the identifier was found when the message does not name it: `steps` (the steps
    /// before the failure, an `.xcresult` bundle's activities) or `output` (activity lines of the
    /// captured output); nil when the message names it.
    package var identifierFoundIn: String?
    /// Why it counts though history calls the test flaky (`flaky before, but this failure is new: …`).
    package var note: String?

    package init(
        test: String, message: String, location: String? = nil, locationURL: String? = nil, category: String, identifier: String? = nil,
        clusterID: String? = nil, isInfrastructure: Bool = false, rawIdentifier: String? = nil, screenshots: Int? = nil,
        identifierFoundIn: String? = nil, note: String? = nil
    ) {
        self.screenshots = screenshots
        self.identifierFoundIn = identifierFoundIn
        self.note = note
        self.isInfrastructure = isInfrastructure
        self.rawIdentifier = rawIdentifier == identifier ? nil : rawIdentifier
        self.locationURL = locationURL
        self.test = test
        self.message = message
        self.location = location
        self.category = category
        self.identifier = identifier
        self.clusterID = clusterID
    }
}

/// Failures with the same fingerprint (normalised message, category, identifier).
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
    /// Failures in the cluster.
    package var count: Int
    /// Keys of the tests it hit (may be a prefix of all of them; `testCount` is the total).
    package var tests: [String]
    package var testCount: Int

    package init(
        id: String, category: String, isInfrastructure: Bool, normalizedMessage: String, example: String,
        identifier: String? = nil, count: Int, tests: [String], testCount: Int? = nil
    ) {
        self.id = id
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.normalizedMessage = normalizedMessage
        self.example = example
        self.identifier = identifier
        self.count = count
        self.tests = tests
        self.testCount = testCount ?? tests.count
    }
}

/// Failures of one cause category.
package struct DashboardCategoryGroup: Sendable, Equatable, Hashable, Codable {
    package var category: String
    package var isInfrastructure: Bool
    package var count: Int
    /// Tests hit (a prefix; `testCount` is the total).
    package var tests: [String]
    package var testCount: Int
    /// Clusters in this category, largest first.
    package var clusterIDs: [String]
    /// What the category means, one line (the rule's `description`), when known.
    package var description: String?
    /// What usually fixes such a failure, one line (the rule's `fix`), when known.
    package var fix: String?

    package init(
        category: String, isInfrastructure: Bool, count: Int, tests: [String], testCount: Int? = nil,
        clusterIDs: [String] = [], description: String? = nil, fix: String? = nil
    ) {
        self.description = description
        self.fix = fix
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.count = count
        self.tests = tests
        self.testCount = testCount ?? tests.count
        self.clusterIDs = clusterIDs
    }
}

/// Failures that hit one identifier (or identifier branch).
package struct DashboardIdentifierGroup: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var count: Int
    /// Tests hit (a prefix; `testCount` is the total).
    package var tests: [String]
    package var testCount: Int
    /// Categories seen on this identifier, most frequent first.
    package var categories: [String]

    package init(identifier: String, count: Int, tests: [String], testCount: Int? = nil, categories: [String] = []) {
        self.identifier = identifier
        self.count = count
        self.tests = tests
        self.testCount = testCount ?? tests.count
        self.categories = categories
    }
}

/// A test much slower than usual: its usual seconds and now.
package struct DashboardSlowerTest: Sendable, Equatable, Hashable, Codable {
    package var test: String
    /// The median of its last `runs` passing runs, or the baseline run's time when `runs` is nil.
    package var before: Double
    package var after: Double
    package var runs: Int?

    package init(test: String, before: Double, after: Double, runs: Int? = nil) {
        self.test = test
        self.before = before
        self.after = after
        self.runs = runs
    }
}
