import Foundation

/// The machine's file system, through the C library (`Platform`), so that a refused path says so
/// instead of looking absent.
package struct LocalSourceFileSystem: SourceFileSystem {
    package init() {}

    package func item(at path: String) throws(SourceFileSystemError) -> (kind: SourceItemKind, size: Int)? {
        switch Platform.status(path, follow: false) {
        case .success(let item): return item
        case .failure(let error) where error.code == Platform.noSuchFile: return nil
        case .failure(let error): throw Self.error(error)
        }
    }

    package func names(in path: String) throws(SourceFileSystemError) -> [String] {
        try Platform.names(in: path).mapError(Self.error).get()
    }

    package func resolve(_ path: String) throws(SourceFileSystemError) -> String {
        try Platform.resolve(path).mapError(Self.error).get()
    }

    package func contents(of path: String) throws(SourceFileSystemError) -> Data {
        Data(try Platform.contents(of: path).mapError(Self.error).get())
    }

    private static func error(_ error: PlatformError) -> SourceFileSystemError {
        SourceFileSystemError(reason: error.reason, isLinkLoop: error.code == Platform.linkLoop)
    }
}
