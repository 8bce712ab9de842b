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
