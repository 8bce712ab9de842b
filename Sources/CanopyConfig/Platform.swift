#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The C library calls `ConfigFileEditor` makes: descriptors, advisory locks, file status. The
/// only file of the module that names a platform module. Each call returns its result, or -1 (or
/// false) with the failure's `errno` readable through `lastError`.
enum Platform {
    /// What `fstat`/`stat` say about a file, the fields an edit keeps or checks.
    struct FileStatus: Equatable {
        var device: UInt64
        var inode: UInt64
        /// The permission bits (`0o644`), set-id and sticky bits included, without the file type.
        var permissions: UInt32
        var owner: UInt32
        var group: UInt32
        var links: UInt64
        var size: Int64
        var isRegular: Bool
        var isDirectory: Bool

        /// Whether two statuses describe the same file (device and inode).
        func sameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
    }

    /// The `errno` of the last failed call on this thread.
    static var lastError: Int32 { errno }

    /// `strerror`: an `errno` in words.
    static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }

    static let noSuchFile: Int32 = ENOENT
    static let alreadyExists: Int32 = EEXIST
    static let interrupted: Int32 = EINTR
    static let wouldBlock: Int32 = EAGAIN

    /// Opens an existing file for reading (never following a FIFO's writer: non-blocking), closed
    /// on exec; with `createExclusively` it must not exist and is created with `permissions`
    /// (less the umask). The descriptor, or -1.
    static func openForReading(_ path: String, createExclusively: Bool = false, permissions: UInt32 = 0o644) -> Int32 {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if createExclusively { flags |= O_CREAT | O_EXCL }
        return open(path, flags, mode_t(permissions))
    }

    /// Creates `path` for writing, failing when it exists, with `permissions` (less the umask).
    static func createForWriting(_ path: String, permissions: UInt32) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(permissions))
    }

    /// Opens a directory, to `fsync` its entries. The descriptor, or -1.
    static func openDirectory(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// `flock(LOCK_EX | LOCK_NB)`: takes the exclusive advisory lock of the open file, which every
    /// other open of the same file (another process's or thread's) excludes; true when taken,
    /// false with `wouldBlock` when another holds it.
    static func tryLockExclusively(_ descriptor: Int32) -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    static func status(ofDescriptor descriptor: Int32) -> FileStatus? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// The status of what `path` names, following symbolic links; nil (with `lastError`) when
    /// nothing does.
    static func status(ofPath path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// Whether this process may write `path` by the kernel's rules (`access(W_OK)`).
    static func mayWrite(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// Reads the whole file from the descriptor's offset; nil (with `lastError`) on a failure.
    static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes every byte; false (with `lastError`) on a failure.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// `fsync`: the file's data and status on the disk; false (with `lastError`) on a failure.
    static func synchronize(_ descriptor: Int32) -> Bool {
        fsync(descriptor) == 0
    }

    /// `fchmod`: sets the permission bits.
    static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> Bool {
        fchmod(descriptor, mode_t(permissions)) == 0
    }

    /// `fchown`: sets the owner and group.
    static func setOwner(_ descriptor: Int32, owner: UInt32, group: UInt32) -> Bool {
        fchown(descriptor, uid_t(owner), gid_t(group)) == 0
    }

    /// `rename(2)`: gives `from` the name `to` in one step, replacing the file called `to`.
    static func renameFile(_ from: String, to: String) -> Bool {
        rename(from, to) == 0
    }

    /// `unlink(2)`: removes the name.
    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// Whether a process `pid` exists on this machine (`kill(pid, 0)`; one owned by another user
    /// counts).
    static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// This process's id.
    static var processID: Int32 { getpid() }
}

extension Platform.FileStatus {
    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        permissions = UInt32(info.st_mode) & 0o7777
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
        links = UInt64(info.st_nlink)
        size = Int64(info.st_size)
        isRegular = (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFREG)
        isDirectory = (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFDIR)
    }
}
