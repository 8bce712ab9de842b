/// A test's state across runs.
package enum FlakinessState: Sendable, Equatable, Hashable, Codable {
    /// Passed on every commit in the window.
    case stable
    /// Mixed verdicts on a commit, or flips no single change point explains.
    case flaky
    /// Failing since `commit`: a trailing block of failures improbable under the earlier failure rate.
    case newlyBroken(since: String)
    /// Failed, and passes since `commit`.
    case fixed(at: String)
    /// Failed on every commit in the window, since `commit` (the window's first).
    case stillFailing(since: String)
    /// Failing at the end of the window since `commit`, but too few runs yet to tell broken from flaky.
    case unconfirmedFailure(since: String)

    /// A short name for tables and JSON (`newlyBroken`).
    package var name: String {
        switch self {
        case .stable: "stable"
        case .flaky: "flaky"
        case .newlyBroken: "newlyBroken"
        case .fixed: "fixed"
        case .stillFailing: "stillFailing"
        case .unconfirmedFailure: "unconfirmedFailure"
        }
    }

    /// The commit the state names, when it names one.
    package var commit: String? {
        switch self {
        case .stable, .flaky: nil
        case .newlyBroken(let commit), .fixed(let commit), .stillFailing(let commit), .unconfirmedFailure(let commit):
            commit
        }
    }
}
