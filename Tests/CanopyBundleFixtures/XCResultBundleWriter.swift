import CZstd
import Foundation
import GRDB

/// Writes an `XCResultBundleSpec` as Xcode 16+ does (`docs/xcresult-bundles.md`, "What is read"): `Info.plist`,
/// `database.sqlite3` in the real schema (through GRDB) and zstd-compressed `Data/` payloads
/// (through libzstd).
public enum XCResultBundleWriter {
    /// Writes the bundle at `path` (a directory ending in `.xcresult`) and returns `path`.
    @discardableResult
    public static func write(_ spec: XCResultBundleSpec, to path: String) throws -> String {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: path + "/Data", withIntermediateDirectories: true)
        try infoPlist(major: spec.majorVersion).write(to: URL(fileURLWithPath: path + "/Info.plist"))
        guard spec.writesDatabase else { return path }
        // Xcode's `REFERENCES` name tables without a primary key (rows point at rowids), which
        // SQLite cannot enforce: foreign keys stay off, as in Xcode.
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path + "/database.sqlite3", configuration: configuration)
        var payloads: [(id: String, bytes: [UInt8])] = []
        try queue.write { db in
            for statement in XCResultBundleSchema.statements { try db.execute(sql: statement) }
            var writer = RowWriter(db: db, spec: spec)
            try writer.writeAll()
            payloads = writer.payloads
        }
        try queue.close()
        for payload in payloads {
            try Data(compress(payload.bytes)).write(to: URL(fileURLWithPath: path + "/Data/data.0~" + payload.id))
        }
        return path
    }

    /// Runs `sql` on the bundle's database: damages a generated bundle on purpose.
    public static func tamper(_ bundle: String, sql: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: bundle + "/database.sqlite3", configuration: configuration)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// Switches the bundle's database to WAL mode (as a database left by a writer that uses it).
    public static func useWAL(_ bundle: String) throws {
        let queue = try DatabaseQueue(path: bundle + "/database.sqlite3")
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
        try queue.close()
    }

    /// `Info.plist` as Xcode writes it: `version.major` 3, `storage.backend` `fileBacked2`.
    public static func infoPlist(major: Int) throws -> Data {
        let plist: [String: Any] = [
            "dateCreated": Date(timeIntervalSinceReferenceDate: 786_000_000),
            "externalLocations": [Any](),
            "rootId": ["hash": "0~fixture-root"],
            "storage": ["backend": "fileBacked2", "compression": "standard"],
            "version": ["major": major, "minor": 45],
        ]
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    }

    /// One zstd frame holding `bytes` (what Xcode writes to `Data/`).
    public static func compress(_ bytes: [UInt8], level: Int32 = 3) -> [UInt8] {
        let bound = ZSTD_compressBound(bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { input in
                ZSTD_compress(out.baseAddress, bound, input.baseAddress, bytes.count, level)
            }
        }
        precondition(ZSTD_isError(written) == 0, "zstd compression failed")
        return Array(output.prefix(written))
    }

    /// A 16×16 red PNG (a valid image, 79 bytes).
    public static let redPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x10,
        0x00, 0x00, 0x00, 0x10, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x91, 0x68, 0x36, 0x00, 0x00, 0x00, 0x16, 0x49,
        0x44, 0x41,
        0x54, 0x78, 0xDA, 0x63, 0xB8, 0xA3, 0xA1, 0x41, 0x12, 0x62, 0x18, 0xD5, 0x30, 0xAA, 0x61, 0xF8, 0x6A, 0x00,
        0x00, 0x32,
        0x04, 0x2C, 0x10, 0x84, 0x24, 0x3F, 0xDA, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60,
        0x82,
    ]

    /// A 16×16 green PNG (a valid image, 79 bytes).
    public static let greenPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x10,
        0x00, 0x00, 0x00, 0x10, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x91, 0x68, 0x36, 0x00, 0x00, 0x00, 0x16, 0x49,
        0x44, 0x41,
        0x54, 0x78, 0xDA, 0x63, 0xD0, 0x58, 0x60, 0x43, 0x12, 0x62, 0x18, 0xD5, 0x30, 0xAA, 0x61, 0xF8, 0x6A, 0x00,
        0x00, 0x26,
        0x62, 0x04, 0x10, 0x55, 0x6D, 0x20, 0x08, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60,
        0x82,
    ]
}

/// Inserts the rows of one spec, keeping the rowids that later rows point at.
private struct RowWriter {
    let db: Database
    let spec: XCResultBundleSpec
    var payloads: [(id: String, bytes: [UInt8])] = []
    private var payloadCounter = 0
    /// Rows already written, so the runs of a merged bundle share their suites and test cases.
    private var suites: [String: Int64] = [:]
    private var cases: [String: Int64] = [:]

    init(db: Database, spec: XCResultBundleSpec) {
        self.db = db
        self.spec = spec
    }

    private func insert(_ sql: String, _ arguments: StatementArguments = []) throws -> Int64 {
        try db.execute(sql: sql, arguments: arguments)
        return db.lastInsertedRowID
    }

    mutating func writeAll() throws {
        let invocation = try insert(
            "INSERT INTO Invocations (uniqueIdentifier, scheme, timestamp, workspacePath) VALUES ('fixture', 'App', ?, '/Users/ci/App')",
            [spec.startTime])
        let plan = try insert("INSERT INTO TestPlans (name) VALUES ('AppTestPlan')")
        let platform = try insert(
            "INSERT INTO Platforms (identifier, userDescription) VALUES ('com.apple.platform.iphonesimulator', 'iOS Simulator')"
        )
        var destinations: [Int64] = []
        for device in spec.devices {
            let deviceRow = try insert(
                "INSERT INTO Devices (identifier, name, modelName, operatingSystemVersion, operatingSystemVersionWithBuildNumber, platform_fk) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    device.identifier, device.name, device.modelName, device.osVersion, device.osVersion + " (22C150)",
                    platform,
                ])
            destinations.append(
                try insert(
                    "INSERT INTO RunDestinations (device_fk, architecture, name) VALUES (?, 'arm64', ?)",
                    [deviceRow, device.name]))
        }
        var configurations: [Int64] = []
        for name in spec.configurations {
            configurations.append(
                try insert("INSERT INTO TestPlanConfigurations (name, testPlan_fk) VALUES (?, ?)", [name, plan]))
        }
        var testables: [String: Int64] = [:]
        if spec.planRuns.isEmpty || !spec.buildIssues.isEmpty {
            let action = try insert(
                "INSERT INTO Actions (invocation_fk, name, started, finished, orderInInvocation, testPlan_fk, runDestination_fk) VALUES (?, 'Build', ?, ?, 0, ?, ?)",
                [invocation, spec.startTime, spec.startTime + 30, plan, destinations.first])
            for (order, message) in spec.buildIssues.enumerated() {
                _ = try insert(
                    "INSERT INTO BuildIssues (severity, action_fk, orderInAction, message, issueType, producingTarget) VALUES (2, ?, ?, ?, 'Swift Compiler Error', 'App')",
                    [action, order, message])
            }
        }
        var clock = spec.startTime
        for (runOrder, planRun) in spec.planRuns.enumerated() {
            let action = try insert(
                "INSERT INTO Actions (invocation_fk, name, started, finished, orderInInvocation, testPlan_fk, runDestination_fk) VALUES (?, 'Test', ?, ?, ?, ?, ?)",
                [invocation, clock, clock + 600, runOrder, plan, destinations[planRun.device]])
            let planRunRow = try insert(
                "INSERT INTO TestPlanRuns (orderInAction, testPlan_fk, configuration_fk, action_fk) VALUES (0, ?, ?, ?)",
                [plan, configurations[planRun.configuration], action])
            for (testableOrder, testable) in planRun.testables.enumerated() {
                let testableRow: Int64
                if let known = testables[testable.name] {
                    testableRow = known
                } else {
                    testableRow = try insert(
                        "INSERT INTO Testables (name, testPlan_fk, testKind, orderInTestPlan, identifierURL) VALUES (?, ?, ?, ?, ?)",
                        [
                            testable.name, plan, testable.kind, testableOrder,
                            "test://com.apple.xcode/App/" + testable.name,
                        ])
                    testables[testable.name] = testableRow
                }
                let testableRun = try insert(
                    "INSERT INTO TestableRuns (testable_fk, testPlanRun_fk, orderInTestPlanRun) VALUES (?, ?, ?)",
                    [testableRow, planRunRow, testableOrder])
                for (order, suite) in testable.suites.enumerated() {
                    try writeSuite(
                        suite, testable: testableRow, testableRun: testableRun, parent: nil, order: order, clock: &clock
                    )
                }
            }
        }
    }

    private mutating func writeSuite(
        _ suite: XCResultBundleSpec.Suite, testable: Int64, testableRun: Int64, parent: (suite: Int64, run: Int64)?,
        order: Int, clock: inout Double
    ) throws {
        let suiteKey = "\(testable)/" + suite.identifier
        let suiteRow =
            try suites[suiteKey]
            ?? insert(
                "INSERT INTO TestSuites (orderInParent, identifierURL, testable_fk, name, parentSuite_fk, identifier) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    order, "test://com.apple.xcode/App/" + suite.identifier, testable, suite.name, parent?.suite,
                    suite.identifier,
                ])
        suites[suiteKey] = suiteRow
        let suiteRun = try insert(
            "INSERT INTO TestSuiteRuns (testableRun_fk, orderInParent, duration, parentSuiteRun_fk, testSuite_fk) VALUES (?, ?, ?, ?, ?)",
            [testableRun, order, 1.0, parent?.run, suiteRow])
        for (childOrder, child) in suite.suites.enumerated() {
            try writeSuite(
                child, testable: testable, testableRun: testableRun, parent: (suiteRow, suiteRun), order: childOrder,
                clock: &clock)
        }
        var runOrder = 0
        for (caseOrder, testCase) in suite.cases.enumerated() {
            let caseKey = "\(suiteRow)/" + testCase.identifier
            let caseRow =
                try cases[caseKey]
                ?? insert(
                    "INSERT INTO TestCases (name, identifier, testSuite_fk, orderInTestSuite, identifierURL) VALUES (?, ?, ?, ?, ?)",
                    [
                        testCase.name, testCase.identifier, suiteRow, caseOrder,
                        "test://com.apple.xcode/App/" + testCase.identifier,
                    ])
            cases[caseKey] = caseRow
            for run in testCase.runs {
                try writeRun(run, testCase: caseRow, suiteRun: suiteRun, order: runOrder, clock: &clock)
                runOrder += 1
            }
        }
    }

    private mutating func writeRun(
        _ run: XCResultBundleSpec.Run, testCase: Int64, suiteRun: Int64, order: Int, clock: inout Double
    ) throws {
        var policy: Int64?
        if run.repetitions > 1 {
            policy = try insert(
                "INSERT INTO RepetitionPolicies (repetitionModeString, totalRepetitions, repetition) VALUES (?, ?, ?)",
                [run.mode, run.repetitions, run.repetition])
        }
        var skip: Int64?
        if let reason = run.skipReason {
            skip = try insert(
                "INSERT INTO SkipNotices (fileName, lineNumber, message, timestamp) VALUES ('LoginTests.swift', 12, ?, ?)",
                [reason, clock])
        }
        let runRow = try insert(
            "INSERT INTO TestCaseRuns (testCase_fk, duration, orderInTestSuiteRun, skipNotice_fk, testSuiteRun_fk, result, repetitionPolicy_fk) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [testCase, run.duration, order, skip, suiteRun, run.result, policy])
        for (index, argument) in run.arguments.enumerated() {
            let value = try insert(
                "INSERT INTO TestValues (label, typeName, description, orderInParent, isCollection, debugDescription) VALUES (NULL, 'Int', ?, 0, 0, ?)",
                [argument, argument])
            _ = try insert(
                "INSERT INTO Arguments (testValue_fk, testCaseRun_fk, orderInTestCaseRun) VALUES (?, ?, ?)",
                [value, runRow, index])
        }
        for (index, metric) in run.metrics.enumerated() {
            let text =
                metric.measurementsText ?? "[" + metric.measurements.map { "\($0)" }.joined(separator: ",") + "]"
            _ = try insert(
                "INSERT INTO PerformanceMetrics (maxPercentRegression, testCaseRun_fk, identifier, baselineAverage, polarity, displayName, unitOfMeasurement, maxRegression, orderInTestCase, maxPercentRelativeStandardDeviation, measurements, baselineName, maxStandardDeviation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    metric.maxPercentRegression, runRow, metric.identifier, metric.baselineAverage, metric.polarity,
                    metric.displayName, metric.unitOfMeasurement, metric.maxRegression, index,
                    metric.maxPercentRelativeStandardDeviation, text, metric.baselineName,
                    metric.maxStandardDeviation,
                ])
        }
        if let reason = run.expectedFailureReason {
            _ = try insert(
                "INSERT INTO ExpectedFailures (failureReason, isTopLevelFailure, uuid, testCaseRun_fk, orderInOwner) VALUES (?, 1, ?, ?, 0)",
                [reason, UUID().uuidString, runRow])
        }
        var firstIssue: Int64?
        for (index, issue) in run.issues.enumerated() {
            var context: Int64?
            if let file = issue.file {
                let location = try insert(
                    "INSERT INTO SourceCodeLocations (filePath, lineNumber) VALUES (?, ?)", [file, issue.line])
                context = try insert("INSERT INTO SourceCodeContexts (location_fk) VALUES (?)", [location])
                let symbol = try insert(
                    "INSERT INTO SourceCodeSymbolInfos (imageName, symbolName, location_fk) VALUES ('AppUITests', 'test', ?)",
                    [location])
                _ = try insert(
                    "INSERT INTO SourceCodeFrames (context_fk, orderInContainer, symbolInfo_fk, address) VALUES (?, 0, ?, '0x1000')",
                    [context, symbol])
            }
            let row = try insert(
                "INSERT INTO TestIssues (uuid, compactDescription, testCaseRun_fk, sourceCodeContext_fk, isTopLevel, orderInOwner, sanitizedDescription, detailedDescription, issueType, timestamp) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
                [
                    UUID().uuidString, issue.message, runRow, context, index, issue.message, issue.message, issue.type,
                    clock,
                ])
            if firstIssue == nil { firstIssue = row }
        }
        let start = clock
        for (index, activity) in run.activities.enumerated() {
            try writeActivity(activity, run: runRow, parent: nil, order: index, start: start, issue: firstIssue)
        }
        clock += max(run.duration, 0) + 1
    }

    private mutating func writeActivity(
        _ activity: XCResultBundleSpec.Activity, run: Int64, parent: Int64?, order: Int, start: Double, issue: Int64?
    ) throws {
        let row = try insert(
            "INSERT INTO Activities (testCaseRun_fk, startTime, uuid, orderInParent, failureIDs, finishTime, parent_fk, title, activityType) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                parent == nil ? run : nil, start + activity.offset, UUID().uuidString, order,
                activity.failed ? issue.map { "\($0)" } : nil,
                start + activity.offset + activity.duration, parent, activity.title,
                activity.failed
                    ? "com.apple.dt.xctest.activity-type.testAssertionFailure"
                    : "com.apple.dt.xctest.activity-type.userCreated",
            ])
        for attachment in activity.attachments {
            payloadCounter += 1
            let id = String(format: "%064x", payloadCounter)
            payloads.append((id, attachment.payload))
            _ = try insert(
                "INSERT INTO Attachments (testIssue_fk, xcResultKitPayloadRefId, name, lifetime, timestamp, uniformTypeIdentifier, activity_fk, uuid) VALUES (?, ?, ?, 'keepAlways', ?, ?, ?, ?)",
                [
                    attachment.failureAssociated ? issue : nil, attachment.payloadIdOverride ?? ("0~" + id),
                    attachment.name,
                    start + activity.offset, attachment.uniformTypeIdentifier, row, UUID().uuidString,
                ])
        }
        for (index, child) in activity.children.enumerated() {
            try writeActivity(child, run: run, parent: row, order: index, start: start, issue: issue)
        }
    }
}
