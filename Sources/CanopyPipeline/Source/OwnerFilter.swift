import CanopyConfig
import CanopyModel
import CanopySource
import Foundation

/// `--owner @team` on `report` and `trend`: the tests a CODEOWNERS owner owns. A test is the
/// owner's when the owner owns the test's own file (its UI-test class) or the code declaring an
/// element one of its failures hit. Owners compare case-insensitively, as GitHub and GitLab
/// compare user and team names. The filter is applied to what history returns, before anything
/// is counted, so every number and list of the page is of the owner's tests alone.
struct OwnerFilter: Sendable {
    let owner: String
    private let catalog: SourceCatalog
    private let testFiles: [String: String]

    /// - Throws: `PipelineError.usage` without sources, or for an owner CODEOWNERS never names.
    init(owner: String, catalog: SourceCatalog?) throws {
        guard let catalog else {
            throw PipelineError.usage(
                "--owner \(owner) needs the app's sources and CODEOWNERS: give --source DIR")
        }
        guard let codeOwners = catalog.codeOwners else {
            throw PipelineError.usage("--owner \(owner): \(catalog.root) has no CODEOWNERS file")
        }
        let named = codeOwners.sections.flatMap { section in section.defaultOwners + section.rules.flatMap(\.owners) }
        guard named.contains(where: { $0.caseInsensitiveCompare(owner) == .orderedSame }) else {
            var seen = Set<String>()
            let known = named.filter { seen.insert($0.lowercased()).inserted }
            throw PipelineError.usage(
                "--owner \(owner): no rule of \(codeOwners.path) names that owner; it names "
                    + known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", …" : ""))
        }
        self.owner = owner
        self.catalog = catalog
        testFiles = DashboardBuilder.testFiles(catalog.index)
    }

    /// Whether `name` is this owner (owners compare case-insensitively).
    func names(_ name: String) -> Bool { name.caseInsensitiveCompare(owner) == .orderedSame }

    private func names(_ owners: [String]) -> Bool { owners.contains { names($0) } }

    /// Whether the owner owns `testKey`'s file or an element `identifiers` names.
    func owns(test testKey: String, identifiers: [String]) -> Bool {
        if let file = testFiles[DashboardBuilder.className(of: testKey)], names(catalog.owners(of: file)) {
            return true
        }
        return identifiers.contains { identifier in
            names(catalog.owners(ofIdentifier: identifier))
        }
    }

    /// Whether a quarantine entry is the owner's: it names the owner, covers one of the owner's
    /// tests (`matched`: it excused one in the run; or its test's file is the owner's), or covers
    /// an element the owner declares.
    func owns(_ entry: QuarantineEntry, matched: Bool) -> Bool {
        if matched || entry.owner.map(names) == true { return true }
        if let test = entry.test { return owns(test: test, identifiers: []) }
        return owns(test: "", identifiers: entry.identifier.map { [$0] } ?? [])
    }

    /// The owner's test keys among `tests`, given the identifiers each one's failures hit.
    func ownedTests(_ tests: [String], failureIdentifiers: [String: [String]]) -> Set<String> {
        Set(tests.filter { owns(test: $0, identifiers: failureIdentifiers[$0] ?? []) })
    }

    /// The totals of a run holding only `rows` (tests, attempts, outcomes, duration); the run's
    /// screens, elements and audit issues are of the whole run and are kept.
    static func totals(of rows: [TestRunRow], whole: RunTotals) -> RunTotals {
        var totals = RunTotals()
        totals.elements = whole.elements
        totals.identifiedElements = whole.identifiedElements
        totals.auditIssues = whole.auditIssues
        totals.screens = whole.screens
        for row in rows { count(row, into: &totals) }
        totals.duration = (totals.duration * 1_000_000).rounded() / 1_000_000
        return totals
    }

    /// Counts one stored test of a run into `totals`: its test, attempts, duration and outcome.
    static func count(_ row: TestRunRow, into totals: inout RunTotals) {
        totals.tests += 1
        totals.attempts += row.attempts
        totals.duration += row.duration ?? 0
        switch row.outcome {
        case .passed: totals.passed += 1
        case .failed: totals.failed += 1
        case .skipped: totals.skipped += 1
        case .flaky: totals.passedOnRetry += 1
        case .expectedFailure: totals.expectedFailures += 1
        }
    }
}
