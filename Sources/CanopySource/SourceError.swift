import Foundation

/// The one error of CanopySource: a file Canopy could not read or a CODEOWNERS line it could not
/// parse, with the path and line a user needs to fix it.
package enum SourceError: Error, Equatable, CustomStringConvertible {
    /// A file or directory that could not be read.
    case unreadable(path: String, reason: String)
    /// A CODEOWNERS line that is not a rule, a comment, a blank or (GitLab) a section header.
    case codeOwners(path: String, line: Int, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .codeOwners(let path, let line, let reason):
            "\(path):\(line): \(reason); see docs/source-index.md for the CODEOWNERS syntax Canopy reads"
        }
    }
}
