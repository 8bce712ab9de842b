#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The C library calls of CanopySource: how the source walk examines paths (`lstat`, `stat`,
/// `realpath`, `opendir`) with the `errno` of a failure, which Foundation's file APIs do not
/// keep apart (a missing file and a refused one both read as "no such file"). The only file of the
/// module that names a platform module.
enum Platform {
    /// What `lstat(2)` (or `stat(2)` when `follow`) says of `path`: its kind and size, or the
    /// `errno` of the failure.
    static func status(_ path: String, follow: Bool) -> Result<(kind: SourceItemKind, size: Int), PlatformError> {
        var info = stat()
        let result = follow ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return .failure(PlatformError(code: errno)) }
        let type = Int(info.st_mode) & Int(S_IFMT)
        let kind: SourceItemKind =
            type == Int(S_IFDIR)
            ? .directory : type == Int(S_IFREG) ? .file : type == Int(S_IFLNK) ? .symbolicLink : .other
        return .success((kind, Int(info.st_size)))
    }

    /// `realpath(3)`: `path` absolute, every symbolic link resolved; or the `errno` (`ELOOP` for a
    /// loop, `ENOENT` for a link to nothing).
    static func resolve(_ path: String) -> Result<String, PlatformError> {
        guard let resolved = realpath(path, nil) else { return .failure(PlatformError(code: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// The names in the directory at `path` (`opendir(3)`, `readdir(3)`), without `.` and `..`;
    /// or the `errno` of the failure.
    static func names(in path: String) -> Result<[String], PlatformError> {
        guard let directory = opendir(path) else { return .failure(PlatformError(code: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// The bytes of the file at `path` (`open(2)`, `read(2)`); or the `errno` of the failure.
    static func contents(of path: String) -> Result<[UInt8], PlatformError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(PlatformError(code: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(PlatformError(code: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// `ENOENT`: nothing at the path.
    static let noSuchFile = ENOENT
    /// `ELOOP`: a loop of symbolic links.
    static let linkLoop = ELOOP
}

/// A failed C library call's `errno`, in words for a warning.
struct PlatformError: Error, Equatable {
    var code: Int32

    var reason: String {
        #if canImport(Darwin)
            String(cString: Darwin.strerror(code))
        #elseif canImport(Glibc)
            String(cString: Glibc.strerror(code))
        #else
            String(cString: Musl.strerror(code))
        #endif
    }
}
