import Foundation

/// Writes output files atomically (temporary file, then rename), so a reader never sees half a
/// dashboard and a failed write leaves the previous file in place.
enum ArtifactWriter {
    static func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: path) }
    }

    /// Writes the bytes where they are (a large run's files are tens of MB: no copy into `Data`).
    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = bytes.baseAddress.map {
                Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: bytes.count, deallocator: .none)
            } ?? Data()
            try data.write(to: url, options: .atomic)
        } catch {
            throw PipelineError.output(path: path, reason: error.localizedDescription)
        }
    }

    /// Makes the directory `path` will be written into and checks that it is writable, so that a
    /// command that stores a run finds a bad `--out` before it stores anything.
    static func prepareDirectory(for path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.output(path: directory, reason: error.localizedDescription)
        }
        guard access(directory, W_OK) == 0 else {
            throw PipelineError.output(path: directory, reason: "the directory is not writable (\(String(cString: strerror(errno))))")
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
