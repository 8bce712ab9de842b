import Foundation

/// Where the run came from and where the full dashboard lives. URLs are shown as links only
/// when their scheme is http or https.
package struct DashboardLinks: Sendable, Equatable, Codable {
    package var buildURL: String?
    package var commit: String?
    package var commitURL: String?
    package var branch: String?
    /// What the figures are compared with, e.g. `"main @ 1a2b3c4"`.
    package var baseline: String?
    /// The full HTML dashboard: a URL or a path (named in Markdown when sections were cut).
    package var dashboard: String?

    package init(
        buildURL: String? = nil, commit: String? = nil, commitURL: String? = nil, branch: String? = nil,
        baseline: String? = nil, dashboard: String? = nil
    ) {
        self.buildURL = buildURL
        self.commit = commit
        self.commitURL = commitURL
        self.branch = branch
        self.baseline = baseline
        self.dashboard = dashboard
    }

    /// `dashboard` when it is the page's http(s) URL (`CANOPY_DASHBOARD_URL`), not a path.
    package var dashboardURL: String? { dashboard.flatMap(SafeURL.http) }

    /// Where a reader of the summary sees a test's screenshots: the page opened at the test's
    /// attempts (`#test=<key>`, which the page's script opens) when its URL is known; else the CI
    /// build, whose artifacts hold the page; else nil.
    package func screenshots(of test: String) -> String? {
        if let page = dashboardURL {
            guard !page.contains("#"), let key = test.addingPercentEncoding(withAllowedCharacters: Self.fragmentSafe)
            else { return page }
            return page + "#test=" + key
        }
        return buildURL.flatMap(SafeURL.http)
    }

    /// What a test key keeps unencoded in the fragment (RFC 3986 unreserved characters).
    private static let fragmentSafe = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
