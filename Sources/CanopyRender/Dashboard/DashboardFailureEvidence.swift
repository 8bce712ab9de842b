/// Why a new failure looks like the change's doing, as facts: how long the test had passed on the
/// branch history was read over (a pull request's: its target branch), and which of the change's
/// files touch it. The summary and the comment word it (`MarkdownFailures.evidence`).
package struct DashboardFailureEvidence: Sendable, Equatable, Hashable, Codable {
    /// The test's latest runs on `branch` before this one, all passed.
    package struct PassingStreak: Sendable, Equatable, Hashable, Codable {
        /// The branch the runs are of; nil when history spans every branch.
        package var branch: String?
        /// How many consecutive runs passed, ending with the latest one read.
        package var runs: Int
        /// The commit of the first of those runs, when stored.
        package var since: String?

        package init(branch: String?, runs: Int, since: String?) {
            self.branch = branch
            self.runs = runs
            self.since = since
        }
    }

    /// A changed file that touches the failing test.
    package struct Change: Sendable, Equatable, Hashable, Codable {
        /// How the file touches the test.
        package enum Kind: Sendable, Equatable, Hashable, Codable {
            /// The file declares the accessibility identifier the failure hit.
            case declares(identifier: String)
            /// The file declares the test's own class.
            case test
        }

        /// The file, relative to the source directory.
        package var file: String
        /// The line of the declaration that ties it to the test.
        package var line: Int
        /// That line in the repository's web view, when the CI names the repository.
        package var url: String?
        package var kind: Kind

        package init(file: String, line: Int, url: String? = nil, kind: Kind) {
            self.file = file
            self.line = line
            self.url = url
            self.kind = kind
        }
    }

    /// Nil when the test has no passing run before this one in what history read.
    package var passing: PassingStreak?
    /// Empty when the change's files are unknown or none touches the test.
    package var changes: [Change]
    /// Whether the change is a pull or merge request's (its files differ from its target branch).
    package var ofRequest: Bool

    package init(passing: PassingStreak? = nil, changes: [Change] = [], ofRequest: Bool = false) {
        self.passing = passing
        self.changes = changes
        self.ofRequest = ofRequest
    }

    package var isEmpty: Bool { passing == nil && changes.isEmpty }
}
