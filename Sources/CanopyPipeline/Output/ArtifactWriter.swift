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
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data =
                bytes.baseAddress.map {
                    Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: bytes.count, deallocator: .none)
                } ?? Data()
            try data.write(to: url, options: .atomic)
        } catch {
            throw PipelineError.output(
                path: path,
                reason: problem(writingInto: url.deletingLastPathComponent().path)?.text ?? error.localizedDescription)
        }
    }

    /// Why files cannot be written into `directory`, when the file system says (its words, with
    /// the fix, are `OutputProblem.text`): Foundation's own message ("The operation could not be
    /// completed") says neither.
    static func problem(writingInto directory: String) -> OutputProblem? {
        var path = (directory as NSString).standardizingPath
        while !path.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return .notADirectory(path: path) }
                if access(path, W_OK) != 0 { return .notWritable(path: path, reason: String(cString: strerror(errno))) }
                return nil
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path { break }
            path = parent
        }
        return nil
    }

    /// Makes the directory `path` will be written into and checks that it is writable, so that a
    /// command that stores a run finds a bad `--out` before it stores anything.
    static func prepareDirectory(for path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.output(
                path: directory, reason: problem(writingInto: directory)?.text ?? error.localizedDescription)
        }
        guard access(directory, W_OK) == 0 else {
            throw PipelineError.output(
                path: directory,
                reason:
                    "the directory is not writable (\(String(cString: strerror(errno)))); give --out a directory you can write to"
            )
        }
    }

    /// `prepareDirectory` for each of `files`, and checks that none of them is a directory (a
    /// write replaces a file by renaming onto it, which a directory of that name stops). Called
    /// before a run is stored, so a run is never stored without the files that report it.
    static func prepare(files: [String]) throws {
        for file in files {
            try prepareDirectory(for: file)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                throw PipelineError.output(
                    path: file, reason: "it is a directory, where Canopy writes a file; remove it or give another --out"
                )
            }
        }
    }

    /// The size of the file at `path` in bytes, 0 when there is none.
    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Appends to a file, creating it when missing as the shell's `>>` does (`$GITHUB_STEP_SUMMARY`:
    /// GitHub makes it, a local simulation of the variable may not).
    static func append(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PipelineError.output(
                path: path,
                reason: "cannot open it for appending (GITHUB_STEP_SUMMARY): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw PipelineError.output(path: path, reason: error.localizedDescription)
        }
    }
}

/// Why a directory cannot be written into (`ArtifactWriter.problem(writingInto:)`).
enum OutputProblem: Sendable, Equatable {
    /// `path`, on the way to the directory, is a file.
    case notADirectory(path: String)
    /// `path` is not writable, for the file system's `reason`.
    case notWritable(path: String, reason: String)
}
