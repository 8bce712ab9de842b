import Foundation

/// What is known about where and when a run happened.
package struct RunMetadata: Sendable, Equatable, Hashable, Codable {
    /// The run's stable key (CI provider + build + attempt, or a content hash of its inputs).
    package var runKey: String?
    package var commit: String?
    package var branch: String?
    package var pullRequest: String?
    /// The branch a pull or merge request targets (`--base-branch`, else the CI's), whose runs
    /// are its baseline; nil for a run not of a request.
    package var baseBranch: String?
    /// `github`, `gitlab`, `bitrise`, `jenkins`, `buildkite`, `circleci`, `xcode-cloud`, `local`.
    package var ciProvider: String?
    package var buildID: String?
    package var buildURL: String?
    package var attempt: Int?
    package var device: String?
    package var osVersion: String?
    package var title: String?
    package var startedAt: Date?
    package var finishedAt: Date?
    /// The inputs that could not be read (`path:line:column: error: why`) when the run was stored
    /// with what could (`canopy run --allow-partial`): its tests may be missing. Nil when every
    /// input was read.
    package var unreadInputs: [String]?
    /// The shards the run was merged from (`canopy run --expect-shards`), in order; nil for a run
    /// read from its files.
    package var shards: [String]?
    /// The tests the results declare (an xcresult summary's `totalTestCount`) and list, when they
    /// list fewer: the run was cut off (a crash mid-run). Nil when they list all they declare.
    package var declaredTests: DeclaredTests?

    package struct DeclaredTests: Sendable, Equatable, Hashable, Codable {
        package var declared: Int
        package var listed: Int

        package init(declared: Int, listed: Int) {
            self.declared = declared
            self.listed = listed
        }
    }

    package init(
        runKey: String? = nil, commit: String? = nil, branch: String? = nil, pullRequest: String? = nil,
        ciProvider: String? = nil, buildID: String? = nil, buildURL: String? = nil, attempt: Int? = nil,
        device: String? = nil, osVersion: String? = nil, title: String? = nil, startedAt: Date? = nil,
        finishedAt: Date? = nil, baseBranch: String? = nil
    ) {
        self.runKey = runKey
        self.commit = commit
        self.branch = branch
        self.pullRequest = pullRequest
        self.ciProvider = ciProvider
        self.buildID = buildID
        self.buildURL = buildURL
        self.attempt = attempt
        self.device = device
        self.osVersion = osVersion
        self.title = title
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.baseBranch = baseBranch
    }

    /// Fills the fields this value lacks from `other`; fields already set win.
    package func merging(_ other: RunMetadata) -> RunMetadata {
        var merged = RunMetadata(
            runKey: runKey ?? other.runKey, commit: commit ?? other.commit, branch: branch ?? other.branch,
            pullRequest: pullRequest ?? other.pullRequest, ciProvider: ciProvider ?? other.ciProvider,
            buildID: buildID ?? other.buildID, buildURL: buildURL ?? other.buildURL, attempt: attempt ?? other.attempt,
            device: device ?? other.device, osVersion: osVersion ?? other.osVersion, title: title ?? other.title,
            startedAt: startedAt ?? other.startedAt, finishedAt: finishedAt ?? other.finishedAt,
            baseBranch: baseBranch ?? other.baseBranch)
        merged.unreadInputs = unreadInputs ?? other.unreadInputs
        merged.shards = shards ?? other.shards
        merged.declaredTests = declaredTests ?? other.declaredTests
        return merged
    }
}
