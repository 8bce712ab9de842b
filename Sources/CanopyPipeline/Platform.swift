#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The C library calls of this module that differ between platforms or that a Swift function of
/// the same name would shadow. The only file of the module that names a platform module; the
/// benchmarks read this process's resources through it too.
package enum Platform {
    /// Bounds the memory glibc's allocator keeps for the process after it is freed (other C
    /// libraries keep their own policy). Blocks of 128 KiB or more are mapped and unmapped on
    /// their own (glibc otherwise raises that size each time such a block is freed, up to 32 MiB,
    /// and the larger blocks then stay in the heap, unreturned, once freed); threads share at most
    /// `arenas` heaps (glibc's default is 8 a core, each keeping its own freed memory).
    package static func boundAllocatorMemory(arenas: Int32) {
        #if canImport(Glibc)
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            // `mallopt(3)`, looked up at run time: the C library module leaves out `<malloc.h>`.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            _ = mallopt(-3, 128 << 10)  // M_MMAP_THRESHOLD
            _ = mallopt(-8, arenas)  // M_ARENA_MAX
        #endif
    }

    /// `write(2)`: writes at most `count` bytes of `bytes` to `descriptor`; the number written, or
    /// -1 with `errno` set.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Musl.write(descriptor, bytes, count)
        #endif
    }

    /// `rename(2)`: gives `from` the name `to` in one step, replacing a file or symbolic link
    /// already called `to`; 0, or the `errno` of the failure.
    static func rename(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.rename(from, to) == 0 ? 0 : errno
        #elseif canImport(Glibc)
            Glibc.rename(from, to) == 0 ? 0 : errno
        #else
            Musl.rename(from, to) == 0 ? 0 : errno
        #endif
    }

    /// `link(2)`: a second name `to` for the file `from` (a hard link); 0, or the `errno`.
    static func hardLink(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.link(from, to) == 0 ? 0 : errno
        #elseif canImport(Glibc)
            Glibc.link(from, to) == 0 ? 0 : errno
        #else
            Musl.link(from, to) == 0 ? 0 : errno
        #endif
    }

    /// Exchanges the names `first` and `second` (files or directories, both existing) in one step:
    /// `renamex_np(RENAME_SWAP)` on Darwin, `renameat2(RENAME_EXCHANGE)` on Linux (looked up at
    /// run time: the C library's headers hide it from Swift). 0, or the `errno`: `ENOSYS` when
    /// the C library has no such call, `EINVAL` or `ENOTSUP` when the file system cannot.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        #if canImport(Darwin)
            return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #else
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            // RTLD_DEFAULT: the process's own C library.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return ENOSYS }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            // RENAME_EXCHANGE (linux/fs.h).
            let renameExchange: UInt32 = 2
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0 ? 0 : errno
        #endif
    }

    /// Whether `exchange` failed with `error` because the C library or the file system cannot
    /// exchange names at all (not because of the files named).
    static func cannotExchange(_ error: Int32) -> Bool {
        error == EINVAL || error == ENOTSUP || error == EOPNOTSUPP || error == ENOSYS
    }

    /// The `errno` of a file system that cannot exchange names (`EINVAL`).
    static let exchangeUnsupported: Int32 = EINVAL

    /// `strerror`: a failed call's `errno` in words.
    static func describe(_ error: Int32) -> String {
        String(cString: strerror(error))
    }

    /// Whether a process `pid` exists on this machine (`kill(pid, 0)`: one owned by another user
    /// counts).
    static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// This process's id.
    static var processID: Int32 { getpid() }

    /// Ends this process at once with SIGKILL, as an operator's `kill -9` would.
    static func killSelf() -> Never {
        _ = kill(getpid(), SIGKILL)
        // SIGKILL cannot be caught; this is never reached.
        abort()
    }

    /// `gethostname(2)`: this machine's (or container's) name; empty when it cannot be read.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The CPU time this process has used so far, user and system, over all its threads, in seconds.
    package static func cpuSeconds() -> Double {
        let usage = ownUsage()
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The most memory this process has held resident so far, in bytes.
    package static func peakResidentBytes() -> Int {
        #if canImport(Darwin)
            // Darwin counts bytes.
            Int(ownUsage().ru_maxrss)
        #else
            // Linux counts kibibytes.
            Int(ownUsage().ru_maxrss) * 1024
        #endif
    }

    /// `getrusage(RUSAGE_SELF)`: this process's resource use so far.
    private static func ownUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
            _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}
