import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

/// Each test's verdicts across the destinations (device, and test-plan configuration) of one run:
/// where it fails, passes, was retried, skipped or did not run, and one line saying so
/// (`fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others`).
///
/// Every verdict is per (test, destination) already (`TestVerdict`, keyed by `TestIdentity.key`);
/// this is their roll-up per `TestIdentity.testKey`, computed once with them (`RunVerdicts.judge`)
/// so the summary, the comment, the page and `insights.json` say the same. Empty unless the run
/// has from two to `maximumDestinations` destinations: a run on one device, or whose tests name
/// none, rolls nothing up.
package struct DestinationRollup: Sendable, Equatable {
    /// A test's verdict on one destination.
    package enum Status: String, Sendable, Equatable, CaseIterable {
        /// Failed, and not in the baseline (`TestVerdict.Kind.newFailure`).
        case newFailure = "new-failure"
        /// Failed, and failed in the baseline too.
        case stillFailing = "still-failing"
        /// Failed, left out of the gate: quarantined or known flaky failing as before.
        case excused
        /// Passed on a retry after failing.
        case passedOnRetry = "passed-on-retry"
        /// Passed, and history calls it flaky on this destination.
        case flaky
        case passed
        case skipped

        /// Whether the test failed there (every attempt).
        package var isFailure: Bool { self == .newFailure || self == .stillFailing || self == .excused }
    }

    /// A test's verdict on one destination of the run.
    package struct Cell: Sendable, Equatable {
        /// The destination's position in `DestinationRollup.destinations`.
        package var destination: Int
        /// The test's key there (`TestIdentity.key`): its verdict's `test`.
        package var key: String
        package var status: Status
        /// The commit the test's state there dates from (`TestVerdict.since`).
        package var since: String?
    }

    /// One test across the run's destinations.
    package struct Test: Sendable, Equatable {
        /// `TestIdentity.testKey`: the test without destination.
        package var test: String
        /// One per destination it ran on, by destination position; a destination without a cell
        /// did not run it, or (`suiteAbsent`) did not run its suite at all.
        package var cells: [Cell]
        /// Where it fails, passes, was retried, skipped or did not run, most telling first.
        package var line: String
        /// Whether it ran on every destination its suite ran on, with the same verdict on each.
        package var isUniform: Bool
        /// The destinations, by position, that ran no test of its suite (its class): there it is
        /// no difference, not a test that did not run.
        package var suiteAbsent: [Int] = []
    }

    /// Where a row of a run ran: its key split into the test and its destination.
    package struct Destination: Sendable, Equatable, Hashable {
        package var test: String
        package var device: String
        package var configuration: String?
    }

    /// The run's destinations as labels (`iPad Air (18.2)`, or `iPad Air (18.2) · German` when the
    /// run has several configurations), in natural order.
    package private(set) var destinations: [String] = []
    /// Every test that ran on a destination, in the run's order of first appearance.
    package private(set) var tests: [Test] = []
    /// The run's tests (rows), those that name no destination included.
    package private(set) var runTests = 0
    /// Positions in `tests` by each cell's key.
    private var positions: [String: Int] = [:]

    package init() {}

    package var isEmpty: Bool { tests.isEmpty }

    /// The roll-up of the test whose key (on one destination) is `key`.
    package subscript(key key: String) -> Test? { positions[key].map { tests[$0] } }

    /// The most destinations a line names in one group; the others are counted.
    static let namedLimit = 6
    /// The most destinations a run is rolled up across: a matrix row, and a line, cost one per
    /// destination for every test. A run on more (a device per test, from odd input) is listed per
    /// destination, as a run on one.
    package static let maximumDestinations = 64
}

extension DestinationRollup {
    /// Rolls up `verdicts`, one per row of `rows` in the same order; empty unless the rows name at
    /// least two destinations. Rows naming no device take no part.
    package static func rollUp(rows: [TestRunRow], verdicts: [TestVerdict]) -> DestinationRollup {
        precondition(rows.count == verdicts.count, "one verdict per row")
        guard hasSeveralDestinations(rows) else { return DestinationRollup() }
        var places: [Destination?] = []
        places.reserveCapacity(rows.count)
        var pairs: [Pair] = []
        var pairIndex: [Pair: Int] = [:]
        for row in rows {
            let place = split(row.testKey, device: row.device, configuration: row.configuration)
            places.append(place)
            guard let place else { continue }
            let pair = Pair(device: place.device, configuration: place.configuration)
            if pairIndex[pair] == nil {
                pairIndex[pair] = pairs.count
                pairs.append(pair)
            }
        }
        guard pairs.count >= 2, pairs.count <= maximumDestinations else { return DestinationRollup() }
        let named = Set(pairs.map(\.configuration)).count > 1
        let labels = pairs.map { $0.label(namingConfiguration: named) }
        let order = labels.indices.sorted { Self.precedes(labels[$0], labels[$1]) }
        var column = [Int](repeating: 0, count: pairs.count)
        for (position, index) in order.enumerated() { column[index] = position }

        var rollup = DestinationRollup()
        rollup.destinations = order.map { labels[$0] }
        rollup.runTests = rows.count
        var testIndex: [String: Int] = [:]
        for (index, place) in places.enumerated() {
            guard let place, let pair = pairIndex[Pair(device: place.device, configuration: place.configuration)]
            else { continue }
            let verdict = verdicts[index]
            let cell = Cell(
                destination: column[pair], key: verdict.test, status: status(of: verdict), since: verdict.since)
            if let at = testIndex[place.test] {
                guard !rollup.tests[at].cells.contains(where: { $0.destination == cell.destination }) else { continue }
                rollup.tests[at].cells.append(cell)
            } else {
                testIndex[place.test] = rollup.tests.count
                rollup.tests.append(Test(test: place.test, cells: [cell], line: "", isUniform: false))
            }
            rollup.positions[verdict.test] = testIndex[place.test]
        }
        let count = rollup.destinations.count
        // A test "did not run" only where its class ran: a suite run on one device alone (the
        // player's tests beside a checkout suite on two) did not miss the others.
        var classes: [String: Set<Int>] = [:]
        for test in rollup.tests {
            classes[Self.className(of: test.test), default: []].formUnion(test.cells.map(\.destination))
        }
        for index in rollup.tests.indices {
            rollup.tests[index].cells.sort { $0.destination < $1.destination }
            let cells = rollup.tests[index].cells
            let classRanOn = classes[Self.className(of: rollup.tests[index].test)] ?? []
            rollup.tests[index].suiteAbsent = (0..<count).filter { !classRanOn.contains($0) }
            rollup.tests[index].isUniform =
                cells.count == classRanOn.count && cells.allSatisfy { $0.status == cells[0].status }
            rollup.tests[index].line = line(cells, destinations: rollup.destinations, classRanOn: classRanOn)
        }
        return rollup
    }

    /// Whether the rows may name two destinations or more: two devices, or one device and a key
    /// that does not end with it (a configuration). Checked before any key is split, so a run on
    /// one device or none costs a pass over its rows.
    static func hasSeveralDestinations(_ rows: [TestRunRow]) -> Bool {
        var first: String?
        for row in rows {
            guard let device = row.device, !device.isEmpty else { continue }
            guard let seen = first else {
                first = device
                continue
            }
            if device != seen { return true }
        }
        guard let device = first else { return false }
        let marker = Array(("@" + device).utf8)
        return rows.contains { row in
            guard row.device == device else { return false }
            return !row.testKey.utf8.reversed().starts(with: marker.reversed())
        }
    }

    /// The test and destination of a row's key (`Class/name(args)@device#configuration`) when the
    /// row names a device (`TestKey.init(stored:device:configuration:)`).
    package static func split(_ key: String, device: String?, configuration: String? = nil) -> Destination? {
        guard let device, !device.isEmpty else { return nil }
        let parsed = TestKey(stored: key, device: device, configuration: configuration)
        guard let named = parsed.device else { return nil }
        return Destination(test: parsed.test, device: named, configuration: parsed.configuration)
    }

    /// A verdict as a destination's status.
    static func status(of verdict: TestVerdict) -> Status {
        switch verdict.kind {
        case .newFailure: .newFailure
        case .stillFailing: .stillFailing
        case .excused: .excused
        case .passedOnRetry: .passedOnRetry
        // The matrix has no cell of its own for an expected failure: it did not fail there.
        case .passed, .expectedFailure: verdict.state == .flaky ? .flaky : .passed
        case .skipped: .skipped
        }
    }

    /// The class of a test key (`Class/name…`): what comes before its first `/`.
    static func className(of test: String) -> String {
        TestKey(stored: test, device: nil, configuration: nil).className
    }

    /// Label order: numbers within labels by value (`iPhone 9` before `iPhone 16`), then by text.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        switch lhs.compare(rhs, options: [.numeric]) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: lhs < rhs
        }
    }

    /// The test's destinations grouped by outcome, the most telling first (failing, passed on a
    /// retry, flaky, skipped, did not run, passed), worded by `DestinationLineWords`:
    /// `fails on A, B; passes on 2 others`.
    static func line(_ cells: [Cell], destinations: [String], classRanOn: Set<Int>? = nil) -> String {
        typealias Group = DestinationLineWords.Group
        var groups: [Group] = []
        let failing = cells.filter(\.status.isFailure)
        if !failing.isEmpty {
            let since = Set(failing.map(\.since)).count == 1 ? failing[0].since : nil
            groups.append(Group(.fails(since: since), failing.map { destinations[$0.destination] }))
        }
        for (status, outcome) in [
            (Status.passedOnRetry, Group.Outcome.passedOnRetry), (.flaky, .flaky), (.skipped, .skipped),
        ] {
            let names = cells.filter { $0.status == status }.map { destinations[$0.destination] }
            if !names.isEmpty { groups.append(Group(outcome, names)) }
        }
        let ran = Set(cells.map(\.destination))
        let absent = destinations.indices.filter { !ran.contains($0) && classRanOn?.contains($0) != false }
            .map { destinations[$0] }
        if !absent.isEmpty { groups.append(Group(.didNotRun, absent)) }
        let passed = cells.filter { $0.status == .passed }.map { destinations[$0.destination] }
        if !passed.isEmpty { groups.append(Group(.passes, passed)) }
        return DestinationLineWords.line(
            groups, destinations: destinations.count, suiteRanOn: classRanOn?.count, namedLimit: namedLimit)
    }

    /// A device and configuration as the run names them.
    private struct Pair: Hashable {
        var device: String
        var configuration: String?

        func label(namingConfiguration: Bool) -> String {
            guard namingConfiguration, let configuration else { return device }
            return device + " · " + configuration
        }
    }
}
