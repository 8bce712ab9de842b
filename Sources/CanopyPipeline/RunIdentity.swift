import CanopyModel
import Crypto
import Foundation

/// Gives a run its stable key, so a retried upload of the same run is stored once.
///
/// On CI the key is `provider:build[:job][#attempt]:` and the first 12 hex digits of the inputs'
/// content hash — a re-run attempt of a job is a new run, a retried upload of the same attempt is
/// not, and the legs of a matrix or the shards of a job (which share build, job and attempt) are
/// runs of their own: without the hash every leg after the first was reported "already stored"
/// and lost. Elsewhere it is `sha256:` of the inputs' contents, independent of their paths and order.
public enum RunIdentity {
    public static func key(ci: CIEnvironment, inputPaths: [String], explicit: String? = nil) throws -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        let hash = try contentHash(of: inputPaths)
        if let provider = ci.provider, let build = ci.metadata.buildID {
            var key = "\(provider):\(build)"
            if let job = ci.job { key += ":\(job)" }
            if let attempt = ci.metadata.attempt { key += "#\(attempt)" }
            return key + ":" + hash.prefix(12)
        }
        return "sha256:" + hash
    }

    /// SHA-256 over the sorted SHA-256 digests of each file's bytes, read in 1 MiB chunks.
    public static func contentHash(of paths: [String]) throws -> String {
        var digests: [String] = []
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw PipelineError.output(path: path, reason: "cannot read the file to hash it")
            }
            defer { try? handle.close() }
            var hasher = SHA256()
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
            digests.append(hex(hasher.finalize()))
        }
        var combined = SHA256()
        for digest in digests.sorted() { combined.update(data: Data(digest.utf8)) }
        return hex(combined.finalize())
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
