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
    /// Where the test fails and passes across the run's destinations, on a run on several.
    package var destinations: DashboardDestinationLine?
    /// Why the failure looks like the change's doing; nil when nothing says so.
    package var evidence: DashboardFailureEvidence?

    package init(
        test: String, message: String, location: String? = nil, locationURL: String? = nil, category: String,
        identifier: String? = nil,
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
