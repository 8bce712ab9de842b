/// A failing test the new-failures gate did not count, and why.
public struct DashboardExcusedFailure: Sendable, Equatable, Hashable, Codable {
    /// The test key.
    public var test: String
    /// `known flaky`, or `quarantined until 2026-12-01: reason`.
    public var reason: String
    /// The first line of the test's first failure in this run, and its cause.
    public var message: String?
    public var category: String?
    /// The test's first failure in this run in full (location, element, screenshots), when known.
    public var failure: DashboardNewFailure?

    public init(test: String, reason: String, message: String? = nil, category: String? = nil, failure: DashboardNewFailure? = nil) {
        self.failure = failure
        self.test = test
        self.reason = reason
        self.message = message
        self.category = category
    }
}

/// A failure the baseline did not have.
public struct DashboardNewFailure: Sendable, Equatable, Hashable, Codable {
    /// The test key (`Bundle.Class/name`).
    public var test: String
    /// The first line(s) of the failure message.
    public var message: String
    /// `File.swift:42`, when known.
    public var location: String?
    /// The location's line in the repository's web view, when the CI names the repository.
    public var locationURL: String?
    /// The cause category (`assertion`, `timeout`, `element-not-found`, `infrastructure`, …).
    public var category: String
    /// The accessibility identifier the failure hit, when known.
    public var identifier: String?
    /// The fingerprint of the cluster it belongs to.
    public var clusterID: String?
    /// Whether its cause is an infrastructure category (the runner, not the app).
    public var isInfrastructure: Bool
    /// The identifier as the failure wrote it, when its template folds data (`Podcast-42-row` for
    /// `Podcast-{id}-row`): which row failed. Nil when the same, or not kept (a stored run).
    public var rawIdentifier: String?
    /// Screenshots of its failing attempts written beside the page; nil when none.
    public var screenshots: Int?
    /// Where the identifier was found when the message does not name it: `steps` (the steps
    /// before the failure, an `.xcresult` bundle's activities) or `output` (activity lines of the
    /// captured output); nil when the message names it.
    public var identifierFoundIn: String?
    /// Why it counts though history calls the test flaky (`flaky before, but this failure is new: …`).
    public var note: String?

    public init(
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
public struct DashboardCluster: Sendable, Equatable, Hashable, Codable {
    /// The fingerprint, short hex.
    public var id: String
    public var category: String
    /// Whether the cause is the infrastructure (simulator, network, CI) rather than the app.
    public var isInfrastructure: Bool
    /// The message with numbers, ids and addresses replaced by placeholders.
    public var normalizedMessage: String
    /// One real message of the cluster.
    public var example: String
    public var identifier: String?
    /// Failures in the cluster.
    public var count: Int
    /// Keys of the tests it hit (may be a prefix of all of them; `testCount` is the total).
    public var tests: [String]
    public var testCount: Int

    public init(
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
public struct DashboardCategoryGroup: Sendable, Equatable, Hashable, Codable {
    public var category: String
    public var isInfrastructure: Bool
    public var count: Int
    /// Tests hit (a prefix; `testCount` is the total).
    public var tests: [String]
    public var testCount: Int
    /// Clusters in this category, largest first.
    public var clusterIDs: [String]
    /// What the category means, one line (the rule's `description`), when known.
    public var description: String?
    /// What usually fixes such a failure, one line (the rule's `fix`), when known.
    public var fix: String?

    public init(
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
public struct DashboardIdentifierGroup: Sendable, Equatable, Hashable, Codable {
    public var identifier: String
    public var count: Int
    /// Tests hit (a prefix; `testCount` is the total).
    public var tests: [String]
    public var testCount: Int
    /// Categories seen on this identifier, most frequent first.
    public var categories: [String]

    public init(identifier: String, count: Int, tests: [String], testCount: Int? = nil, categories: [String] = []) {
        self.identifier = identifier
        self.count = count
        self.tests = tests
        self.testCount = testCount ?? tests.count
        self.categories = categories
    }
}

/// A test much slower than usual: its usual seconds and now.
public struct DashboardSlowerTest: Sendable, Equatable, Hashable, Codable {
    public var test: String
    /// The median of its last `runs` passing runs, or the baseline run's time when `runs` is nil.
    public var before: Double
    public var after: Double
    public var runs: Int?

    public init(test: String, before: Double, after: Double, runs: Int? = nil) {
        self.test = test
        self.before = before
        self.after = after
        self.runs = runs
    }
}
