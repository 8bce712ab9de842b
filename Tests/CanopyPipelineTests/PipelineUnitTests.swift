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
            (["GITHUB_ACTIONS": "true", "GITHUB_SHA": "a1", "GITHUB_HEAD_REF": "feature", "GITHUB_REF": "refs/pull/42/merge", "GITHUB_RUN_ID": "9",
              "GITHUB_RUN_ATTEMPT": "2", "GITHUB_REPOSITORY": "acme/app"], "github", "a1", "feature", "42", "9"),
            (["GITLAB_CI": "true", "CI_COMMIT_SHA": "b2", "CI_COMMIT_REF_NAME": "main", "CI_JOB_ID": "77"], "gitlab", "b2", "main", nil, "77"),
            (["BITRISE_IO": "true", "BITRISE_GIT_COMMIT": "c3", "BITRISE_GIT_BRANCH": "dev", "BITRISE_BUILD_SLUG": "s1", "BITRISE_PULL_REQUEST": "5"],
             "bitrise", "c3", "dev", "5", "s1"),
            (["JENKINS_URL": "http://j", "GIT_COMMIT": "d4", "GIT_BRANCH": "origin/main", "BUILD_TAG": "jenkins-app-12"], "jenkins", "d4", "main", nil,
             "jenkins-app-12"),
            (["BUILDKITE": "true", "BUILDKITE_COMMIT": "e5", "BUILDKITE_BRANCH": "main", "BUILDKITE_PULL_REQUEST": "false", "BUILDKITE_BUILD_ID": "u1"],
             "buildkite", "e5", "main", nil, "u1"),
            (["CIRCLECI": "true", "CIRCLE_SHA1": "f6", "CIRCLE_BRANCH": "main", "CIRCLE_PULL_REQUEST": "https://github.com/a/b/pull/8", "CIRCLE_BUILD_NUM": "3"],
             "circleci", "f6", "main", "8", "3"),
            (["CI_XCODEBUILD_ACTION": "test-without-building", "CI_COMMIT": "g7", "CI_BRANCH": "main", "CI_BUILD_ID": "x1"], "xcode-cloud", "g7", "main", nil,
             "x1"),
        ] as [([String: String], String, String, String, String?, String)])
    func providers(_ env: [String: String], _ provider: String, _ commit: String, _ branch: String, _ pr: String?, _ build: String) {
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
        #expect(try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/b.xml", directory + "/copy.xml"]) == key)
        #expect(try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/a.xml"]) != key)
        // The key of a stored run may not change between versions: SHA-256 over the sorted hex
        // SHA-256 digests of the files.
        #expect(key == "sha256:7285db8f3810702a72c3f827d0639ad199741cb01f0b638b5a76910146c97801")
        // Digests made beside the parse (the directory expanded) give the same key, and are used.
        #expect(RunIdentity.digests(of: [directory + "/a.xml"], unless: "given").isEmpty)
        let found = try FileManager.default.contentsOfDirectory(atPath: directory).map { directory + "/" + $0 }
        let digests = RunIdentity.digests(of: found, unless: nil)
        #expect(digests.count == 3)
        #expect(try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/a.xml", directory + "/b.xml"], digests: digests) == key)
        #expect(try RunIdentity.key(ci: CIEnvironment(), inputPaths: [directory + "/a.xml", directory + "/b.xml"], digests: [directory + "/a.xml": "0"]) != key)

        let github = CIEnvironment.detect(["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "9", "GITHUB_RUN_ATTEMPT": "2", "GITHUB_JOB": "ui"])
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
        #expect(ExcusedFailure(test: "A/a", reason: .quarantined(until: day, reason: nil)).reasonText == "quarantined until 2026-12-01")
        #expect(ExcusedFailure(test: "A/a", reason: .quarantined(until: day, reason: "rework")).reasonText == "quarantined until 2026-12-01: rework")
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
            (["GITLAB_CI": "true", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "f", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "develop"], "f", "develop"),
            (["BITRISE_IO": "true", "BITRISE_GIT_BRANCH": "f", "BITRISEIO_GIT_BRANCH_DEST": "main"], "f", "main"),
            (["BUILDKITE": "true", "BUILDKITE_BRANCH": "f", "BUILDKITE_PULL_REQUEST": "12", "BUILDKITE_PULL_REQUEST_BASE_BRANCH": "main"], "f", "main"),
            (["BUILDKITE": "true", "BUILDKITE_BRANCH": "main", "BUILDKITE_PULL_REQUEST": "false", "BUILDKITE_PULL_REQUEST_BASE_BRANCH": ""], "main", nil),
            (["JENKINS_URL": "http://j", "BRANCH_NAME": "PR-12", "CHANGE_ID": "12", "CHANGE_BRANCH": "f", "CHANGE_TARGET": "main"], "f", "main"),
            (["CI_XCODEBUILD_ACTION": "test", "CI_PULL_REQUEST_NUMBER": "3", "CI_PULL_REQUEST_SOURCE_BRANCH": "f",
              "CI_PULL_REQUEST_TARGET_BRANCH": "main"], "f", "main"),
            // A fork's `main` into `main` is not a run of main.
            (["GITHUB_ACTIONS": "true", "GITHUB_REF": "refs/pull/77/merge", "GITHUB_HEAD_REF": "main", "GITHUB_BASE_REF": "main"],
             "pull/77/main", "main"),
            (["GITLAB_CI": "true", "CI_MERGE_REQUEST_IID": "5", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "develop",
              "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "develop"], "pull/5/develop", "develop"),
            (["JENKINS_URL": "http://j", "CHANGE_ID": "8", "CHANGE_BRANCH": "main", "CHANGE_TARGET": "main", "CHANGE_FORK": "someone"],
             "pull/8/main", "main"),
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
        try #"{"number": 42, "pull_request": {"number": 42, "head": {"sha": "headsha1", "ref": "feature/login"}, "base": {"sha": "basesha", "ref": "main"}}}"#
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
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": event, "GITHUB_SHA": "mergesha",
            "GITHUB_REF": "refs/pull/42/merge", "GITHUB_HEAD_REF": "feature/login", "GITHUB_BASE_REF": "main",
        ])
        #expect(request.metadata.commit == "headsha1", "the request's commit, not GitHub's merge commit")

        let queue = directory + "/queue.json"
        try #"{"merge_group": {"head_sha": "queuesha", "head_ref": "refs/heads/gh-readonly-queue/main/pr-42-abc", "base_ref": "refs/heads/main"}}"#
            .write(toFile: queue, atomically: true, encoding: .utf8)
        let merge = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "merge_group", "GITHUB_EVENT_PATH": queue,
            "GITHUB_REF_NAME": "gh-readonly-queue/main/pr-42-abc", "GITHUB_SHA": "queuesha",
        ])
        #expect(merge.metadata.branch == "gh-readonly-queue/main/pr-42-abc")
        #expect(merge.baseBranch == "main")

        let tag = CIEnvironment.detect(["GITHUB_ACTIONS": "true", "GITHUB_REF_NAME": "v1.2.0", "GITHUB_REF_TYPE": "tag", "GITHUB_SHA": "t"])
        #expect(tag.metadata.branch == nil)
        #expect(CIEnvironment.detect(["GITLAB_CI": "true", "CI_COMMIT_REF_NAME": "v1.2.0", "CI_COMMIT_TAG": "v1.2.0"]).metadata.branch == nil)

        let retried = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "acme/app", "GITHUB_RUN_ID": "9", "GITHUB_RUN_ATTEMPT": "2",
        ])
        #expect(retried.metadata.buildURL == "https://github.com/acme/app/actions/runs/9/attempts/2")
        // An unreadable payload leaves the variables' answer.
        let missing = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": directory + "/none.json", "GITHUB_SHA": "m",
        ])
        #expect(missing.metadata.commit == "m")
    }
}

@Suite("Gates, quarantine, configuration, annotations")
struct GateTests {
    @Test("gates pass and fail at their limits")
    func gates() {
        let config = GateConfiguration(
            minimumCoverage: 0.8, maximumCoverageDrop: 0.02, maximumNewFailures: 0, maximumNewFlakyTests: 1,
            maximumNewAuditErrors: 0, maximumFailuresPerCategory: ["appCrashed": 0])
        let input = GateInput(
            coverage: 0.75, baselineCoverage: 0.8, newFailures: ["A/x"], newFlakyTests: ["A/y"], newAuditIssues: [],
            failuresPerCategory: ["appCrashed": 2])
        let results = Dictionary(uniqueKeysWithValues: GateEvaluator.evaluate(input, configuration: config).map { ($0.name, $0) })
        #expect(results["minimum identifier coverage"]?.passed == false)
        #expect(results["maximum coverage drop"]?.passed == false)
        #expect(results["no new failures"]?.passed == false)
        #expect(results["no new failures"]?.items == ["A/x"])
        #expect(results["no new flaky tests"]?.passed == true)
        #expect(results["no new accessibility errors"]?.passed == true)
        #expect(results["failures caused by appCrashed"]?.passed == false)
        let clean = GateEvaluator.evaluate(GateInput(coverage: 0.9, baselineCoverage: 0.9), configuration: config)
        #expect(clean.allSatisfy { $0.passed })
    }

    /// A test step that died before writing results leaves an empty JUnit file: the run must not
    /// pass as "100% passed" (as GitHub test-report actions fail on an empty report).
    @Test("the tests gate: results without a test fail it; no test results given (snapshots only) is not judged")
    func minimumTests() {
        let empty = GateEvaluator.evaluate(GateInput(tests: 0), configuration: GateConfiguration())
        let gate = empty.first { $0.name == "at least 1 test" }
        #expect(gate?.passed == false)
        #expect(gate?.detail.contains("0 test(s) in the test results") == true)
        // On by default, it is listed only when it fails, unless set.
        #expect(!GateEvaluator.evaluate(GateInput(tests: 3), configuration: GateConfiguration()).contains { $0.name.hasPrefix("at least") })
        #expect(!GateEvaluator.evaluate(GateInput(tests: nil), configuration: GateConfiguration()).contains { $0.name.hasPrefix("at least") })
        var set = GateConfiguration()
        set.minimumTests = 250
        let listed = GateEvaluator.evaluate(GateInput(tests: 298), configuration: set)
        #expect(listed.first { $0.name == "at least 250 tests" }?.passed == true)
        #expect(GateEvaluator.evaluate(GateInput(tests: 200), configuration: set).first { $0.name == "at least 250 tests" }?.passed == false)
        set.minimumTests = 0
        #expect(!GateEvaluator.evaluate(GateInput(tests: 0), configuration: set).contains { $0.name.hasPrefix("at least") })
    }

    @Test("the step summary appends what fits beside what earlier steps wrote (GitHub drops it all past 1 MiB)")
    func stepSummaryRoom() {
        #expect(RunCommand.stepSummary(summary: "long summary", short: "short", room: 100) == "long summary")
        #expect(RunCommand.stepSummary(summary: "long summary", short: "short", room: 8) == "short")
        #expect(RunCommand.stepSummary(summary: "long summary", short: "short", room: 3).hasPrefix("Canopy: the step summary has no room"))
    }

    /// State changes within a trend's window: a test turning flaky is one (since its first failure);
    /// a test that first appears in the window, failing, is not a change; "from" is what came before.
    @Test("trend state changes: flaky since its first failure, no change for a test new to the window, the state before")
    func trendStateChanges() {
        let commits = (1...6).map { "c\($0)" }
        let points = commits.enumerated().map { index, commit in
            TrendPoint(
                runKey: commit, commit: commit, branch: "main", startedAt: Date(timeIntervalSince1970: Double(index) * 86_400), tests: 3, passed: 3,
                failed: 0, flaky: 0, skipped: 0, passRate: 1, duration: 1, auditIssues: 0, auditErrors: 0, coverage: nil, failuresByCategory: [:])
        }
        func test(_ name: String, _ state: FlakinessState, _ verdicts: [(String, CommitVerdict)]) -> TestFlakiness {
            var evidence = FlakinessEvidence()
            evidence.commits = verdicts.map { CommitEvidence(commit: $0.0, verdict: $0.1, runs: 1, failedRuns: $0.1 == .pass ? 0 : 1, attempts: 1, failedAttempts: 0) }
            return TestFlakiness(
                key: FlakinessKey(testKey: name, device: nil, osVersion: nil), state: state, score: 0.5, entropyScore: 0, flipScore: 0,
                latest: .passed, evidence: evidence)
        }
        let flaky = test("A/flaky", .flaky, [("c1", .pass), ("c2", .pass), ("c3", .mixed), ("c4", .pass), ("c5", .fail), ("c6", .pass)])
        let late = test("A/late", .stillFailing(since: "c4"), [("c4", .fail), ("c5", .fail), ("c6", .fail)])
        let fixed = test("A/fixed", .fixed(at: "c5"), [("c1", .pass), ("c2", .pass), ("c3", .fail), ("c4", .fail), ("c5", .pass), ("c6", .pass)])
        // Failing from the window's first run, then fixed: it was never seen newly broken.
        let fixedFromStart = test("A/fixedFromStart", .fixed(at: "c3"), [("c1", .fail), ("c2", .fail), ("c3", .pass), ("c4", .pass), ("c5", .pass), ("c6", .pass)])
        let changes = DashboardBuilder.changes(flakiness: [flaky, late, fixed, fixedFromStart], points: points, now: Date())
        // A test that broke and was fixed within the window shows both changes.
        #expect(changes.map(\.test) == ["A/fixed", "A/fixedFromStart", "A/flaky", "A/fixed"])
        #expect(changes.map { "\($0.from) → \($0.to) at \($0.commit)" } == [
            "stable → newlyBroken at c3", "stillFailing → fixed at c3", "stable → flaky at c3", "newlyBroken → fixed at c5",
        ])
    }

    @Test("quarantine globs and expiry")
    func quarantine() {
        let entry = QuarantineEntry(test: "AppUITests.FeedTests/*", expires: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(entry.matches(testKey: "AppUITests.FeedTests/testScroll"))
        #expect(!entry.matches(testKey: "AppUITests.LoginTests/testScroll"))
        #expect(entry.isActive(on: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(!entry.isActive(on: Date(timeIntervalSince1970: 1_900_000_000)))
        let audit = QuarantineEntry(identifier: "Podcast-{id}-row", auditType: "contrast")
        #expect(audit.matches(identifier: "Podcast-{id}-row", auditType: "contrast"))
        #expect(!audit.matches(identifier: "Podcast-{id}-row", auditType: "hitRegion"))
        #expect(QuarantineEntry.glob("*Tests/test*", matches: "AppUITests/testLogin"))
    }

    @Test("configuration maps every section onto the typed values")
    func configuration() throws {
        let yaml = """
            store: /tmp/h.sqlite
            identifiers:
              separators: [".", "-"]
              maxIdentifierLength: 64
            categories:
              - name: backendDown
                pattern: 'HTTP 5\\d\\d'
                fields: [message, output]
                infrastructure: true
            flakiness:
              windowDays: 14
              significance: 0.1
            gates:
              minimumCoverage: 0.6
              maximumFailuresPerCategory: {appCrashed: 0}
            quarantine:
              - test: "A/*"
                expires: 2030-01-01
            output:
              annotations: 3
            """
        let config = try ConfigurationLoader.parse(yaml, file: "c.yml")
        #expect(config.store == "/tmp/h.sqlite")
        #expect(config.analysis.identifiers.separators == [".", "-"])
        #expect(config.analysis.identifiers.maxIdentifierLength == 64)
        #expect(config.analysis.categories.first?.infrastructure == true)
        #expect(config.flakiness.windowDays == 14)
        #expect(config.flakiness.significance == 0.1)
        #expect(config.gates.minimumCoverage == 0.6)
        #expect(config.gates.maximumNewFailures == 0)
        #expect(config.gates.maximumFailuresPerCategory == ["appCrashed": 0])
        #expect(config.quarantine.first?.test == "A/*")
        #expect(config.output.annotations == 3)
        #expect(try ConfigurationLoader.parse("", file: "empty.yml").gates.maximumNewFailures == 0)
    }

    @Test("interactive element types are read in any spelling of a case name; a name of no type is an error at its line")
    func interactiveElementTypes() throws {
        let yaml = "identifiers:\n  interactiveElementTypes: [Button, XCUIElementTypeTextField, \"secure text field\", switch, tableRow, menuBarItem]\n"
        let config = try ConfigurationLoader.parse(yaml, file: "c.yml")
        #expect(config.analysis.identifiers.interactiveElementTypes == ["button", "textField", "secureTextField", "switch", "tableRow", "menuBarItem"])
        do {
            _ = try ConfigurationLoader.parse("identifiers:\n  interactiveElementTypes:\n    - button\n    - Buton\n", file: "c.yml")
            Issue.record("a misspelt element type loaded")
        } catch let error as ConfigurationError {
            #expect(error.keyPath == "identifiers.interactiveElementTypes[1]")
            #expect(error.file == "c.yml:4:7")
            #expect(error.message.contains("'Buton'") && error.message.contains("button"))
        }
    }

    @Test("identifiers.convention: null or '' turns the check off; left out, the default applies")
    func conventionOff() throws {
        let byDefault = try ConfigurationLoader.parse("identifiers:\n  maxIdentifierLength: 64\n", file: "c.yml")
        #expect(byDefault.analysis.identifiers.convention != nil)
        for off in ["null", "~", "''"] {
            let config = try ConfigurationLoader.parse("identifiers:\n  convention: \(off)\n", file: "c.yml")
            #expect(config.analysis.identifiers.convention == nil, "\(off)")
        }
    }

    @Test(
        "config errors name the line and column, for values checked by the reader too",
        arguments: [
            ("identifiers:\n  dynamicSegments:\n    - placeholder: id\n      pattern: '[0-9]+'\n      position: middle\n", "c.yml:5:7", "identifiers.dynamicSegments[0].position"),
            ("identifiers:\n  dynamicSegments:\n    - placeholder: id\n", "c.yml:3:7", "identifiers.dynamicSegments[0]"),
            ("categories:\n  - name: foo\n    pattern: x\n    fields: [message, msg]\n", "c.yml:4:23", "categories[0].fields[1]"),
            ("categories:\n  - name: foo\n", "c.yml:2:5", "categories[0]"),
            ("quarantine:\n  - reason: r\n", "c.yml:2:5", "quarantine[0]"),
            ("identifiers:\n  separators: ['.', '..']\n", "c.yml:2:21", "identifiers.separators[1]"),
        ])
    func configErrorPlaces(_ yaml: String, _ place: String, _ keyPath: String) throws {
        do {
            _ = try ConfigurationLoader.parse(yaml, file: "c.yml")
            Issue.record("loaded: \(yaml)")
        } catch let error as ConfigurationError {
            #expect(error.file == place, "\(error)")
            #expect(error.keyPath == keyPath, "\(error)")
        }
    }

    @Test("the shipped Config/canopy.yml loads")
    func shippedConfig() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/canopy.yml").path
        let config = try ConfigurationLoader.load(path: path)
        #expect(config.gates.maximumNewAuditErrors == 0)
    }

    @Test("annotation text is escaped the way GitHub's workflow commands require")
    func annotationEscaping() {
        #expect(Annotations.escapeData("50% done\nnext") == "50%25 done%0Anext")
        #expect(Annotations.escapeProperty("a:b,c") == "a%3Ab%2Cc")
    }
}

@Suite("Flaky tests on the dashboard")
struct DashboardFlakyTestTests {
    @Test("a test's key names its device once; its commits are those it both failed and passed on, newest first")
    func keyAndMixedCommits() throws {
        var evidence = FlakinessEvidence()
        evidence.commits = [
            CommitEvidence(commit: "aaaaaaaaaaaaaaaa", verdict: .mixed, runs: 1, failedRuns: 1, attempts: 2, failedAttempts: 1),
            CommitEvidence(commit: "bbbbbbbbbbbbbbbb", verdict: .pass, runs: 1, failedRuns: 0, attempts: 1, failedAttempts: 0),
            CommitEvidence(commit: "cccccccccccccccc", verdict: .fail, runs: 1, failedRuns: 1, attempts: 1, failedAttempts: 1),
            CommitEvidence(commit: "dddddddddddddddd", verdict: .mixed, runs: 2, failedRuns: 1, attempts: 2, failedAttempts: 1),
        ]
        let result = TestFlakiness(
            key: FlakinessKey(testKey: "Checkout/testPay@iPad Air", device: "iPad Air", osVersion: "18.2"), state: .flaky, score: 0.4,
            entropyScore: 0.4, flipScore: 0.3, latest: .flakyByRetry, evidence: evidence)
        let test = try #require(DashboardBuilder.flakyTest(result, lastMessage: "boom"))
        #expect(test.test == "Checkout/testPay@iPad Air")
        #expect(test.evidence.commits == ["dddddddddddd", "aaaaaaaaaaaa"])
        #expect(test.lastMessage == "boom")
    }
}

@Suite("The identifier tree of a stored run")
struct StoredRunTreeTests {
    @Test("the stored tree is drawn as the run drew it: pre-order by path, branch figures, errors and warnings apart")
    func storedTree() {
        let nodes = [
            IdentifierNodeDigest(path: "Podcast-{id}", parent: "Podcast", tests: 1, failures: 1, flakyTests: 0, auditIssues: 0, auditErrors: 0),
            IdentifierNodeDigest(path: "Checkout", parent: nil, tests: 3, failures: 1, flakyTests: 1, auditIssues: 5, auditErrors: 1),
            IdentifierNodeDigest(
                path: "Checkout.Total", parent: "Checkout", tests: 1, failures: 0, flakyTests: 0, auditIssues: 2, auditErrors: 0,
                interactive: 2, identified: 1),
            IdentifierNodeDigest(path: "Checkout.PayButton", parent: "Checkout", tests: 2, failures: 1, flakyTests: 1, auditIssues: 3, auditErrors: 1),
            IdentifierNodeDigest(path: "Podcast", parent: nil, tests: 1, failures: 1, flakyTests: 0, auditIssues: 0, auditErrors: 0),
        ]
        let coverage = [
            CoverageFigure(scope: .branch, name: "Checkout.PayButton", interactive: 4, identified: 3),
            CoverageFigure(scope: .screen, name: "Checkout", interactive: 9, identified: 1),
        ]
        let tree = ReportCommand.treeNodes(nodes, coverage: coverage)
        #expect(tree.map(\.path) == ["Checkout", "Checkout.PayButton", "Checkout.Total", "Podcast", "Podcast-{id}"])
        #expect(tree.map(\.segment) == ["Checkout", "PayButton", "Total", "Podcast", "{id}"])
        #expect(tree.map(\.depth) == [0, 1, 1, 0, 1])
        #expect(tree.map(\.childCount) == [2, 0, 0, 1, 0])
        #expect(tree.map(\.auditErrors) == [1, 1, 0, 0, 0])
        #expect(tree.map(\.auditWarnings) == [4, 2, 2, 0, 0])
        #expect(tree.map(\.failures) == [1, 1, 0, 1, 1])
        #expect(tree[1].elements == 4 && tree[1].identified == 3, "from the run's branch figure, when the node kept none")
        #expect(tree[2].elements == 2 && tree[2].identified == 1, "the node's own")
        #expect(tree[0].elements == 0, "a screen's figure is not a branch's")

        // The tree does not depend on the separators: a node's segment follows its parent and one
        // character, whatever the characters are.
        let other = ReportCommand.treeNodes(
            [
                IdentifierNodeDigest(path: "🛒", parent: nil, tests: 1, failures: 0, flakyTests: 0, auditIssues: 0, auditErrors: 0),
                IdentifierNodeDigest(path: "🛒/Café", parent: "🛒", tests: 1, failures: 0, flakyTests: 0, auditIssues: 0, auditErrors: 0),
                IdentifierNodeDigest(path: "🛒/Café:Bouton", parent: "🛒/Café", tests: 1, failures: 0, flakyTests: 0, auditIssues: 0, auditErrors: 0),
            ], coverage: [])
        #expect(other.map(\.segment) == ["🛒", "Café", "Bouton"])
        #expect(other.map(\.depth) == [0, 1, 2])
    }

    @Test("a run stored before schema 3 kept its identifier nodes alone: ancestors are made and figures added up")
    func treeOfIdentifiersAlone() {
        let nodes = [
            IdentifierNodeDigest(path: "Checkout.PaymentSheet.PayButton", parent: nil, tests: 2, failures: 2, flakyTests: 1, auditIssues: 1, auditErrors: nil),
            IdentifierNodeDigest(path: "Checkout.Close", parent: nil, tests: 1, failures: 1, flakyTests: 0, auditIssues: 2, auditErrors: nil),
            IdentifierNodeDigest(path: "Podcast-{id}-row", parent: nil, tests: 1, failures: 0, flakyTests: 0, auditIssues: 0, auditErrors: nil),
        ]
        let tree = ReportCommand.treeNodes(nodes, coverage: [])
        #expect(tree.map(\.path) == [
            "Checkout", "Checkout.Close", "Checkout.PaymentSheet", "Checkout.PaymentSheet.PayButton", "Podcast", "Podcast-{id}",
            "Podcast-{id}-row",
        ])
        #expect(tree.map(\.depth) == [0, 1, 1, 2, 0, 1, 2])
        #expect(tree.map(\.failures) == [3, 1, 2, 2, 0, 0, 0])
        // Only the total was kept: shown as errors, as before.
        #expect(tree.map(\.auditErrors) == [3, 2, 1, 1, 0, 0, 0])
        #expect(tree.allSatisfy { $0.auditWarnings == 0 })
        #expect(tree[5].segment == "{id}" && tree[6].segment == "row")
    }

    @Test("new failures are listed as run lists them: app problems first, each test's first failure of those")
    func newFailureOrder() {
        func failure(_ test: String, _ attempt: Int, infrastructure: Bool, _ message: String) -> FailureDigest {
            FailureDigest(
                testKey: test, attemptIndex: attempt, category: infrastructure ? "simulatorCrash" : "elementNotFound",
                isInfrastructure: infrastructure, fingerprint: "\(test)-\(attempt)", normalizedMessage: message,
                identifier: infrastructure ? nil : "Login.Submit")
        }
        let failures = [
            failure("A/crashThenFail", 0, infrastructure: true, "simulator crashed"),
            failure("B/onlyCrash", 0, infrastructure: true, "lost connection"),
            failure("C/fails", 0, infrastructure: false, "no match for {id}"),
            failure("A/crashThenFail", 1, infrastructure: false, "no element {id}"),
            failure("C/fails", 1, infrastructure: false, "later message"),
            failure("D/notNew", 0, infrastructure: false, "old failure"),
        ]
        var input = DashboardInput(
            title: "", metadata: RunMetadata(), totals: RunTotals(), coverage: nil, audits: [],
            failures: failures.map { FailureRecord(stored: $0, testOutcome: .failed) }, testRows: [], parts: .empty, now: Date())
        input.newFailureKeys = ["A/crashThenFail", "B/onlyCrash", "C/fails"]
        let rows = DashboardBuilder(input: input).build().newFailures
        #expect(rows.map(\.test) == ["C/fails", "A/crashThenFail", "B/onlyCrash"])
        #expect(rows.map(\.message) == ["no match for {id}", "no element {id}", "lost connection"])
        #expect(rows.map(\.category) == ["elementNotFound", "elementNotFound", "simulatorCrash"])
        #expect(rows[0].identifier == "Login.Submit" && rows[0].clusterID == "C/fails-0")
        #expect(rows[2].identifier == nil)
    }

    @Test("a stored run's failures are grouped as run groups them: clusters, causes and identifiers")
    func failureSections() {
        func failure(_ test: String, _ category: String, _ fingerprint: String, _ identifier: String?) -> FailureDigest {
            FailureDigest(
                testKey: test, attemptIndex: 0, category: category, isInfrastructure: category == "simulatorCrash", fingerprint: fingerprint,
                normalizedMessage: "message of \(fingerprint)", identifier: identifier)
        }
        let failures = [
            failure("B/two", "notHittable", "f2", "Checkout.PayButton"),
            failure("A/one", "notHittable", "f2", "Checkout.PayButton"),
            failure("C/crash", "simulatorCrash", "f9", nil),
            failure("A/one", "assertion", "f1", "Login.Submit"),
            failure("A/one", "notHittable", "f2", "Checkout.PayButton"),
        ]
        let records = failures.map { FailureRecord(stored: $0, testOutcome: .failed) }
        let grouped = DashboardBuilder.failureSections(records, clusters: FailureGroups.clusters(records), descriptions: [:])
        let sections = (clusters: grouped.clusters, causes: grouped.categories)
        let byIdentifier = grouped.byIdentifier
        #expect(sections.clusters.map(\.id) == ["f2", "f1", "f9"], "largest first, then by fingerprint")
        #expect(sections.clusters[0].count == 3 && sections.clusters[0].tests == ["A/one", "B/two"] && sections.clusters[0].testCount == 2)
        #expect(sections.clusters[0].example == "message of f2" && sections.clusters[0].identifier == "Checkout.PayButton")
        #expect(sections.clusters[2].isInfrastructure && sections.clusters[2].identifier == nil)
        #expect(sections.causes.map(\.category) == ["notHittable", "assertion", "simulatorCrash"])
        #expect(sections.causes[0].tests == ["B/two", "A/one"] && sections.causes[0].clusterIDs == ["f2"])
        #expect(byIdentifier.map(\.identifier) == ["Checkout.PayButton", "Login.Submit"])
        #expect(byIdentifier[0].count == 3 && byIdentifier[0].testCount == 2)
        #expect(byIdentifier[0].categories == ["notHittable"])
    }
}
