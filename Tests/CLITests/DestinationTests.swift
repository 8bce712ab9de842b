import CanopyBundleFixtures
import Foundation
import Testing

/// One run from several devices: the same test on two destinations is two tests, never two
/// attempts of one (issue 36). The legs are xcbeautify's JUnit (`--report junit`), which names
/// no device: each file is one CI leg.
@Suite("destinations are identity")
struct DestinationTests {
    /// xcbeautify's JUnit as it writes it: no XML declaration, one `<testsuite>` per class, a
    /// failing assertion as a `<testcase>` without `time` whose `message` is `File.swift:N - why`.
    static func xcbeautify(loginFails: Bool, extra: [String] = []) -> String {
        let login =
            loginFails
            ? """
                    <testcase classname="AppUITests.LoginTests" name="testLogin()">
                        <failure message="LoginTests.swift:42 - XCTAssertTrue failed - Login.Submit not hittable">
                        </failure>
                    </testcase>

            """
            : """
                    <testcase classname="AppUITests.LoginTests" name="testLogin()" time="3.100">
                    </testcase>

            """
        let others = extra.map {
            """
                    <testcase classname="AppUITests.LoginTests" name="\($0)" time="1.000">
                    </testcase>

            """
        }.joined()
        let count = 2 + extra.count
        return """
            <testsuites name="All tests" tests="\(count)" failures="\(loginFails ? 1 : 0)">
                <testsuite name="AppUITests.LoginTests" tests="\(count)" failures="\(loginFails ? 1 : 0)">
            \(login)        <testcase classname="AppUITests.LoginTests" name="testLogout()" time="2.004">
                    </testcase>
            \(others)    </testsuite>
            </testsuites>

            """
    }

    /// Two legs' files: the iPhone leg passes, the iPad leg fails `testLogin()`.
    static func legs() throws -> (directory: String, iPhone: String, iPad: String) {
        let directory = try CLIRunner.temporaryDirectory()
        let (iPhone, iPad) = (directory + "/iphone.xml", directory + "/ipad.xml")
        try xcbeautify(loginFails: false).write(toFile: iPhone, atomically: true, encoding: .utf8)
        try xcbeautify(loginFails: true).write(toFile: iPad, atomically: true, encoding: .utf8)
        return (directory, iPhone, iPad)
    }

    /// Each test's key and outcome as `canopy inspect` reads the inputs.
    static func tests(_ arguments: [String]) async throws -> [String: String] {
        let result = try await CLIRunner.run(["inspect", "--format", "json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tests = try #require(document["tests"] as? [[String: Any]])
        return Dictionary(
            tests.map { ($0["key"] as? String ?? "", $0["outcome"] as? String ?? "") }, uniquingKeysWith: { $1 })
    }

    static func verdicts(_ out: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/insights.json"))
        let insights = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(insights["verdicts"] as? [[String: Any]])
    }

    @Test("two devices' legs, one failing on iPad only: 1 failed + 1 passed, check exits 1")
    func oneDeviceFails() async throws {
        let legs = try Self.legs()
        let labels = [
            "--destination", "iPhone 16 (18.2)=\(legs.iPhone)", "--destination", "iPad Air (18.2)=\(legs.iPad)",
        ]
        let check = try await CLIRunner.run(["check", "--out", legs.directory + "/check"] + labels)
        #expect(check.status == 1, "\(check.stdout)\n\(check.stderr)")
        let out = legs.directory + "/out"
        let run = try await CLIRunner.run(["run", "--out", out, "--annotations", "none"] + labels)
        #expect(run.status == 1, "\(run.stderr)")
        await #expect(
            try Self.tests(labels) == [
                "AppUITests.LoginTests/testLogin@iPhone 16 (18.2)": "passed",
                "AppUITests.LoginTests/testLogin@iPad Air (18.2)": "failed",
                "AppUITests.LoginTests/testLogout@iPhone 16 (18.2)": "passed",
                "AppUITests.LoginTests/testLogout@iPad Air (18.2)": "passed",
            ])
        let failing = try Self.verdicts(out).compactMap { $0["key"] as? String }
        #expect(failing == ["AppUITests.LoginTests/testLogin@iPad Air (18.2)"], "\(failing)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(
            !summary.contains("passed on retry") || summary.contains(", 0 passed on retry"), "\(summary.prefix(500))")
        #expect(!run.stderr.contains("--destination"), "labelled legs warn of nothing: \(run.stderr)")
    }

    @Test("unlabelled legs stay attempts of one test, and the run says how to label them")
    func unlabelledLegsWarn() async throws {
        let legs = try Self.legs()
        let check = try await CLIRunner.run([
            "check", "--out", legs.directory + "/check", legs.iPhone, legs.iPad,
        ])
        #expect(check.status == 0, "a pass after a failure is a retry: \(check.stderr)")
        #expect(check.stderr.contains("2 test(s) of \(legs.iPad) are also in \(legs.iPhone)"), "\(check.stderr)")
        #expect(check.stderr.contains("--destination \"NAME=\(legs.iPhone)\""), "\(check.stderr)")
    }

    @Test("--destination NAME labels every input")
    func oneLabelForAll() async throws {
        let legs = try Self.legs()
        #expect(
            try await Self.tests(["--destination", "iPad Air (18.2)", legs.iPad]) == [
                "AppUITests.LoginTests/testLogin@iPad Air (18.2)": "failed",
                "AppUITests.LoginTests/testLogout@iPad Air (18.2)": "passed",
            ])
    }

    @Test("a labelled file inside a directory also given is read once, with its label")
    func labelInsideDirectory() async throws {
        let legs = try Self.legs()
        // The iPhone leg is unlabelled and names no device: its tests keep their keys.
        #expect(
            try await Self.tests(["--destination", "iPad Air (18.2)=\(legs.iPad)", legs.directory]) == [
                "AppUITests.LoginTests/testLogin@iPad Air (18.2)": "failed",
                "AppUITests.LoginTests/testLogout@iPad Air (18.2)": "passed",
                "AppUITests.LoginTests/testLogin": "passed",
                "AppUITests.LoginTests/testLogout": "passed",
            ])
    }

    @Test(
        "a bad --destination is a usage error",
        arguments: [
            ["--destination", "=x.xml"], ["--destination", "a", "--destination", "b"], ["--destination", "a="],
        ])
    func badDestination(_ arguments: [String]) async throws {
        let legs = try Self.legs()
        let result = try await CLIRunner.run(["check", "--out", legs.directory + "/o"] + arguments + [legs.iPad])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--destination"), "\(result.stderr)")
    }

    @Test("xcresult legs of one device each: the device each names is part of identity once the run has two")
    func xcresultLegs() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let fixture = try String(contentsOfFile: CLIRunner.fixture("xcresult/flaky-first-run.json"), encoding: .utf8)
        let (iPhone, iPad) = (directory + "/iphone.json", directory + "/ipad.json")
        try fixture.write(toFile: iPhone, atomically: true, encoding: .utf8)
        try fixture.replacingOccurrences(of: "\"iPhone 16\"", with: "\"iPad Air\"")
            .write(toFile: iPad, atomically: true, encoding: .utf8)
        let alone = try await Self.tests([iPhone])
        #expect(alone.keys.allSatisfy { !$0.contains("@") }, "one device keeps its keys: \(alone)")
        let both = try await Self.tests([iPhone, iPad])
        #expect(both.count == 2 * alone.count, "\(both)")
        for key in alone.keys {
            #expect(
                both[key + "@iPhone 16 (18.0)"] == alone[key] && both[key + "@iPad Air (18.0)"] == alone[key], "\(both)"
            )
        }
    }

    @Test("xcresult legs of one configuration each (English, German): the configuration is part of identity")
    func configurationLegs() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let fixture = try String(contentsOfFile: CLIRunner.fixture("xcresult/flaky-first-run.json"), encoding: .utf8)
        let (english, german) = (directory + "/english.json", directory + "/german.json")
        try fixture.replacingOccurrences(of: "\"Test Scheme Action\"", with: "\"English\"")
            .write(toFile: english, atomically: true, encoding: .utf8)
        try fixture.replacingOccurrences(of: "\"Test Scheme Action\"", with: "\"German\"")
            .write(toFile: german, atomically: true, encoding: .utf8)
        let alone = try await Self.tests([english])
        #expect(alone.keys.allSatisfy { !$0.contains("#") }, "one configuration keeps its keys: \(alone)")
        let both = try await Self.tests([english, german])
        #expect(both.count == 2 * alone.count, "\(both)")
        for key in alone.keys {
            #expect(both[key + "#English"] == alone[key] && both[key + "#German"] == alone[key], "\(both)")
        }
    }

    @Test("two .xcresult bundles of one device each, the test failing on iPad only: two tests, one failed")
    func bundleLegs() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        var iPad = XCResultBundleSamples.merged
        iPad.planRuns.removeLast()
        iPad.devices = [.iPadAir]
        var iPhone = XCResultBundleSamples.merged
        iPhone.planRuns.removeFirst()
        let iPadBundle = try XCResultBundleWriter.write(iPad, to: directory + "/iPad.xcresult")
        let iPhoneBundle = try XCResultBundleWriter.write(iPhone, to: directory + "/iPhone.xcresult")
        let tests = try await Self.tests([iPadBundle, iPhoneBundle])
        #expect(tests["AppUITests.SearchTests/testSearch@iPad Air 11-inch (M2) (18.2)"] == "failed", "\(tests)")
        #expect(tests["AppUITests.SearchTests/testSearch@iPhone 16 Pro (18.2)"] == "passed", "\(tests)")
        #expect(tests.count == 4, "\(tests)")
        let check = try await CLIRunner.run(["check", "--out", directory + "/out", iPadBundle, iPhoneBundle])
        #expect(check.status == 1, "a failure on one device is a failure: \(check.stdout)\n\(check.stderr)")
    }
}
