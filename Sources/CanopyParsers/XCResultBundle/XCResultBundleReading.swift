import CanopyModel
import Foundation
import GRDB

/// One read of a result database: the catalog, then `TestCaseRuns` in a cursor, each row an
/// attempt placed by its suite run, test case, plan run and arguments.
struct XCResultBundleReading {
    let db: Database
    let bundle: String
    var attachments = AttachmentScope.failing
    /// Whether attempts get their steps and attachments (`Activities`, `Attachments`); a reader
    /// that needs only outcomes and failures (`canopy inspect --summary`) reads without them.
    var readsSteps = true

    /// A test run placed in its plan run, before folding: attempts of one test are ordered by
    /// plan run, then repetition, then row.
    private struct Pending {
        var order: (planRun: Int, repetition: Int, row: Int64)
        var identity: TestIdentity
        var attempt: Attempt
    }

    /// Where a suite run sits: its testable (the bundle), the suite names from the outermost,
    /// and its plan run.
    private struct Placement {
        var bundle: String
        var suites: [String]
        var planRun: XCResultBundleCatalog.PlanRun
    }

    func read() throws -> ParsedInput {
        let catalog = try XCResultBundleCatalog(db, bundle: bundle)
        let runCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM TestCaseRuns") ?? 0
        if runCount == 0, let failure = try buildFailure() { throw failure }
        let issues = try self.issues()
        let arguments = try self.arguments()
        let expected = try expectedFailures()
        let performance = try XCResultBundleMetrics(db, bundle: bundle)
        var diagnostics = performance.diagnostics
        var unknownResults: Set<String> = []
        /// `TestCaseRuns` rows whose duration is outside `InputRange.duration` (the first few).
        var badDurations: [String] = []
        var badDurationCount = 0
        var placements: [Int64: Placement] = [:]
        var identities: [TestCaseKey: TestIdentity] = [:]
        identities.reserveCapacity(catalog.testCases.count)
        var pending: [Pending] = []
        pending.reserveCapacity(runCount)
        // The test runs whose steps and attachments are read (the failing ones; with
        // `AttachmentScope.all` also those that attached files): their positions in `pending`.
        var detailed: [Int64: Int] = [:]
        let attaching = readsSteps && attachments == .all ? try XCResultBundleActivities.runsWithAttachments(db) : []
        let origin = SourceLocation(file: bundle)
        let (splitsDevices, splitsConfigurations) = (catalog.splitsDevices, catalog.splitsConfigurations)
        let sql =
            "SELECT rowid, testCase_fk, testSuiteRun_fk, duration, result, skipNotice_fk, repetitionPolicy_fk FROM TestCaseRuns ORDER BY rowid"
        // A cursor: rows are read one at a time, never all held as rows. Columns are read by their
        // place in the select list above.
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            let id: Int64 = try row.decode(atIndex: 0)
            let testCaseID: Int64? = try row.decode(atIndex: 1)
            let suiteRun: Int64? = try row.decode(atIndex: 2)
            let placement: Placement
            if let suiteRun, let known = placements[suiteRun] {
                placement = known
            } else {
                placement = try place(suiteRun: suiteRun, from: id, catalog: catalog)
                if let suiteRun { placements[suiteRun] = placement }
            }
            var identity: TestIdentity
            if let testCaseID, let suiteRun,
                let known = identities[TestCaseKey(suiteRun: suiteRun, testCase: testCaseID)]
            {
                identity = known
            } else {
                let testCase = try XCResultBundleCatalog.lookup(
                    catalog.testCases, testCaseID, table: "TestCases", from: "TestCaseRuns", row: id, bundle: bundle)
                var context = XCResultNodeContext()
                context.bundle = placement.bundle
                context.suites = placement.suites
                identity = XCResultNodeWalker.identity(
                    name: testCase.name, nodeIdentifier: testCase.identifier, context: context)
                if splitsDevices { identity.device = placement.planRun.device?.displayName }
                if splitsConfigurations { identity.configuration = placement.planRun.configuration }
                if let testCaseID, let suiteRun {
                    identities[TestCaseKey(suiteRun: suiteRun, testCase: testCaseID)] = identity
                }
            }
            if let values = arguments[id], !values.isEmpty { identity.arguments = values.joined(separator: ", ") }

            let result: String? = try row.decode(atIndex: 4)
            let failures = issues[id] ?? []
            var outcome: Outcome
            switch result {
            case "Success": outcome = .passed
            case "Failure": outcome = .failed
            case "Skipped": outcome = .skipped
            case "Expected Failure": outcome = .expectedFailure
            default:
                outcome = failures.isEmpty ? .passed : .failed
                if unknownResults.insert(result ?? "NULL").inserted {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "TestCaseRuns row \(id): unknown result \"\(result ?? "NULL")\", read as \(outcome.rawValue)",
                            file: bundle + "/database.sqlite3"))
                }
            }
            var repetition = 1
            var label: String?
            if let policyID: Int64 = try row.decode(atIndex: 6) {
                let policy = try XCResultBundleCatalog.lookup(
                    catalog.repetitions, policyID, table: "RepetitionPolicies", from: "TestCaseRuns", row: id,
                    bundle: bundle)
                repetition = policy.repetition ?? 1
                label = Self.label(mode: policy.mode, repetition: repetition)
            }
            let storedDuration: Double? = try row.decode(atIndex: 3)
            let duration = storedDuration.flatMap(InputRange.duration)
            if let storedDuration, duration == nil {
                badDurationCount += 1
                if badDurations.count < 3 { badDurations.append("row \(id): \(storedDuration)") }
            }
            var attempt = Attempt(outcome: outcome, duration: duration, label: label, origin: origin)
            attempt.metrics = performance.metrics[id]
            switch outcome {
            case .failed, .error: attempt.failures = failures
            case .skipped:
                if let notice: Int64 = try row.decode(atIndex: 5) {
                    let message = try XCResultBundleCatalog.lookup(
                        catalog.skipNotices, notice, table: "SkipNotices", from: "TestCaseRuns", row: id, bundle: bundle
                    )
                    attempt.skipReason = XCResultFailureText.skipReason(message)
                }
            case .expectedFailure: attempt.skipReason = expected[id] ?? failures.first?.message
            case .passed: break
            }
            if readsSteps, outcome.isFailure || attaching.contains(id) { detailed[id] = pending.count }
            pending.append(
                Pending(order: (placement.planRun.order, repetition, id), identity: identity, attempt: attempt))
        }
        if badDurationCount > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "TestCaseRuns: \(badDurationCount) duration(s) outside 0 to 30 days treated as unknown (\(badDurations.joined(separator: ", ")))",
                    file: bundle + "/database.sqlite3"))
        }
        for (column, value) in [("started", catalog.unusableStart), ("finished", catalog.unusableFinish)] {
            guard let value else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, "Actions.\(column): \(value) s since 2001 is not a time from 2000 to 2100; ignored",
                    file: bundle + "/database.sqlite3"))
        }
        // The step logs of those attempts, and what they attached.
        let activities = try XCResultBundleActivities(
            db, bundle: bundle, runs: Set(detailed.keys), attachments: attachments != .none)
        diagnostics += activities.unreadable.diagnostics(bundle: bundle)
        for (run, index) in detailed {
            if let steps = activities.steps[run], !steps.isEmpty { pending[index].attempt.steps = steps }
            if let attachments = activities.attachments[run] { pending[index].attempt.attachments = attachments }
        }
        pending.sort {
            ($0.order.planRun, $0.order.repetition, $0.order.row) < (
                $1.order.planRun, $1.order.repetition, $1.order.row
            )
        }
        var folder = TestFolder(capacity: pending.count)
        for entry in pending { folder.add(TestCase(identity: entry.identity, attempts: [entry.attempt])) }

        var metadata = RunMetadata()
        let devices = Set(catalog.planRuns.values.compactMap(\.device?.displayName))
        if devices.count == 1, let device = catalog.planRuns.values.compactMap(\.device).first {
            metadata.device = device.name
            metadata.osVersion = device.osVersion
        }
        metadata.startedAt = catalog.startedAt
        metadata.finishedAt = catalog.finishedAt
        let bytes =
            (try? FileManager.default.attributesOfItem(atPath: bundle + "/database.sqlite3")[.size] as? Int) ?? 0
        let file = InputFile(path: bundle, format: .xcresultBundle, producer: nil, bytes: bytes)
        let configurations = Set(catalog.planRuns.values.compactMap(\.configuration))
        return ParsedInput(
            file: file, tests: folder.tests, metadata: metadata, diagnostics: diagnostics,
            configuration: configurations.count == 1 ? configurations.first : nil)
    }

    /// "First Run", "Retry 1" for retries on failure (as Xcode 26 names repetitions), "Repetition
    /// N" for the other repetition modes.
    static func label(mode: String?, repetition: Int) -> String {
        if mode == nil || mode == "RunRetryOnFailure" {
            return repetition <= 1 ? XCResultNodeWalker.RepetitionName.firstRun.rawValue : "Retry \(repetition - 1)"
        }
        return "Repetition \(repetition)"
    }

    /// A test case as placed by one suite run: the key of the identities already built.
    private struct TestCaseKey: Hashable {
        var suiteRun: Int64
        var testCase: Int64
    }

    /// The bundle, suites and plan run of a suite run, following its parents.
    private func place(suiteRun: Int64?, from row: Int64, catalog: XCResultBundleCatalog) throws -> Placement {
        var current = try XCResultBundleCatalog.lookup(
            catalog.suiteRuns, suiteRun, table: "TestSuiteRuns", from: "TestCaseRuns", row: row, bundle: bundle)
        var currentID = suiteRun ?? 0
        var names: [String] = []
        var depth = 0
        while true {
            let suite = try XCResultBundleCatalog.lookup(
                catalog.suites, current.suite, table: "TestSuites", from: "TestSuiteRuns", row: currentID,
                bundle: bundle)
            names.append(suite.name)
            if current.testableRun != nil { break }
            guard let parent = current.parent, depth < 64 else { break }
            current = try XCResultBundleCatalog.lookup(
                catalog.suiteRuns, parent, table: "TestSuiteRuns", from: "TestSuiteRuns", row: currentID, bundle: bundle
            )
            currentID = parent
            depth += 1
        }
        let testableRun = try XCResultBundleCatalog.lookup(
            catalog.testableRuns, current.testableRun, table: "TestableRuns", from: "TestSuiteRuns", row: currentID,
            bundle: bundle)
        let testable = try XCResultBundleCatalog.lookup(
            catalog.testables, testableRun.testable, table: "Testables", from: "TestableRuns",
            row: current.testableRun ?? 0, bundle: bundle)
        let planRun = try XCResultBundleCatalog.lookup(
            catalog.planRuns, testableRun.planRun, table: "TestPlanRuns", from: "TestableRuns",
            row: current.testableRun ?? 0, bundle: bundle)
        return Placement(bundle: testable, suites: names.reversed(), planRun: planRun)
    }

    /// The failures of each test run: message, issue type and source location, in order.
    private func issues() throws -> [Int64: [Failure]] {
        let sql = """
            SELECT i.testCaseRun_fk AS run, i.compactDescription AS message, i.detailedDescription AS detail, i.issueType AS type,
                   l.filePath AS file, l.lineNumber AS line
            FROM TestIssues i
            LEFT JOIN SourceCodeContexts c ON c.rowid = i.sourceCodeContext_fk
            LEFT JOIN SourceCodeLocations l ON l.rowid = COALESCE(c.location_fk, (
                SELECT s.location_fk FROM SourceCodeFrames f JOIN SourceCodeSymbolInfos s ON s.rowid = f.symbolInfo_fk
                WHERE f.context_fk = c.rowid AND s.location_fk IS NOT NULL ORDER BY f.orderInContainer LIMIT 1))
            WHERE i.testCaseRun_fk IS NOT NULL
            ORDER BY i.testCaseRun_fk, i.orderInOwner, i.rowid
            """
        var issues: [Int64: [Failure]] = [:]
        // Columns by their place in the select list: run, message, detail, type, file, line.
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            let message: String =
                (try row.decode(String?.self, atIndex: 1) ?? row.decode(String?.self, atIndex: 2)) ?? ""
            var location: SourceLocation?
            if let file: String = try row.decode(atIndex: 4), !file.isEmpty {
                location = SourceLocation(file: file, line: try row.decode(atIndex: 5))
            }
            let failure = Failure(
                message: message.truncatedUTF8(to: XCResultFailureText.messageLimit), type: try row.decode(atIndex: 3),
                location: location)
            issues[try row.decode(Int64.self, atIndex: 0), default: []].append(failure)
        }
        return issues
    }

    /// The argument values of each parameterised test run, in order.
    private func arguments() throws -> [Int64: [String]] {
        guard try db.tableExists("Arguments"), try db.tableExists("TestValues") else { return [:] }
        let sql = """
            SELECT a.testCaseRun_fk AS run, COALESCE(v.description, v.debugDescription, a.identifier, '') AS value
            FROM Arguments a LEFT JOIN TestValues v ON v.rowid = a.testValue_fk
            ORDER BY a.testCaseRun_fk, a.orderInTestCaseRun, a.rowid
            """
        var arguments: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: sql) {
            guard let run: Int64 = try row.decode(forColumn: "run") else { continue }
            arguments[run, default: []].append(try row.decode(forColumn: "value"))
        }
        return arguments
    }

    /// The reason of each expected failure, by test run.
    private func expectedFailures() throws -> [Int64: String] {
        guard try db.tableExists("ExpectedFailures") else { return [:] }
        var reasons: [Int64: String] = [:]
        let sql =
            "SELECT testCaseRun_fk AS run, failureReason AS reason FROM ExpectedFailures WHERE testCaseRun_fk IS NOT NULL ORDER BY orderInOwner DESC"
        for row in try Row.fetchAll(db, sql: sql) {
            if let reason: String = try row.decode(forColumn: "reason") {
                reasons[try row.decode(forColumn: "run")] = reason
            }
        }
        return reasons
    }

    /// The error for a bundle whose build failed: no test ran, and these build issues say why.
    private func buildFailure() throws -> ParserError? {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM BuildIssues") ?? 0
        guard total > 0 else { return nil }
        let messages = try String.fetchAll(
            db,
            sql:
                "SELECT COALESCE(message, issueType, '') FROM BuildIssues ORDER BY COALESCE(severity, 0) DESC, action_fk, orderInAction LIMIT 3"
        )
        let more = total > messages.count ? " (and \(total - messages.count) more)" : ""
        return .invalidBundle(
            path: bundle,
            message: "the build failed, so no test ran (\(total) build issue\(total == 1 ? "" : "s")): "
                + messages.map { "\"\($0)\"" }.joined(separator: "; ") + more
                + ". Fix the build; this is not a run of 0 tests")
    }
}
