import CanopyModel
import Foundation

/// What the CI system (if any) says about the current job, read from environment variables.
package struct CIEnvironment: Sendable, Equatable {
    /// `github`, `gitlab`, `bitrise`, `jenkins`, `buildkite`, `circleci`, `xcode-cloud`, or nil locally.
    package var provider: String?
    package var metadata: RunMetadata
    /// A job name that distinguishes parallel jobs of one build (GitHub's job, GitLab's job id).
    package var job: String?
    /// Where GitHub Actions wants the job summary appended.
    package var stepSummaryPath: String?
    /// The branch a pull or merge request targets: its runs are the baseline of the request's runs.
    package var baseBranch: String?
    /// Where the job checked the repository out, as the provider says (`GITHUB_WORKSPACE`,
    /// `CI_PROJECT_DIR`, …): annotations name source files relative to it.
    package var checkout: String?
    /// The repository's web page (`https://github.com/org/app`, GitLab's `CI_PROJECT_URL`), for
    /// links to the commit and to source lines.
    package var repositoryURL: String?

    /// Each provider's variable for its checkout directory.
    static let checkoutVariables = [
        "github": "GITHUB_WORKSPACE", "gitlab": "CI_PROJECT_DIR", "bitrise": "BITRISE_SOURCE_DIR",
        "buildkite": "BUILDKITE_BUILD_CHECKOUT_PATH", "circleci": "CIRCLE_WORKING_DIRECTORY",
        "xcode-cloud": "CI_PRIMARY_REPOSITORY_PATH", "jenkins": "WORKSPACE",
    ]

    package init(
        provider: String? = nil, metadata: RunMetadata = RunMetadata(), job: String? = nil,
        stepSummaryPath: String? = nil,
        baseBranch: String? = nil
    ) {
        self.provider = provider
        self.metadata = metadata
        self.job = job
        self.stepSummaryPath = stepSummaryPath
        self.baseBranch = baseBranch
    }

    /// Detects the CI provider and reads commit, branch, pull request, build id, URL, attempt and checkout.
    package static func detect(_ env: [String: String]) -> CIEnvironment {
        var ci = provider(env)
        if let name = ci.provider.flatMap({ checkoutVariables[$0] }), let path = env[name], !path.isEmpty {
            ci.checkout = path
        }
        switch ci.provider {
        case "github":
            if let repository = env["GITHUB_REPOSITORY"], !repository.isEmpty {
                ci.repositoryURL =
                    (env["GITHUB_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://github.com") + "/"
                    + repository
            }
        case "gitlab": ci.repositoryURL = env["CI_PROJECT_URL"].flatMap { $0.isEmpty ? nil : $0 }
        default: break
        }
        // A request from a fork whose branch has the target's name (a fork's `main` into `main`)
        // is not a run of the target branch: stored as such, it became the target's baseline.
        if let pullRequest = ci.metadata.pullRequest, let branch = ci.metadata.branch, branch == ci.baseBranch {
            ci.metadata.branch = "pull/\(pullRequest)/\(branch)"
        }
        return ci
    }

    /// What GitHub's event payload (`GITHUB_EVENT_PATH`) says of a pull request or merge queue
    /// event, which the variables do not: the request's own head commit (`GITHUB_SHA` is the
    /// merge commit GitHub made, or the base's commit for `pull_request_target`), its number and
    /// branches, and a merge queue's target branch.
    struct GitHubEvent {
        var headSHA: String?
        var number: String?
        var headRef: String?
        var baseRef: String?

        init?(path: String?, name: String?) {
            guard let path, let name, ["pull_request", "pull_request_target", "merge_group"].contains(name),
                let data = FileManager.default.contents(atPath: path),
                let payload = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { return nil }
            if let request = payload["pull_request"] as? [String: Any] {
                let head = request["head"] as? [String: Any]
                let base = request["base"] as? [String: Any]
                headSHA = head?["sha"] as? String
                headRef = head?["ref"] as? String
                baseRef = base?["ref"] as? String
                number = (request["number"] as? Int).map(String.init) ?? (payload["number"] as? Int).map(String.init)
            } else if let group = payload["merge_group"] as? [String: Any] {
                headSHA = group["head_sha"] as? String
                baseRef = (group["base_ref"] as? String).map {
                    $0.hasPrefix("refs/heads/") ? String($0.dropFirst(11)) : $0
                }
            }
        }
    }

    private static func provider(_ env: [String: String]) -> CIEnvironment {
        func value(_ key: String) -> String? {
            guard let text = env[key]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }
        func number(_ key: String) -> Int? { value(key).flatMap(Int.init) }

        if value("GITHUB_ACTIONS") == "true" {
            let server = value("GITHUB_SERVER_URL") ?? "https://github.com"
            var url: String?
            if let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID") {
                url = "\(server)/\(repository)/actions/runs/\(run)"
            }
            // The build URL of this attempt: the run's URL alone shows its latest attempt.
            if let run = url, let attempt = number("GITHUB_RUN_ATTEMPT"), attempt > 1 {
                url = run + "/attempts/\(attempt)"
            }
            var pullRequest: String?
            if let ref = value("GITHUB_REF"), ref.hasPrefix("refs/pull/") {
                pullRequest = ref.split(separator: "/").dropFirst(2).first.map(String.init)
            }
            // A tag is not a branch: a tag push's run has none (GITHUB_REF_NAME is the tag).
            var branch =
                value("GITHUB_HEAD_REF") ?? (value("GITHUB_REF_TYPE") == "tag" ? nil : value("GITHUB_REF_NAME"))
            var commit = value("GITHUB_SHA")
            var base = value("GITHUB_BASE_REF")
            if let event = GitHubEvent(path: value("GITHUB_EVENT_PATH"), name: value("GITHUB_EVENT_NAME")) {
                commit = event.headSHA ?? commit
                pullRequest = event.number ?? pullRequest
                if value("GITHUB_EVENT_NAME") == "merge_group" {
                    // A merge queue's branch (gh-readonly-queue/main/pr-…) is compared with its target.
                    base = event.baseRef ?? base
                } else {
                    branch = event.headRef ?? branch
                    base = event.baseRef ?? base
                }
            }
            return CIEnvironment(
                provider: "github",
                metadata: RunMetadata(
                    commit: commit, branch: branch, pullRequest: pullRequest, ciProvider: "github",
                    buildID: value("GITHUB_RUN_ID"), buildURL: url, attempt: number("GITHUB_RUN_ATTEMPT")),
                job: value("GITHUB_JOB"), stepSummaryPath: value("GITHUB_STEP_SUMMARY"), baseBranch: base)
        }
        if value("GITLAB_CI") != nil {
            return CIEnvironment(
                provider: "gitlab",
                metadata: RunMetadata(
                    commit: value("CI_COMMIT_SHA"),
                    // A tag pipeline's CI_COMMIT_REF_NAME is the tag: no branch.
                    branch: value("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME")
                        ?? (value("CI_COMMIT_TAG") == nil ? value("CI_COMMIT_REF_NAME") : nil),
                    pullRequest: value("CI_MERGE_REQUEST_IID"), ciProvider: "gitlab", buildID: value("CI_JOB_ID"),
                    buildURL: value("CI_JOB_URL"), attempt: nil),
                job: value("CI_JOB_NAME"), baseBranch: value("CI_MERGE_REQUEST_TARGET_BRANCH_NAME"))
        }
        if value("BITRISE_IO") != nil || value("BITRISE_BUILD_SLUG") != nil {
            return CIEnvironment(
                provider: "bitrise",
                metadata: RunMetadata(
                    commit: value("BITRISE_GIT_COMMIT") ?? value("GIT_CLONE_COMMIT_HASH"),
                    branch: value("BITRISE_GIT_BRANCH"),
                    pullRequest: value("BITRISE_PULL_REQUEST"), ciProvider: "bitrise",
                    buildID: value("BITRISE_BUILD_SLUG") ?? value("BITRISE_BUILD_NUMBER"),
                    buildURL: value("BITRISE_BUILD_URL")),
                job: value("BITRISE_TRIGGERED_WORKFLOW_ID"), baseBranch: value("BITRISEIO_GIT_BRANCH_DEST"))
        }
        if value("BUILDKITE") == "true" {
            let pr = value("BUILDKITE_PULL_REQUEST").flatMap { $0 == "false" ? nil : $0 }
            return CIEnvironment(
                provider: "buildkite",
                metadata: RunMetadata(
                    commit: value("BUILDKITE_COMMIT"), branch: value("BUILDKITE_BRANCH"), pullRequest: pr,
                    ciProvider: "buildkite", buildID: value("BUILDKITE_BUILD_ID"),
                    buildURL: value("BUILDKITE_BUILD_URL"),
                    attempt: number("BUILDKITE_RETRY_COUNT").map { $0 + 1 }),
                job: value("BUILDKITE_JOB_ID"),
                baseBranch: pr == nil ? nil : value("BUILDKITE_PULL_REQUEST_BASE_BRANCH"))
        }
        if value("CIRCLECI") == "true" {
            let pr =
                value("CIRCLE_PR_NUMBER")
                ?? value("CIRCLE_PULL_REQUEST").flatMap { $0.split(separator: "/").last.map(String.init) }
            return CIEnvironment(
                provider: "circleci",
                metadata: RunMetadata(
                    commit: value("CIRCLE_SHA1"), branch: value("CIRCLE_BRANCH"), pullRequest: pr,
                    ciProvider: "circleci",
                    buildID: value("CIRCLE_WORKFLOW_JOB_ID") ?? value("CIRCLE_BUILD_NUM"),
                    buildURL: value("CIRCLE_BUILD_URL")),
                job: value("CIRCLE_JOB"))
        }
        if value("CI_XCODEBUILD_ACTION") != nil || value("CI_XCODE_PROJECT") != nil
            || value("CI_WORKFLOW") != nil && value("CI_BUILD_ID") != nil
        {
            return CIEnvironment(
                provider: "xcode-cloud",
                metadata: RunMetadata(
                    // A pull request build has no CI_BRANCH: its branch is the request's source.
                    commit: value("CI_COMMIT"), branch: value("CI_BRANCH") ?? value("CI_PULL_REQUEST_SOURCE_BRANCH"),
                    pullRequest: value("CI_PULL_REQUEST_NUMBER"),
                    ciProvider: "xcode-cloud", buildID: value("CI_BUILD_ID"), buildURL: value("CI_BUILD_URL")),
                job: value("CI_WORKFLOW"), baseBranch: value("CI_PULL_REQUEST_TARGET_BRANCH"))
        }
        if value("JENKINS_URL") != nil || value("JENKINS_HOME") != nil {
            // A multibranch pull request build is named `PR-12` in BRANCH_NAME; its branch is CHANGE_BRANCH.
            var branch = value("CHANGE_BRANCH") ?? value("BRANCH_NAME") ?? value("GIT_BRANCH")
            if let current = branch, current.hasPrefix("origin/") {
                branch = String(current.dropFirst("origin/".count))
            }
            return CIEnvironment(
                provider: "jenkins",
                metadata: RunMetadata(
                    commit: value("GIT_COMMIT"), branch: branch, pullRequest: value("CHANGE_ID"), ciProvider: "jenkins",
                    buildID: value("BUILD_TAG") ?? value("BUILD_NUMBER"), buildURL: value("BUILD_URL")),
                job: value("JOB_NAME"), baseBranch: value("CHANGE_TARGET"))
        }
        return CIEnvironment()
    }
}
