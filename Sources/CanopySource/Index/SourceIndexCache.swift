import Crypto
import Foundation

/// The source index's cache: one JSON file per indexed directory holding, for every file, its
/// content hash, its first-pass facts (a constant's initializer as source text) and its
/// second-pass result, so that ``SourceIndexer`` parses only what changed.
///
/// The file is private to Canopy, never a report: Foundation's Codable, no schema promise. It
/// records ``formatVersion``, the running Canopy's build (``canopyBuild``) and the indexed root;
/// a file that differs in any of them, or that is missing, truncated or not this shape, is
/// ignored (the tree is indexed in full and the file rewritten). Writing replaces the file
/// atomically (a temporary file renamed over it); a location that cannot be written leaves the
/// index uncached, without an error.
package enum SourceIndexCache {
    /// Bumped whenever the cached shape or the meaning of a cached result changes.
    static let formatVersion = 2

    /// One file's cached share of the index.
    struct Entry: Codable {
        /// Relative to the indexed directory.
        var path: String
        /// SHA-256 of the file's UTF-8 text, lowercase hex.
        var sha256: String
        var facts: SourceFacts
        var index: FileIndex
    }

    /// The cache file's content.
    struct Contents: Codable {
        var format: Int
        var canopy: String
        var root: String
        /// In path order.
        var files: [Entry]
    }

    /// The standard location for `root`'s cache: the user's caches directory (`~/.cache`, or
    /// `$XDG_CACHE_HOME`, on Linux; `~/Library/Caches` on macOS), then
    /// `canopy/source-index/<first 16 hex digits of SHA-256 of the root's absolute path>.json`;
    /// nil when the system names no caches directory.
    package static func standardFile(root: URL) -> URL? {
        guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else {
            return nil
        }
        let key = hash(canonicalPath(root)).prefix(16)
        return caches.appendingPathComponent("canopy/source-index/\(key).json")
    }

    /// The root as the cache records it: absolute, standardized, symbolic links resolved.
    static func canonicalPath(_ root: URL) -> String {
        root.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// SHA-256 of `text`'s UTF-8, lowercase hex.
    static func hash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The entries `file` holds for `root`; empty when it is missing, unreadable, not this shape,
    /// from another format or Canopy build, or for another root.
    static func read(_ file: URL, root: String) -> [Entry] {
        guard let data = try? Data(contentsOf: file),
            let contents = try? JSONDecoder().decode(Contents.self, from: data),
            let canopyBuild, contents.format == formatVersion, contents.canopy == canopyBuild, contents.root == root
        else { return [] }
        return contents.files
    }

    /// Replaces `file` with `entries` for `root`, creating its directory; any failure is ignored
    /// (the next run indexes in full).
    static func write(_ entries: [Entry], root: String, to file: URL) {
        guard let canopyBuild else { return }
        let contents = Contents(format: formatVersion, canopy: canopyBuild, root: root, files: entries)
        guard let data = try? JSONEncoder().encode(contents) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // `.atomic` writes a temporary file beside `file` and renames it over `file`.
        try? data.write(to: file, options: .atomic)
    }

    /// The running Canopy's build: the executable's size and modification time. A new release,
    /// and every rebuild (whose indexing rules may differ without a new version number), is a
    /// new build, so no Canopy reads a cache another build wrote. Nil (nothing cached) when the
    /// executable cannot be examined.
    static let canopyBuild: String? = {
        guard let path = Bundle.main.executablePath,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return "\(size)-\(modified.timeIntervalSince1970)"
    }()
}
