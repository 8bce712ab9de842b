/// A renderer of one output format: a pure function from a dashboard to text.
package protocol DashboardRenderer: Sendable {
    /// Renders the whole document.
    func render(_ dashboard: Dashboard) -> String
}
