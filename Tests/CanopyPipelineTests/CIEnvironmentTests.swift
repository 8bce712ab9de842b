import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation
import Testing

@testable import CanopyConfig
@testable import CanopyPipeline

@Suite("CI detection and run identity")
struct CIEnvironmentTests {
    @Test(
        "each provider is detected with commit, branch and build",
        arguments: [
            (
                [
                    "GITHUB_ACTIONS": "true", "GITHUB_SHA": "a1", "GITHUB_HEAD_REF": "feature",
                    "GITHUB_REF": "refs/pull/42/merge", "GITHUB_RUN_ID": "9",
                    "GITHUB_RUN_ATTEMPT": "2", "GITHUB_REPOSITORY": "acme/app",
                ], "github", "a1", "feature", "42", "9"
            ),
            (
                ["GITLAB_CI": "true", "CI_COMMIT_SHA": "b2", "CI_COMMIT_REF_NAME": "main", "CI_JOB_ID": "77"], "gitlab",
                "b2", "main", nil, "77"
            ),
            (
                [
                    "BITRISE_IO": "true", "BITRISE_GIT_COMMIT": "c3", "BITRISE_GIT_BRANCH": "dev",
                    "BITRISE_BUILD_SLUG": "s1", "BITRISE_PULL_REQUEST": "5",
                ],
                "bitrise", "c3", "dev", "5", "s1"
            ),
            (
                [
                    "JENKINS_URL": "http://j", "GIT_COMMIT": "d4", "GIT_BRANCH": "origin/main",
                    "BUILD_TAG": "jenkins-app-12",
                ], "jenkins", "d4", "main", nil,
                "jenkins-app-12"
            ),
            (
                [
                    "BUILDKITE": "true", "BUILDKITE_COMMIT": "e5", "BUILDKITE_BRANCH": "main",
                    "BUILDKITE_PULL_REQUEST": "false", "BUILDKITE_BUILD_ID": "u1",
                ],
                "buildkite", "e5", "main", nil, "u1"
            ),
            (
                [
                    "CIRCLECI": "true", "CIRCLE_SHA1": "f6", "CIRCLE_BRANCH": "main",
                    "CIRCLE_PULL_REQUEST": "https://github.com/a/b/pull/8", "CIRCLE_BUILD_NUM": "3",
                ],
                "circleci", "f6", "main", "8", "3"
            ),
            (
                [
                    "CI_XCODEBUILD_ACTION": "test-without-building", "CI_COMMIT": "g7", "CI_BRANCH": "main",
                    "CI_BUILD_ID": "x1",
                ], "xcode-cloud", "g7", "main", nil,
                "x1"
            ),
        ] as [([String: String], String, String, String, String?, String)])
    func providers(
        _ env: [String: String], _ provider: String, _ commit: String, _ branch: String, _ pr: String?, _ build: String
    ) {
        let ci = CIEnvironment.detect(env)
        #expect(ci.provider == provider)
        #expect(ci.metadata.commit == commit)
        #expect(ci.metadata.branch == branch)
        #expect(ci.metadata.pullRequest == pr)
        #expect(ci.metadata.buildID == build)
    }

    @Test("no CI: nothing detected")
    func local() {
        #expect(CIEnvironment.detect(["HOME": "/root"]).provider == nil)
    }

    @Test("run keys: CI build, job, attempt and the inputs' hash, else a content hash independent of paths and order")
    func runKeys() throws {
        let directory = NSTemporaryDirectory() + "canopy-id-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "one".write(toFile: directory + "/a.xml", atomically: true, encoding: .utf8)
        try "two".write(toFile: directory + "/b.xml", atomically: true, encoding: .utf8)
        try "one".write(toFile: directory + "/copy.xml", atomically: true, encoding: .utf8)
        let key = try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/a.xml", directory + "/b.xml"])
        #expect(key.hasPrefix("sha256:"))
        #expect(
            try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/b.xml", directory + "/copy.xml"]) == key
        )
        #expect(try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/a.xml"]) != key)
        // The key of a stored run may not change between versions: SHA-256 over the sorted hex
        // SHA-256 digests of the files.
        #expect(key == "sha256:7285db8f3810702a72c3f827d0639ad199741cb01f0b638b5a76910146c97801")
        // Digests made beside the parse (the directory expanded) give the same key, and are used.
        #expect(RunIdentity.digests(of: [directory + "/a.xml"], unless: "given").isEmpty)
        let found = try FileManager.default.contentsOfDirectory(atPath: directory).map { directory + "/" + $0 }
        let digests = RunIdentity.digests(of: found, unless: nil)
        #expect(digests.count == 3)
        #expect(
            try RunIdentity.key(
                ci: CIEnvironment(), inputPaths: [directory + "/a.xml", directory + "/b.xml"], digests: digests) == key)
        #expect(
            try RunIdentity.key(
                ci: CIEnvironment(), inputPaths: [directory + "/a.xml", directory + "/b.xml"],
                digests: [directory + "/a.xml": "0"]) != key)

        let github = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "9", "GITHUB_RUN_ATTEMPT": "2", "GITHUB_JOB": "ui",
        ])
        let leg = try RunIdentity.key(ci: github, inputPaths: [directory + "/a.xml", directory + "/b.xml"])
        #expect(leg == "github:9:ui#2:" + key.dropFirst("sha256:".count).prefix(12))
        // A retried upload of the same inputs is the same run; another leg of the matrix is not.
        #expect(try RunIdentity.key(ci: github, inputPaths: [directory + "/b.xml", directory + "/copy.xml"]) == leg)
        #expect(try RunIdentity.key(ci: github, inputPaths: [directory + "/b.xml"]) != leg)
        #expect(try RunIdentity.key(ci: github, inputPaths: [], explicit: "mine") == "mine")
    }

    @Test("why a failing test is not counted, in words: an entry's expiry and reason when given")
    func excusedReasonText() {
        let day = ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z")
        #expect(ExcusedFailure(test: "A/a", reason: .knownFlaky).reasonText == "known flaky")
        #expect(ExcusedFailure(test: "A/a", reason: .quarantined(until: nil, reason: nil)).reasonText == "quarantined")
        #expect(ExcusedFailure(test: "A/a", reason: .quarantined(until: nil, reason: "")).reasonText == "quarantined")
        #expect(
            ExcusedFailure(test: "A/a", reason: .quarantined(until: day, reason: nil)).reasonText
                == "quarantined until 2026-12-01")
        #expect(
            ExcusedFailure(test: "A/a", reason: .quarantined(until: day, reason: "rework")).reasonText
                == "quarantined until 2026-12-01: rework")
    }

    @Test("the reader tells the files it found, under the paths the parsed inputs keep")
    func foundFiles() throws {
        let directory = NSTemporaryDirectory() + "canopy-found-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/nested", withIntermediateDirectories: true)
        try "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"a\"/></testsuite></testsuites>"
            .write(toFile: directory + "/nested/junit.xml", atomically: true, encoding: .utf8)
        try "{\"name\": \"app\"}".write(toFile: directory + "/package.json", atomically: true, encoding: .utf8)
        var found: [String] = []
        let reading = try InputReader().read(InputSelection(paths: [directory])) { found = $0 }
        #expect(Set(found) == Set([directory + "/nested/junit.xml", directory + "/package.json"]))
        // Every parsed input's path is one of them, so the run key finds its digest ready.
        #expect(!reading.parsed.isEmpty && reading.parsed.allSatisfy { found.contains($0.file.path) })
        #expect(reading.skipped.map(\.path) == [directory + "/package.json"])
    }

    @Test(
        "the branch a pull request targets, and its source branch where the branch variable names the request",
        arguments: [
            (["GITHUB_ACTIONS": "true", "GITHUB_HEAD_REF": "feature", "GITHUB_BASE_REF": "main"], "feature", "main"),
            (["GITHUB_ACTIONS": "true", "GITHUB_REF_NAME": "main", "GITHUB_BASE_REF": ""], "main", nil),
            (
                [
                    "GITLAB_CI": "true", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "f",
                    "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "develop",
                ], "f", "develop"
            ),
            (["BITRISE_IO": "true", "BITRISE_GIT_BRANCH": "f", "BITRISEIO_GIT_BRANCH_DEST": "main"], "f", "main"),
            (
                [
                    "BUILDKITE": "true", "BUILDKITE_BRANCH": "f", "BUILDKITE_PULL_REQUEST": "12",
                    "BUILDKITE_PULL_REQUEST_BASE_BRANCH": "main",
                ], "f", "main"
            ),
            (
                [
                    "BUILDKITE": "true", "BUILDKITE_BRANCH": "main", "BUILDKITE_PULL_REQUEST": "false",
                    "BUILDKITE_PULL_REQUEST_BASE_BRANCH": "",
                ], "main", nil
            ),
            (
                [
                    "JENKINS_URL": "http://j", "BRANCH_NAME": "PR-12", "CHANGE_ID": "12", "CHANGE_BRANCH": "f",
                    "CHANGE_TARGET": "main",
                ], "f", "main"
            ),
            (
                [
                    "CI_XCODEBUILD_ACTION": "test", "CI_PULL_REQUEST_NUMBER": "3", "CI_PULL_REQUEST_SOURCE_BRANCH": "f",
                    "CI_PULL_REQUEST_TARGET_BRANCH": "main",
                ], "f", "main"
            ),
            // A fork's `main` into `main` is not a run of main.
            (
                [
                    "GITHUB_ACTIONS": "true", "GITHUB_REF": "refs/pull/77/merge", "GITHUB_HEAD_REF": "main",
                    "GITHUB_BASE_REF": "main",
                ],
                "pull/77/main", "main"
            ),
            (
                [
                    "GITLAB_CI": "true", "CI_MERGE_REQUEST_IID": "5", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "develop",
                    "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "develop",
                ], "pull/5/develop", "develop"
            ),
            (
                [
                    "JENKINS_URL": "http://j", "CHANGE_ID": "8", "CHANGE_BRANCH": "main", "CHANGE_TARGET": "main",
                    "CHANGE_FORK": "someone",
                ],
                "pull/8/main", "main"
            ),
        ] as [([String: String], String, String?)])
    func targetBranches(_ env: [String: String], _ branch: String, _ base: String?) {
        let ci = CIEnvironment.detect(env)
        #expect(ci.metadata.branch == branch)
        #expect(ci.baseBranch == base)
    }

    /// GitHub's variables name the merge commit GitHub made for a pull request (the base's commit
    /// for `pull_request_target`); the event payload names the request's own commit and branches.
    @Test("GitHub: the event payload's head commit, number and branches; merge queues; tags; attempt URLs")
    func gitHubEvents() throws {
        let directory = NSTemporaryDirectory() + "canopy-event-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let event = directory + "/event.json"
        try
            #"{"number": 42, "pull_request": {"number": 42, "head": {"sha": "headsha1", "ref": "feature/login"}, "base": {"sha": "basesha", "ref": "main"}}}"#
            .write(toFile: event, atomically: true, encoding: .utf8)
        let target = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request_target", "GITHUB_EVENT_PATH": event,
            "GITHUB_SHA": "basesha", "GITHUB_REF": "refs/heads/main", "GITHUB_REF_NAME": "main",
        ])
        #expect(target.metadata.commit == "headsha1")
        #expect(target.metadata.pullRequest == "42")
        #expect(target.metadata.branch == "feature/login")
        #expect(target.baseBranch == "main")
        let request = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": event,
            "GITHUB_SHA": "mergesha",
            "GITHUB_REF": "refs/pull/42/merge", "GITHUB_HEAD_REF": "feature/login", "GITHUB_BASE_REF": "main",
        ])
        #expect(request.metadata.commit == "headsha1", "the request's commit, not GitHub's merge commit")

        let queue = directory + "/queue.json"
        try
            #"{"merge_group": {"head_sha": "queuesha", "head_ref": "refs/heads/gh-readonly-queue/main/pr-42-abc", "base_ref": "refs/heads/main"}}"#
            .write(toFile: queue, atomically: true, encoding: .utf8)
        let merge = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "merge_group", "GITHUB_EVENT_PATH": queue,
            "GITHUB_REF_NAME": "gh-readonly-queue/main/pr-42-abc", "GITHUB_SHA": "queuesha",
        ])
        #expect(merge.metadata.branch == "gh-readonly-queue/main/pr-42-abc")
        #expect(merge.baseBranch == "main")

        let tag = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_REF_NAME": "v1.2.0", "GITHUB_REF_TYPE": "tag", "GITHUB_SHA": "t",
        ])
        #expect(tag.metadata.branch == nil)
        #expect(
            CIEnvironment.detect(["GITLAB_CI": "true", "CI_COMMIT_REF_NAME": "v1.2.0", "CI_COMMIT_TAG": "v1.2.0"])
                .metadata.branch == nil)

        let retried = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "acme/app", "GITHUB_RUN_ID": "9", "GITHUB_RUN_ATTEMPT": "2",
        ])
        #expect(retried.metadata.buildURL == "https://github.com/acme/app/actions/runs/9/attempts/2")
        // An unreadable payload leaves the variables' answer.
        let missing = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": directory + "/none.json", "GITHUB_SHA": "m",
        ])
        #expect(missing.metadata.commit == "m")
    }
}
