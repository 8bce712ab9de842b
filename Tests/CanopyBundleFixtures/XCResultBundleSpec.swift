/// What a generated `.xcresult` bundle holds: the runs of a test plan, as Xcode 16+ records them.
///
/// `XCResultBundleWriter` writes it in the real shape (`database.sqlite3`, zstd `Data/` payloads,
/// `Info.plist`); `XCResultJSONTwin` writes the same run as `xcresulttool get test-results tests`
/// JSON, so that tests can check both readers agree.
public struct XCResultBundleSpec: Sendable {
    public struct Device: Sendable {
        public var name: String
        public var modelName: String
        public var osVersion: String
        public var identifier: String

        public init(name: String, modelName: String? = nil, osVersion: String, identifier: String) {
            self.name = name
            self.modelName = modelName ?? name
            self.osVersion = osVersion
            self.identifier = identifier
        }
    }

    /// One `TestPlanRuns` row: the plan run on one device with one configuration. A merged bundle
    /// (`xcresulttool merge`) holds several with the same tests.
    public struct PlanRun: Sendable {
        public var device: Int
        public var configuration: Int
        public var testables: [Testable]

        public init(device: Int = 0, configuration: Int = 0, testables: [Testable]) {
            self.device = device
            self.configuration = configuration
            self.testables = testables
        }
    }

    public struct Testable: Sendable {
        public var name: String
        /// `UI`, `Unit` (Xcode writes `testKind`).
        public var kind: String
        public var suites: [Suite]

        public init(name: String, kind: String = "UI", suites: [Suite]) {
            self.name = name
            self.kind = kind
            self.suites = suites
        }
    }

    public struct Suite: Sendable {
        public var name: String
        public var identifier: String
        public var suites: [Suite]
        public var cases: [Case]

        public init(name: String, identifier: String? = nil, suites: [Suite] = [], cases: [Case] = []) {
            self.name = name
            self.identifier = identifier ?? name
            self.suites = suites
            self.cases = cases
        }
    }

    public struct Case: Sendable {
        public var name: String
        /// `Suite/test()` (XCTest) or `Module/Suite/test()` (Swift Testing).
        public var identifier: String
        /// One `TestCaseRuns` row each, in the order Xcode ran them.
        public var runs: [Run]

        public init(name: String, identifier: String, runs: [Run]) {
            self.name = name
            self.identifier = identifier
            self.runs = runs
        }
    }

    public struct Run: Sendable {
        /// `Success`, `Failure`, `Skipped`, `Expected Failure`.
        public var result: String
        public var duration: Double
        /// 1 for the first run; a `RepetitionPolicies` row is written when `repetitions > 1`.
        public var repetition: Int
        public var repetitions: Int
        public var mode: String
        /// The descriptions of a parameterised run's argument values.
        public var arguments: [String]
        public var issues: [Issue]
        public var skipReason: String?
        public var expectedFailureReason: String?
        public var activities: [Activity]
        /// One `PerformanceMetrics` row each, in `orderInTestCase` order.
        public var metrics: [Metric]

        public init(
            _ result: String, duration: Double = 1, repetition: Int = 1, repetitions: Int = 1,
            mode: String = "RunRetryOnFailure",
            arguments: [String] = [], issues: [Issue] = [], skipReason: String? = nil,
            expectedFailureReason: String? = nil,
            activities: [Activity] = [], metrics: [Metric] = []
        ) {
            self.metrics = metrics
            self.result = result
            self.duration = duration
            self.repetition = repetition
            self.repetitions = repetitions
            self.mode = mode
            self.arguments = arguments
            self.issues = issues
            self.skipReason = skipReason
            self.expectedFailureReason = expectedFailureReason
            self.activities = activities
        }
    }

    /// An XCTMetric a run measured: a `PerformanceMetrics` row, its columns as the schema names them.
    public struct Metric: Sendable {
        public var identifier: String
        public var displayName: String
        public var unitOfMeasurement: String
        public var polarity: String
        public var measurements: [Double]
        /// The `measurements` TEXT as written instead of the default JSON array (`[2.7,3.1]`):
        /// another spelling of the list, or a hostile one.
        public var measurementsText: String?
        public var baselineName: String
        public var baselineAverage: Double
        public var maxRegression: Double
        public var maxPercentRegression: Double
        public var maxStandardDeviation: Double
        public var maxPercentRelativeStandardDeviation: Double

        /// The defaults are what Xcode 26 writes with no baseline set (docs/input-formats.md, the metrics document).
        public init(
            identifier: String, displayName: String, unitOfMeasurement: String, measurements: [Double],
            measurementsText: String? = nil, polarity: String = "prefers smaller", baselineName: String = "",
            baselineAverage: Double = 0, maxRegression: Double = 0.1, maxPercentRegression: Double = 10,
            maxStandardDeviation: Double = 0.1, maxPercentRelativeStandardDeviation: Double = 10
        ) {
            self.identifier = identifier
            self.displayName = displayName
            self.unitOfMeasurement = unitOfMeasurement
            self.polarity = polarity
            self.measurements = measurements
            self.measurementsText = measurementsText
            self.baselineName = baselineName
            self.baselineAverage = baselineAverage
            self.maxRegression = maxRegression
            self.maxPercentRegression = maxPercentRegression
            self.maxStandardDeviation = maxStandardDeviation
            self.maxPercentRelativeStandardDeviation = maxPercentRelativeStandardDeviation
        }

        /// `XCTApplicationLaunchMetric` on a simulator: 5 launches of 2.7–5.3 s, unit "s".
        public static let appLaunch = Self(
            identifier: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
            displayName: "Duration (AppLaunch)", unitOfMeasurement: "s",
            measurements: [5.2871, 2.7413, 2.9337, 3.1085, 2.8126])

        /// A plain `measure {}`: 10 wall-clock times, unit "seconds".
        public static let wallClockTime = Self(
            identifier: "com.apple.XCTPerformanceMetric_WallClockTime", displayName: "Time",
            unitOfMeasurement: "seconds",
            measurements: [1.9042, 1.2311, 1.2106, 1.2487, 1.2259, 1.2398, 1.2175, 1.2533, 1.2294, 1.2402])
    }

    public struct Issue: Sendable {
        public var message: String
        public var type: String
        public var file: String?
        public var line: Int?

        public init(_ message: String, type: String = "Assertion Failure", file: String? = nil, line: Int? = nil) {
            self.message = message
            self.type = type
            self.file = file
            self.line = line
        }
    }

    /// A step of XCUITest's log: `Tap "Login.Submit" Button`.
    public struct Activity: Sendable {
        public var title: String
        /// Seconds after the run's first step.
        public var offset: Double
        public var duration: Double
        /// Whether the step is where the run's first issue was recorded.
        public var failed: Bool
        public var children: [Activity]
        public var attachments: [Attachment]

        public init(
            _ title: String, offset: Double, duration: Double = 0.5, failed: Bool = false, children: [Activity] = [],
            attachments: [Attachment] = []
        ) {
            self.title = title
            self.offset = offset
            self.duration = duration
            self.failed = failed
            self.children = children
            self.attachments = attachments
        }
    }

    public struct Attachment: Sendable {
        public var name: String
        public var uniformTypeIdentifier: String
        /// The payload, written zstd-compressed to `Data/data.0~<id>`.
        public var payload: [UInt8]
        /// Whether the attachment belongs to the run's failure (a `testIssue_fk`).
        public var failureAssociated: Bool
        /// The payload id written to the database instead of the real one (hostile bundles).
        public var payloadIdOverride: String?

        public init(
            name: String, uniformTypeIdentifier: String = "public.png", payload: [UInt8],
            failureAssociated: Bool = false, payloadIdOverride: String? = nil
        ) {
            self.name = name
            self.uniformTypeIdentifier = uniformTypeIdentifier
            self.payload = payload
            self.failureAssociated = failureAssociated
            self.payloadIdOverride = payloadIdOverride
        }
    }

    public var devices: [Device]
    public var configurations: [String]
    public var planRuns: [PlanRun]
    /// Build issues: a bundle whose build failed has these and no test rows.
    public var buildIssues: [String]
    /// `Info.plist` `version.major`.
    public var majorVersion: Int
    /// Whether `database.sqlite3` is written (Xcode writes it lazily).
    public var writesDatabase: Bool
    /// Seconds since 2001-01-01 when the plan starts.
    public var startTime: Double

    public init(
        devices: [Device] = [.iPhone16Pro], configurations: [String] = ["Test Scheme Action"], planRuns: [PlanRun],
        buildIssues: [String] = [], majorVersion: Int = 3, writesDatabase: Bool = true, startTime: Double = 786_000_000
    ) {
        self.devices = devices
        self.configurations = configurations
        self.planRuns = planRuns
        self.buildIssues = buildIssues
        self.majorVersion = majorVersion
        self.writesDatabase = writesDatabase
        self.startTime = startTime
    }
}

extension XCResultBundleSpec.Device {
    public static let iPhone16Pro = Self(name: "iPhone 16 Pro", osVersion: "18.2", identifier: "00008120-AAAA")
    public static let iPadAir = Self(name: "iPad Air 11-inch (M2)", osVersion: "18.2", identifier: "00008120-BBBB")
}
