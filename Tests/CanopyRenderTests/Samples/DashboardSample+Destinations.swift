import CanopyModel
import CanopyRender

extension DashboardSample {
    /// `large` as a run on `devices` destinations of `tests` tests each: the tests table holds
    /// every (test, destination), the matrix every test. About one test in twelve differs between
    /// destinations: failing on a few (`since` a commit), on all, retried on one, or absent on one.
    static func destinations(devices deviceCount: Int = 20, tests testCount: Int = 5_000) -> Dashboard {
        var dashboard = large(tests: deviceCount * testCount, failures: testCount / 10)
        let models = ["iPhone 16 Pro", "iPhone SE (3rd generation)", "iPad Air 13-inch (M2)", "iPad mini (A17 Pro)"]
        let devices: [String] = (0..<deviceCount).map { (position: Int) -> String in
            let os = "\(17 + position % 2).\(position / 4)"
            let configuration = position % 5 == 4 ? " · German" : ""
            return models[position % 4] + " (" + os + ")" + configuration
        }
        var tests: [DashboardDestinations.Test] = []
        tests.reserveCapacity(testCount)
        for index in 0..<testCount {
            var cells = (0..<deviceCount).map { DashboardDestinations.Cell(destination: $0, state: .passed) }
            var line = "passes on all \(deviceCount) destinations"
            if index % 25 == 0 {
                var failing: [String] = []
                for position in cells.indices where (position + index) % 7 == 0 {
                    cells[position] = .init(destination: position, state: .newFailure, since: "c\(index % 90 + 10)")
                    failing.append(devices[position])
                }
                line =
                    "fails on " + failing.joined(separator: ", ") + "; passes on \(deviceCount - failing.count) others"
            } else if index % 100 == 3 {
                cells = cells.map { .init(destination: $0.destination, state: .stillFailing, since: "c0003") }
                line = "broken since c0003 on all \(deviceCount) destinations"
            } else if index % 40 == 2 {
                cells[index % deviceCount].state = .passedOnRetry
                line = "passed on retry on \(devices[index % deviceCount]) only; passes on \(deviceCount - 1) others"
            } else if index % 50 == 11 {
                cells.removeLast()
                line = "did not run on \(devices[deviceCount - 1]) only; passes on \(deviceCount - 1) others"
            }
            tests.append(
                DashboardDestinations.Test(
                    test:
                        "LargeUITests.GeneratedTests\(index / 100)/testScenario\(index)WithAFairlyLongDescriptiveName",
                    line: line, cells: cells, isUniform: line.hasPrefix("passes on all")))
        }
        dashboard.destinations = DashboardDestinations(destinations: devices, tests: tests)
        return dashboard
    }
}
