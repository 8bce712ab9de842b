/// One test's runs on one commit, collapsed.
package enum CommitVerdict: String, Sendable, Equatable, Hashable, Codable {
    case pass
    case fail
    /// Passed and failed on the same commit (across runs or retries).
    case mixed
}
