import CanopyModel
import CanopyParsers
import Crypto
import Foundation

/// Gives a run its stable key, so a retried upload of the same run is stored once.
///
/// On CI the key is `provider:build[:job][#attempt]:` and the first 12 hex digits of the inputs'
/// content hash — a re-run attempt of a job is a new run, a retried upload of the same attempt is
/// not, and the legs of a matrix or the shards of a job (which share build, job and attempt) are
/// runs of their own: without the hash every leg after the first was reported "already stored"
/// and lost. Elsewhere it is `sha256:` of the inputs' contents, independent of their paths and order.
package enum RunIdentity {
    /// `digests` holds SHA-256 digests already made of some of the files (`startHashing`); the
    /// others are hashed here.
    package static func key(
        ci: CIEnvironment, inputPaths: [String], explicit: String? = nil, digests: [String: String] = [:]
    ) throws -> String {
        if let explicit = given(explicit) { return explicit }
        let hash = try contentHash(of: inputPaths, digests: digests)
        if let provider = ci.provider, let build = ci.metadata.buildID {
            var key = "\(provider):\(build)"
            if let job = ci.job { key += ":\(job)" }
            if let attempt = ci.metadata.attempt { key += "#\(attempt)" }
            return key + ":" + hash.prefix(12)
        }
        return "sha256:" + hash
    }

    /// SHA-256 over the sorted SHA-256 digests of each file's bytes.
    package static func contentHash(of paths: [String], digests: [String: String] = [:]) throws -> String {
        var combined = SHA256()
        for digest in try paths.map({ try digests[$0] ?? fileDigest($0) }).sorted() {
            combined.update(data: Data(digest.utf8))
        }
        return hex(combined.finalize())
    }

    /// `--run-key` when given (not empty).
    private static func given(_ explicit: String?) -> String? { explicit.flatMap { $0.isEmpty ? nil : $0 } }

    /// The SHA-256 digests of `paths` for `key`, unless the key is given (then none): made while
    /// the files are parsed (`CommandContext.assembleReadable`), so they are ready when the run's key
    /// is made and the inputs are read once. A file that cannot be hashed here is left out, and
    /// hashed (or reported) when the key is made.
    static func digests(of paths: [String], unless explicit: String?) -> [String: String] {
        guard given(explicit) == nil else { return [:] }
        var digests: [String: String] = [:]
        for path in paths { digests[path] = try? fileDigest(path) }
        return digests
    }

    /// The SHA-256 of a file's bytes, read in 1 MiB chunks, in hex. An `.xcresult` bundle is
    /// its `database.sqlite3`, which holds the whole run.
    static func fileDigest(_ path: String) throws -> String {
        let path = XCResultBundleParser.isBundle(path) ? path + "/database.sqlite3" : path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PipelineError.output(path: path, reason: "cannot read the file to hash it")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hex(hasher.finalize())
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
