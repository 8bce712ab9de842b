#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls of this module that differ between platforms or that a Swift function of
/// the same name would shadow. The only file of the module that names a platform module.
enum Platform {
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

    /// The CPU time this process has used so far, user and system, over all its threads, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The most memory this process has held resident so far, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
        // Darwin counts bytes.
        return Int(usage.ru_maxrss)
        #else
        // Linux counts kibibytes.
        return Int(usage.ru_maxrss) * 1024
        #endif
    }
}
