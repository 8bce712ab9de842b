import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// XCTMetric measurements (`docs/input-formats.md`, "XCTMetric measurements"), from xcresulttool's
/// `metrics` JSON and from a bundle's `PerformanceMetrics` table: per attempt, the producer's
/// identifier, unit and thresholds kept as written.
@Suite("XCTMetric measurements, from the metrics JSON and the bundle")
struct MetricMeasurementTests {
    private func parse(_ fixture: String) throws -> ParsedInput {
        try ParserRegistry().parse(fileAt: Fixture.path("xcresult/" + fixture))
    }

    static let launch: [Double] = [5.2871, 2.7413, 2.9337, 3.1085, 2.8126]

    @Test("the metrics JSON: per test, per device and configuration, each metric as Xcode 26 writes it")
    func metricsDocument() throws {
        let input = try parse("metrics-two-devices.json")
        #expect(input.file.format == .xcresultMetrics)
        #expect(input.tests.isEmpty)
        #expect(input.diagnostics.isEmpty)
        #expect(input.metrics.map(\.test.deviceName) == ["iPhone 16 Pro", "iPad Air 11-inch (M2)"])
        #expect(input.metrics.map(\.test.configurationName) == ["Test Scheme Action", "Test Scheme Action"])
        let phone = try #require(input.metrics.first).metrics
        #expect(
            phone.map(\.identifier) == [
                "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
                "com.apple.XCTPerformanceMetric_WallClockTime",
            ])
        let launch = phone[0]
        #expect(launch.displayName == "Duration (AppLaunch)")
        #expect(launch.unit == "s")
        #expect(launch.polarity == .prefersSmaller)
        #expect(launch.measurements == Self.launch)
        #expect(launch.measurements.allSatisfy { (2.7...5.3).contains($0) })
        #expect(launch.seconds == Self.launch)
        // No baseline set: Xcode writes an empty name and 0; the thresholds stand.
        #expect(
            launch.thresholds
                == MetricMeasurement.Thresholds(
                    maxRegression: 0.1, maxPercentRegression: 10, maxStandardDeviation: 0.1,
                    maxPercentRelativeStandardDeviation: 10))
        let time = phone[1]
        #expect(time.displayName == "Time")
        #expect(time.unit == "seconds", "the producer's unit, kept")
        #expect(time.measurements.count == 10)
        #expect(time.seconds == time.measurements)
    }

    @Test("beside the tests document, each device's metrics join that device's test, on its last attempt")
    func joinsTheTests() throws {
        let tests = try parse("xcode26-two-devices.json")
        let metrics = try parse("metrics-two-devices.json")
        let alone = RunAssembler.assemble([tests])
        for inputs in [[tests, metrics], [metrics, tests]] {
            let run = RunAssembler.assemble(inputs)
            #expect(run.totals == alone.totals, "evidence beside the outcomes, never instead")
            #expect(!run.diagnostics.contains { $0.message.hasPrefix("metrics JSON") }, "\(run.diagnostics)")
            let phone = try #require(
                run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogout@iPhone 16 Pro (18.2)" })
            #expect(phone.attempts.last?.metrics?.map(\.unit) == ["s", "seconds"])
            let pad = try #require(
                run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogout@iPad Air 11-inch (M2) (18.2)" })
            #expect(pad.attempts.last?.metrics?.map(\.identifier) == ["com.apple.XCTPerformanceMetric_WallClockTime"])
            #expect(pad.attempts.last?.metrics?.first?.measurements.first == 2.1187)
            let measured = run.tests.filter { $0.attempts.contains { $0.metrics != nil } }
            #expect(measured.count == 2)
        }
    }

    @Test("beside a test-details document the metrics join its test's last attempt, the one that stands")
    func joinsTestDetails() throws {
        let text = try String(contentsOfFile: Fixture.path("xcresult/metrics-two-devices.json"), encoding: .utf8)
            .replacingOccurrences(of: "testLogout()", with: "testLogin()")
        let metrics = try ParserRegistry().parse(fileAt: try TemporaryFile.write(text, name: "metrics.json"))
        let details = try parse("test-details.json")
        let run = RunAssembler.assemble([details, metrics])
        let phone = try #require(
            run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)" })
        #expect(phone.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(phone.attempts[0].metrics == nil)
        #expect(phone.attempts[1].metrics?.first?.measurements == Self.launch)
    }

    @Test("beside trainer's JUnit, whose names have no `()`, the metrics join the device's test all the same")
    func joinsTrainerJUnit() throws {
        // xcresulttool names the test `SearchTests/testClearButton()`; trainer writes `testClearButton`.
        let text = try String(contentsOfFile: Fixture.path("xcresult/metrics-two-devices.json"), encoding: .utf8)
            .replacingOccurrences(of: "LoginTests/testLogout()", with: "SearchTests/testClearButton()")
            .replacingOccurrences(of: "\"iPad Air 11-inch (M2)\"", with: "\"iPad Air 13-inch (M2)\"")
        let metrics = try ParserRegistry().parse(fileAt: try TemporaryFile.write(text, name: "metrics.json"))
        let junit = try ParserRegistry().parse(fileAt: Fixture.path("junit/trainer-devices.xml"))
        let run = RunAssembler.assemble([junit, metrics])
        #expect(!run.diagnostics.contains { $0.message.hasPrefix("metrics JSON") }, "\(run.diagnostics)")
        let phone = try #require(
            run.tests.first { $0.identity.key == "SearchAppUITests.SearchTests/testClearButton@iPhone 16 Pro (18.2)" })
        #expect(phone.attempts.last?.metrics?.first?.measurements == Self.launch)
        let pad = try #require(
            run.tests.first {
                $0.identity.key == "SearchAppUITests.SearchTests/testClearButton@iPad Air 13-inch (M2) (18.2)"
            })
        #expect(pad.attempts.last?.metrics?.first?.measurements.first == 2.1187)
    }

    @Test("alone, a metrics document is a run of no tests, its measured runs noted as left out")
    func alone() throws {
        let run = RunAssembler.assemble([try parse("metrics-two-devices.json")])
        #expect(run.tests.isEmpty)
        #expect(run.totals.tests == 0)
        #expect(run.diagnostics.map(\.severity) == [.note])
        #expect(run.diagnostics.first?.message.hasPrefix("metrics JSON: 2 measured test run(s)") == true)
    }

    @Test("a metric without an identifier is left out; unknown polarity and empty strings read as none")
    func oddEntries() throws {
        let path = try TemporaryFile.write(
            #"""
            [{"testIdentifier": "A/test()", "testRuns": [{"metrics": [
              {"displayName": "No id", "measurements": [1]},
              {"identifier": "custom.metric", "displayName": "", "unitOfMeasurement": "", "polarity": "sideways",
               "measurements": [1, "x", 2], "baselineName": "Local", "baselineAverage": 0}
            ]}]}]
            """#, name: "metrics.json")
        let input = try ParserRegistry().parse(fileAt: path)
        let metrics = try #require(input.metrics.first).metrics
        #expect(metrics.count == 1)
        let metric = try #require(metrics.first)
        #expect(metric.displayName == nil)
        #expect(metric.unit == nil)
        #expect(metric.polarity == nil)
        #expect(metric.measurements == [1, 2])
        #expect(metric.seconds == nil, "no unit: not converted")
        #expect(metric.thresholds == MetricMeasurement.Thresholds(baselineName: "Local", baselineAverage: 0))
    }

    @Test("the bundle's PerformanceMetrics rows: per attempt, in orderInTestCase, read as the JSON reads them")
    func bundle() throws {
        let launch = XCResultBundleSpec.Metric.appLaunch
        let spec = Self.loginTests([
            .init(
                name: "testLogout()", identifier: "LoginTests/testLogout()",
                runs: [.init("Success", metrics: [launch, .wallClockTime])]),
            .init(
                name: "testLogin()", identifier: "LoginTests/testLogin()",
                runs: [
                    .init("Failure", repetition: 1, repetitions: 2),
                    .init("Success", repetition: 2, repetitions: 2, metrics: [launch]),
                ]),
        ])
        let input = try ParserRegistry().parse(fileAt: try GeneratedBundle.write(spec))
        #expect(input.diagnostics.isEmpty, "\(input.diagnostics)")
        let logout = try #require(input.tests.first { $0.identity.name == "testLogout()" })
        let json = try #require(try parse("metrics-two-devices.json").metrics.first).metrics
        #expect(logout.attempts.first?.metrics == json, "the bundle and the JSON read alike")
        let login = try #require(input.tests.first { $0.identity.name == "testLogin()" })
        #expect(login.attempts.map { $0.metrics?.count } == [nil, 1])
    }

    @Test(
        "the measurements TEXT: a JSON array or numbers separated by commas, semicolons or spaces",
        arguments: [
            ("[5.2871,2.7413,2.9337,3.1085,2.8126]", launch as [Double]?),
            ("5.2871, 2.7413, 2.9337, 3.1085, 2.8126", launch),
            ("5.2871 2.7413\n2.9337;3.1085 ,2.8126", launch),
            ("( 5.2871, 2.7413, 2.9337, 3.1085, 2.8126 )", launch),
            ("", []),
            ("[]", []),
            ("[fast, slow]", nil),
            ("1, nan", nil),
        ])
    func measurementsText(_ text: String, _ expected: [Double]?) {
        #expect(XCResultBundleMetrics.values(text) == expected)
    }

    @Test("a row whose measurements are not numbers keeps its metric without values, with a warning")
    func unreadableMeasurements() throws {
        var hostile = XCResultBundleSpec.Metric.wallClockTime
        hostile.measurementsText = "<plist>1.2</plist>"
        let spec = Self.loginTests([
            .init(
                name: "testLogout()", identifier: "LoginTests/testLogout()",
                runs: [.init("Success", metrics: [hostile])])
        ])
        let input = try ParserRegistry().parse(fileAt: try GeneratedBundle.write(spec))
        let metric = try #require(input.tests.first?.attempts.first?.metrics?.first)
        #expect(metric.identifier == "com.apple.XCTPerformanceMetric_WallClockTime")
        #expect(metric.measurements.isEmpty)
        #expect(input.tests.first?.outcome == .passed)
        #expect(
            input.diagnostics.map(\.message) == [
                "PerformanceMetrics: 1 row(s) whose measurements are not a list of numbers, kept without values (row 1)"
            ])
    }

    /// A bundle of one plan run whose `AppUITests` testable holds the suite `LoginTests` of `cases`.
    static func loginTests(_ cases: [XCResultBundleSpec.Case]) -> XCResultBundleSpec {
        let suite = XCResultBundleSpec.Suite(name: "LoginTests", cases: cases)
        return XCResultBundleSpec(planRuns: [.init(testables: [.init(name: "AppUITests", suites: [suite])])])
    }
}
