import CanopyRender

extension DashboardBuilder {
    /// The destination × test matrix of a run's roll-up (`RunVerdicts.destinations`); nil for a
    /// run on fewer than two destinations.
    static func destinations(_ rollup: DestinationRollup) -> DashboardDestinations? {
        guard !rollup.isEmpty else { return nil }
        return DashboardDestinations(
            destinations: rollup.destinations,
            tests: rollup.tests.map { test in
                DashboardDestinations.Test(
                    test: test.test, line: test.line,
                    cells: test.cells.map {
                        DashboardDestinations.Cell(
                            destination: $0.destination, state: state($0.status), since: $0.since)
                    }, isUniform: test.isUniform, suiteAbsent: test.suiteAbsent)
            }, runTests: rollup.runTests)
    }

    static func state(_ status: DestinationRollup.Status) -> DashboardDestinations.State {
        switch status {
        case .newFailure: .newFailure
        case .stillFailing: .stillFailing
        case .excused: .excused
        case .passedOnRetry: .passedOnRetry
        case .flaky: .flaky
        case .passed: .passed
        case .skipped: .skipped
        }
    }

    /// The matrix, and each failing test the lists name with its roll-up line: a run on several
    /// destinations names such a test once, saying where it fails.
    func markDestinations(_ dashboard: inout Dashboard) {
        let rollup = input.verdicts.destinations
        guard !rollup.isEmpty else { return }
        dashboard.destinations = Self.destinations(rollup)
        func line(_ key: String) -> DashboardDestinationLine? {
            rollup[key: key].map { test in
                DashboardDestinationLine(
                    test: test.test, line: test.line,
                    failing: test.cells.filter(\.status.isFailure).map {
                        DashboardDestinationLine.Failing(key: $0.key, destination: rollup.destinations[$0.destination])
                    })
            }
        }
        for index in dashboard.newFailures.indices {
            dashboard.newFailures[index].destinations = line(dashboard.newFailures[index].test)
        }
        for index in dashboard.stillFailing.indices {
            dashboard.stillFailing[index].destinations = line(dashboard.stillFailing[index].test)
        }
        for index in dashboard.excusedFailures.indices {
            dashboard.excusedFailures[index].destinations = line(dashboard.excusedFailures[index].test)
        }
    }
}
