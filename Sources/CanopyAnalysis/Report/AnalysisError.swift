/// Why an analysis configuration cannot be used. The pipeline maps it to exit code 2.
package enum AnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A regular expression in the configuration does not compile.
    case invalidPattern(keyPath: String, pattern: String, reason: String)
    /// A value is out of range.
    case invalidValue(keyPath: String, message: String)

    package var description: String {
        switch self {
        case .invalidPattern(let keyPath, let pattern, let reason):
            "at \(keyPath): the regular expression \(pattern) does not compile (\(reason)); fix or remove it"
        case .invalidValue(let keyPath, let message):
            "at \(keyPath): \(message)"
        }
    }
}
