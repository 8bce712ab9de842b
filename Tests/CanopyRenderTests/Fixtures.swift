import CanopyRender

/// Dashboards shared by the suites (built once per test process).
enum Fixtures {
    /// 100,000 tests, 10,000 failures.
    static let large = DashboardSample.large()
    /// 20 destinations × 5,000 tests: 100,000 test rows and the destination matrix.
    static let destinations = DashboardSample.destinations()
}
