import CanopyRender

/// Dashboards shared by the suites (built once per test process).
enum Fixtures {
    /// 100,000 tests, 10,000 failures.
    static let large = DashboardSample.large()
}
