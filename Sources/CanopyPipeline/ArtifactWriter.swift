import Foundation

/// Writes output files atomically (temporary file, then rename), so a reader never sees half a
/// dashboard and a failed write leaves the previous file in place.
enum ArtifactWriter {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw PipelineError.output(path: path, reason: error.localizedDescription)
        }
    }

    /// Appends to a file that must already exist (`$GITHUB_STEP_SUMMARY`).
    static func append(_ text: String, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw PipelineError.output(path: path, reason: "cannot open it for appending (GITHUB_STEP_SUMMARY)")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw PipelineError.output(path: path, reason: error.localizedDescription)
        }
    }
}
