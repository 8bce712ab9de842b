import Foundation

/// SQLite URI filenames, for opening a database file without writing anything beside it.
package enum SQLiteFileURI {
    /// `file:/abs/path?immutable=1`: SQLite reads the file without locks, journal, `-wal` or `-shm`
    /// (and so without what a `-wal` file holds). Nil for a path that cannot be written as a URI.
    package static func immutable(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return absolute.addingPercentEncoding(withAllowedCharacters: allowed).map { "file:" + $0 + "?immutable=1" }
    }
}
