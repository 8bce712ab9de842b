import Foundation

/// A private copy of a SQLite store and the files beside it that hold its last commits (`-wal`,
/// `-journal`), in a new temporary directory: what a reader opens when the runs a `-wal` holds
/// cannot be read in place (SQLite reads a WAL only through its `-shm`, which it cannot create in
/// a directory that is not writable). The copy is read, never written back; `remove` deletes it.
struct SQLiteReadingCopy: Sendable {
    /// The temporary directory holding the copy.
    let directory: String
    /// The copy of the store file.
    let path: String

    /// Copies the store at `store` with its `-wal` and `-journal` (those that exist) into a new
    /// directory under the temporary directory. Throws what copying failed on, leaving nothing.
    init(of store: String) throws {
        directory = NSTemporaryDirectory() + "canopy-reading-" + UUID().uuidString
        path = directory + "/" + URL(fileURLWithPath: store).lastPathComponent
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try files.copyItem(atPath: store, toPath: path)
            for suffix in ["-wal", "-journal"] where files.fileExists(atPath: store + suffix) {
                try files.copyItem(atPath: store + suffix, toPath: path + suffix)
            }
        } catch {
            try? files.removeItem(atPath: directory)
            throw error
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
