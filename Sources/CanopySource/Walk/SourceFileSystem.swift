import Foundation

/// What a path of a source tree is.
package enum SourceItemKind: Sendable, Equatable {
    case directory
    case file
    case symbolicLink
    /// A socket, a device, a pipe: never indexed.
    case other
}

/// The file system as the source walk reads it: the machine's (``LocalSourceFileSystem``), or in
/// tests one that refuses chosen paths, since permission bits do not stop the superuser the tests
/// run as.
package protocol SourceFileSystem: Sendable {
    /// What is at `path` and its size in bytes, not following a final symbolic link; nil when
    /// nothing is there.
    ///
    /// - Throws: ``SourceFileSystemError`` when the path cannot be examined (a directory on the way
    ///   refuses search permission).
    func item(at path: String) throws(SourceFileSystemError) -> (kind: SourceItemKind, size: Int)?

    /// The names in the directory at `path`, without `.` and `..`, in no particular order.
    func names(in path: String) throws(SourceFileSystemError) -> [String]

    /// `path` absolute with every symbolic link resolved.
    ///
    /// - Throws: ``SourceFileSystemError`` for a loop of links or a link to nothing.
    func resolve(_ path: String) throws(SourceFileSystemError) -> String

    /// The bytes of the file at `path`.
    func contents(of path: String) throws(SourceFileSystemError) -> Data
}

/// Why a path could not be read, in the system's words (`Permission denied`).
package struct SourceFileSystemError: Error, Equatable, Sendable {
    package var reason: String
    /// The path is a symbolic link that leads back to itself.
    package var isLinkLoop: Bool

    package init(reason: String, isLinkLoop: Bool = false) {
        self.reason = reason
        self.isLinkLoop = isLinkLoop
    }
}
