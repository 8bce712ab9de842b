import CanopyModel
import Foundation
import GRDB

/// The small tables of a result database, by rowid: what places a `TestCaseRuns` row (its
/// bundle, suites, test case, device and configuration). Every reference is checked: a row that
/// points at a missing row is a damaged database, named with both rows.
struct XCResultBundleCatalog {
    struct PlanRun {
        var order: Int
        var device: XCResultDevice?
        var configuration: String?
    }

    struct SuiteRun {
        var suite: Int64?
        var testableRun: Int64?
        var parent: Int64?
    }

    struct Suite {
        var name: String
        var parent: Int64?
        var testable: Int64?
    }

    struct TestCaseRow {
        var name: String
        var identifier: String?
        var suite: Int64?
    }

    var planRuns: [Int64: PlanRun] = [:]
    /// TestableRuns: the testable and the plan run.
    var testableRuns: [Int64: (testable: Int64, planRun: Int64)] = [:]
    var testables: [Int64: String] = [:]
    var suiteRuns: [Int64: SuiteRun] = [:]
    var suites: [Int64: Suite] = [:]
    var testCases: [Int64: TestCaseRow] = [:]
    /// RepetitionPolicies: mode and this repetition's number.
    var repetitions: [Int64: (mode: String?, repetition: Int?)] = [:]
    var skipNotices: [Int64: String] = [:]
    /// The earliest start and latest finish of the plan runs' actions, each within `InputRange`'s window.
    var startedAt: Date?
    var finishedAt: Date?
    /// A start or finish (seconds since 2001) outside the window, ignored: the first one seen.
    var unusableStart: Double?
    var unusableFinish: Double?

    /// Whether the plan ran on more than one device / with more than one configuration: then the
    /// device / configuration is part of each test's identity, as in xcresulttool's JSON.
    var splitsDevices: Bool { Set(planRuns.values.compactMap { $0.device?.displayName }).count > 1 }
    var splitsConfigurations: Bool { Set(planRuns.values.compactMap(\.configuration)).count > 1 }

    init(_ db: Database, bundle: String) throws {
        var devices: [Int64: XCResultDevice] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT rowid, name, modelName, operatingSystemVersion, identifier FROM Devices")
        {
            let name: String? =
                try row.decode(String?.self, forColumn: "name") ?? row.decode(String?.self, forColumn: "modelName")
            devices[try row.decode(forColumn: "rowid")] = XCResultDevice(
                id: try row.decode(forColumn: "identifier"), name: name ?? "",
                osVersion: try row.decode(forColumn: "operatingSystemVersion"))
        }
        var destinations: [Int64: XCResultDevice] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT rowid, device_fk, name FROM RunDestinations") {
            let id: Int64 = try row.decode(forColumn: "rowid")
            if let device: Int64 = try row.decode(forColumn: "device_fk") {
                destinations[id] = try Self.lookup(
                    devices, device, table: "Devices", from: "RunDestinations", row: id, bundle: bundle)
            } else if let name: String = try row.decode(forColumn: "name") {
                destinations[id] = XCResultDevice(name: name)
            }
        }
        var configurations: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT rowid, name FROM TestPlanConfigurations") {
            configurations[try row.decode(forColumn: "rowid")] = try row.decode(forColumn: "name") ?? ""
        }
        var actions: [Int64: (destination: Int64?, started: Double?, finished: Double?)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT rowid, runDestination_fk, started, finished FROM Actions") {
            actions[try row.decode(forColumn: "rowid")] = (
                try row.decode(forColumn: "runDestination_fk"), try row.decode(forColumn: "started"),
                try row.decode(forColumn: "finished")
            )
        }
        var order = 0
        for row in try Row.fetchAll(
            db,
            sql: "SELECT rowid, configuration_fk, action_fk FROM TestPlanRuns ORDER BY action_fk, orderInAction, rowid")
        {
            let id: Int64 = try row.decode(forColumn: "rowid")
            let action = try Self.lookup(
                actions, try row.decode(forColumn: "action_fk"), table: "Actions", from: "TestPlanRuns", row: id,
                bundle: bundle)
            var device: XCResultDevice?
            if let destination = action.destination {
                device = try Self.lookup(
                    destinations, destination, table: "RunDestinations", from: "Actions",
                    row: try row.decode(forColumn: "action_fk"), bundle: bundle)
            }
            let configuration = try Self.lookup(
                configurations, try row.decode(forColumn: "configuration_fk"), table: "TestPlanConfigurations",
                from: "TestPlanRuns", row: id, bundle: bundle)
            planRuns[id] = PlanRun(order: order, device: device, configuration: configuration)
            order += 1
            if let started = action.started {
                if let date = InputRange.date(seconds: started, since: Self.referenceDate) {
                    startedAt = min(startedAt ?? date, date)
                } else if unusableStart == nil {
                    unusableStart = started
                }
            }
            if let finished = action.finished {
                if let date = InputRange.date(seconds: finished, since: Self.referenceDate) {
                    finishedAt = max(finishedAt ?? date, date)
                } else if unusableFinish == nil {
                    unusableFinish = finished
                }
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid, name FROM Testables") {
            testables[try row.decode(forColumn: "rowid")] = try row.decode(forColumn: "name") ?? ""
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid, testable_fk, testPlanRun_fk FROM TestableRuns") {
            let id: Int64 = try row.decode(forColumn: "rowid")
            let testable: Int64? = try row.decode(forColumn: "testable_fk")
            let planRun: Int64? = try row.decode(forColumn: "testPlanRun_fk")
            _ = try Self.lookup(testables, testable, table: "Testables", from: "TestableRuns", row: id, bundle: bundle)
            _ = try Self.lookup(planRuns, planRun, table: "TestPlanRuns", from: "TestableRuns", row: id, bundle: bundle)
            if let testable, let planRun { testableRuns[id] = (testable, planRun) }
        }
        // The tables with a row per suite or test case are read in cursors, their columns by their
        // place in the select list.
        let suiteRows = try Row.fetchCursor(db, sql: "SELECT rowid, name, parentSuite_fk, testable_fk FROM TestSuites")
        while let row = try suiteRows.next() {
            suites[try row.decode(Int64.self, atIndex: 0)] = Suite(
                name: try row.decode(String?.self, atIndex: 1) ?? "", parent: try row.decode(atIndex: 2),
                testable: try row.decode(atIndex: 3))
        }
        let suiteRunRows = try Row.fetchCursor(
            db, sql: "SELECT rowid, testSuite_fk, testableRun_fk, parentSuiteRun_fk FROM TestSuiteRuns")
        while let row = try suiteRunRows.next() {
            suiteRuns[try row.decode(Int64.self, atIndex: 0)] = SuiteRun(
                suite: try row.decode(atIndex: 1), testableRun: try row.decode(atIndex: 2),
                parent: try row.decode(atIndex: 3))
        }
        let caseCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM TestCases") ?? 0
        testCases.reserveCapacity(caseCount)
        let caseRows = try Row.fetchCursor(db, sql: "SELECT rowid, name, identifier, testSuite_fk FROM TestCases")
        while let row = try caseRows.next() {
            testCases[try row.decode(Int64.self, atIndex: 0)] = TestCaseRow(
                name: try row.decode(String?.self, atIndex: 1) ?? "", identifier: try row.decode(atIndex: 2),
                suite: try row.decode(atIndex: 3))
        }
        if try db.tableExists("RepetitionPolicies") {
            for row in try Row.fetchAll(
                db, sql: "SELECT rowid, repetitionModeString, repetition FROM RepetitionPolicies")
            {
                repetitions[try row.decode(forColumn: "rowid")] = (
                    try row.decode(forColumn: "repetitionModeString"), try row.decode(forColumn: "repetition")
                )
            }
        }
        if try db.tableExists("SkipNotices") {
            for row in try Row.fetchAll(db, sql: "SELECT rowid, message FROM SkipNotices") {
                skipNotices[try row.decode(forColumn: "rowid")] = try row.decode(forColumn: "message") ?? ""
            }
        }
    }

    /// The instant the database's times count from: 2001-01-01T00:00:00Z.
    static let referenceDate = Date(timeIntervalSinceReferenceDate: 0)

    /// The row `id` of `table`, or an error naming the row that points at it.
    static func lookup<Value>(
        _ rows: [Int64: Value], _ id: Int64?, table: String, from: String, row: Int64, bundle: String
    ) throws(ParserError) -> Value {
        guard let id, let value = rows[id] else {
            throw .invalidBundle(
                path: bundle,
                message:
                    "database.sqlite3 is damaged: \(from) row \(row) points at \(table) row \(id.map { "\($0)" } ?? "NULL"), which does not exist; "
                    + "copy the bundle again from the Mac, or run `xcrun xcresulttool get test-results summary` on it there"
            )
        }
        return value
    }
}
